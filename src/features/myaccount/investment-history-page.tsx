import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiFailure } from '@/shared/api/client';
import type { ErrorView } from '@/shared/api/error-catalogue';
import { bankDate, formatBankDateTime } from '@/shared/bank-time';
import { formatDecimal } from '@/shared/decimal';
import type {
  InvestmentHistoryPage as Page,
  InvestmentHolding,
  InvestmentKind,
  InvestmentTx,
  InvestmentTxKind,
} from '@/shared/myaccount';
import { useErrorHandler } from '@/shared/ui';
import { myAccountApi } from './api';
import {
  DownloadButtons,
  FilterPanel,
  InlineNotice,
  PeriodFields,
  SearchAndDirection,
  formatDate,
  langOf,
  money,
  periodProblem,
  searchProblem,
  type Lang,
} from './history-parts';

const DEFAULT_DAYS = 180;
const KINDS: Record<InvestmentKind, InvestmentTxKind[]> = {
  mutual_fund: ['subscription', 'redemption', 'switch_in', 'switch_out'],
  bond: ['buy', 'sell', 'coupon'],
};

function HoldingCard({ h, kind, lang }: { h: InvestmentHolding; kind: InvestmentKind; lang: Lang }) {
  const { t } = useTranslation('myaccount');
  return (
    <Paper sx={{ p: 1.5, flex: '1 1 240px' }} data-testid="holding">
      <Typography sx={{ fontWeight: 700 }}>{h.name}</Typography>
      <Typography variant="body2" color="text.secondary">
        {h.code} · {t('investments.priceDate', { date: formatDate(h.priceDate, lang) })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {kind === 'mutual_fund'
          ? t('investments.unitsAtNav', {
              units: formatDecimal(h.units ?? '0', lang, 4),
              nav: formatDecimal(h.nav ?? '0', lang, 4),
            })
          : t('investments.faceAtPrice', {
              face: h.faceValue ? money(h.faceValue, lang) : '',
              price: formatDecimal(h.price ?? '0', lang, 2),
            })}
      </Typography>
      <Typography sx={{ fontWeight: 700, mt: 0.5 }}>{money(h.marketValue, lang)}</Typography>
      <Typography variant="body2" color="text.secondary">
        {t('investments.cost', { amount: money(h.cost, lang) })}
      </Typography>
    </Paper>
  );
}

function TxRow({ e, lang }: { e: InvestmentTx; lang: Lang }) {
  const { t } = useTranslation('myaccount');
  const detail =
    e.units !== null
      ? t('investments.txUnits', {
          units: formatDecimal(e.units, lang, 4),
          nav: formatDecimal(e.nav ?? '0', lang, 4),
        })
      : e.faceValue
        ? t('investments.txFace', {
            face: money(e.faceValue, lang),
            price: formatDecimal(e.price ?? '0', lang, 2),
          })
        : '';
  const incoming =
    e.kind === 'redemption' || e.kind === 'sell' || e.kind === 'coupon' || e.kind === 'switch_out';
  return (
    <Box
      component="li"
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
      data-testid="investment-tx"
      data-kind={e.kind}
    >
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {t(`investments.kind.${e.kind}`)} · {e.productName}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatBankDateTime(e.at, lang)} · {t('history.reference', { referenceNo: e.referenceNo })}
          </Typography>
          {detail && <Typography variant="body2">{detail}</Typography>}
          {e.status !== 'success' && (
            <Chip size="small" sx={{ mt: 0.5 }} label={t(`history.status.${e.status}`)} />
          )}
        </Box>
        <Typography
          sx={{ fontWeight: 700, whiteSpace: 'nowrap', color: incoming ? 'success.dark' : 'text.primary' }}
        >
          {incoming ? '+' : '−'}
          {money(e.amount, lang)}
        </Typography>
      </Stack>
    </Box>
  );
}

/**
 * /myaccount/history/investment-mf/ and /investment-bonds/: the holdings (units and NAV, or face value
 * and price, valued at the latest price) and every transaction of a period, narrowed by product, type
 * and a search, a page at a time, downloadable as PDF or CSV.
 */
export function InvestmentHistoryPage({ kind }: { kind: InvestmentKind }) {
  const { t, i18n } = useTranslation(['myaccount', 'errors']);
  const lang = langOf(i18n.language);
  const errors = useErrorHandler();
  const [params, setParams] = useSearchParams();
  const today = bankDate();
  const from = params.get('from') ?? bankDate(new Date(), -DEFAULT_DAYS);
  const to = params.get('to') ?? today;
  const product = params.get('product') ?? '';
  const txKind = (params.get('type') ?? '') as InvestmentTxKind | '';
  const search = params.get('q') ?? '';
  const [draft, setDraft] = useState({ from, to, search, txKind: txKind as string });
  useEffect(() => setDraft({ from, to, search, txKind }), [from, to, search, txKind]);
  const [pages, setPages] = useState<Page[]>();
  const [empty, setEmpty] = useState<ErrorView>();
  const [noProduct, setNoProduct] = useState(false);
  const [busy, setBusy] = useState(false);

  const query = useMemo(
    () => ({
      kind,
      from,
      to,
      productCode: product || undefined,
      txKind: txKind || undefined,
      search: search.trim().length >= 3 ? search.trim() : undefined,
    }),
    [kind, from, to, product, txKind, search],
  );

  useEffect(() => {
    const ctrl = new AbortController();
    setPages(undefined);
    setEmpty(undefined);
    myAccountApi.investmentHistory({ ...query, page: 1 }, ctrl.signal).then(
      (p) => setPages([p]),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        setPages([]);
        if (err instanceof ApiFailure && err.errorCode === '5071') setEmpty(errors.describe(err));
        else {
          setNoProduct(err instanceof ApiFailure && err.status === 404);
          errors.showError(err, { context: { product: 'investment' } });
        }
      },
    );
    return () => ctrl.abort();
  }, [query, errors]);

  const choose = (next: Record<string, string>) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      for (const [k, v] of Object.entries(next)) {
        if (v) out.set(k, v);
        else out.delete(k);
      }
      return out;
    });
  const periodError = periodProblem(draft.from, draft.to, t);
  const searchError = searchProblem(draft.search, t);
  const more = async () => {
    const last = pages?.at(-1);
    if (!last) return;
    setBusy(true);
    try {
      const next = await myAccountApi.investmentHistory({ ...query, page: last.page + 1 });
      setPages((list) => [...(list ?? []), next]);
    } catch (err) {
      errors.showError(err);
    } finally {
      setBusy(false);
    }
  };

  const first = pages?.[0];
  const holdings = first?.holdings ?? [];
  const entries = pages?.flatMap((p) => p.entries) ?? [];
  const title = kind === 'mutual_fund' ? 'history.title.mf' : 'history.title.bonds';
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }} data-testid="investment-history-page" data-kind={kind}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t(title)}
      </Typography>
      {noProduct ? (
        <InlineNotice
          view={{
            kind: 'inline',
            key: 'noInvestment',
            title: t('history.noAccounts.investment'),
            message: '',
          }}
          testId="history-no-accounts"
        />
      ) : (
        <>
          {holdings.length > 0 && (
            <Stack direction="row" useFlexGap spacing={1.5} sx={{ flexWrap: 'wrap', mb: 2 }}>
              {holdings.map((h) => (
                <HoldingCard key={h.code} h={h} kind={kind} lang={lang} />
              ))}
            </Stack>
          )}
          <FilterPanel
            onSubmit={() => {
              if (periodError || searchError) return;
              choose({ from: draft.from, to: draft.to, q: draft.search.trim(), type: draft.txKind });
            }}
          >
            <TextField
              select
              label={t('investments.product')}
              value={product}
              onChange={(e) => choose({ product: e.target.value })}
              sx={{ flex: 2, minWidth: { xs: 0, md: 260 } }}
              data-testid="investment-product"
            >
              <MenuItem value="">{t('investments.allProducts')}</MenuItem>
              {holdings.map((h) => (
                <MenuItem key={h.code} value={h.code}>
                  {h.name}
                </MenuItem>
              ))}
            </TextField>
            <PeriodFields
              from={draft.from}
              to={draft.to}
              max={today}
              onChange={(period) => setDraft((d) => ({ ...d, ...period }))}
            />
            <SearchAndDirection
              search={draft.search}
              direction={draft.txKind}
              onSearch={(v) => setDraft((d) => ({ ...d, search: v }))}
              onDirection={(v) => setDraft((d) => ({ ...d, txKind: v }))}
              directionLabels={[
                ['', t('investments.allTypes')],
                ...KINDS[kind].map((k): [string, string] => [k, t(`investments.kind.${k}`)]),
              ]}
            />
          </FilterPanel>
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
          >
            <Typography variant="body2" color="text.secondary" data-testid="history-period">
              {t('history.period', { from: formatDate(from, lang), to: formatDate(to, lang) })}
            </Typography>
            <DownloadButtons
              disabled={!!empty || entries.length === 0}
              fetchFile={(format) => myAccountApi.investmentFile({ ...query, format, lang })}
            />
          </Stack>
          {empty || (pages && entries.length === 0) ? (
            <InlineNotice
              view={
                empty ?? {
                  kind: 'inline',
                  key: 'noTransactions',
                  title: t('errors:catalogue.noTransactions.title'),
                  message: t('errors:catalogue.noTransactions.message'),
                }
              }
              testId="history-empty"
            />
          ) : !pages ? (
            <Box sx={{ p: 4, textAlign: 'center' }}>
              <CircularProgress aria-label={t('loading')} />
            </Box>
          ) : (
            <Paper sx={{ px: { xs: 1.5, md: 2 } }}>
              <Box component="ul" sx={{ p: 0, m: 0 }}>
                {entries.map((e) => (
                  <TxRow key={e.id} e={e} lang={lang} />
                ))}
              </Box>
              {pages.at(-1)?.hasMore && (
                <Box sx={{ py: 1.5, textAlign: 'center' }}>
                  <Button onClick={() => void more()} disabled={busy} data-testid="history-more">
                    {t('history.loadMore')}
                  </Button>
                </Box>
              )}
            </Paper>
          )}
        </>
      )}
    </Box>
  );
}
