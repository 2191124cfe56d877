import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiFailure } from '@/shared/api/client';
import { bankDate, formatBankDateTime } from '@/shared/bank-time';
import { useErrorHandler } from '@/shared/ui';
import { dashboardApi, type CasaAccount, type HistoryEntry, type HistoryPage } from './api';
import { formatDate, money, type Lang } from './format';

/** The period shown when none is asked for: the last 30 days (the server's own default). */
const DEFAULT_DAYS = 30;
const MAX_DAYS = 366;

const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

function EntryRow({ entry, lang }: { entry: HistoryEntry; lang: Lang }) {
  const { t } = useTranslation('dashboard');
  const credit = entry.type === 'credit';
  return (
    <Box
      component="li"
      sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', listStyle: 'none' }}
      data-testid="history-entry"
      data-status={entry.status}
    >
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {(lang === 'en' ? entry.descriptionEng : entry.descriptionIdn) ?? entry.description}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatBankDateTime(entry.postedAt, lang)} ·{' '}
            {t('history.reference', { referenceNo: entry.referenceNo })}
          </Typography>
          {entry.status !== 'success' && (
            <Chip
              size="small"
              sx={{ mt: 0.5 }}
              color={entry.status === 'pending' ? 'info' : 'default'}
              label={t(`history.status.${entry.status}`)}
            />
          )}
        </Box>
        <Typography
          sx={{
            fontWeight: 700,
            whiteSpace: 'nowrap',
            color: credit ? 'success.dark' : 'text.primary',
            textDecoration: entry.status === 'failed' ? 'line-through' : undefined,
          }}
          aria-label={`${t(credit ? 'history.credit' : 'history.debit')} ${money(entry.amount, lang)}`}
        >
          {credit ? '+' : '−'}
          {money(entry.amount, lang)}
        </Typography>
      </Stack>
    </Box>
  );
}

/**
 * /myaccount/history/casa/?account=&from=&to=: what was posted to one of the customer's savings or
 * current accounts, newest first, a page at a time; a payment still in progress says so. The URL holds
 * the choice, so a receipt can link here and a reload keeps it.
 */
export function AccountHistoryPage() {
  const { t, i18n } = useTranslation(['dashboard', 'errors']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'id';
  const errors = useErrorHandler();
  const [params, setParams] = useSearchParams();
  const [accounts, setAccounts] = useState<CasaAccount[]>();
  const today = bankDate();
  const from = params.get('from') ?? bankDate(new Date(), -DEFAULT_DAYS);
  const to = params.get('to') ?? today;
  const accountId = Number(params.get('account')) || accounts?.[0]?.id;
  const [draft, setDraft] = useState({ from, to });
  useEffect(() => setDraft({ from, to }), [from, to]);
  const [pages, setPages] = useState<HistoryPage[]>();
  const [empty, setEmpty] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    dashboardApi.summary(ctrl.signal).then(
      (s) => setAccounts(s.accounts),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        setAccounts([]);
        errors.showError(err);
      },
    );
    return () => ctrl.abort();
  }, [errors]);

  // The first page whenever the account or the period changes.
  useEffect(() => {
    if (!accountId) return;
    const ctrl = new AbortController();
    setPages(undefined);
    setEmpty(false);
    dashboardApi.history({ accountId, from, to, page: 1 }, ctrl.signal).then(
      (p) => setPages([p]),
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        setPages([]);
        if (err instanceof ApiFailure && err.errorCode === '5071') setEmpty(true);
        else errors.showError(err);
      },
    );
    return () => ctrl.abort();
  }, [accountId, from, to, errors]);

  const choose = (next: Record<string, string>) =>
    setParams((p) => {
      const out = new URLSearchParams(p);
      for (const [k, v] of Object.entries(next)) out.set(k, v);
      return out;
    });
  const periodError =
    draft.from > draft.to
      ? t('history.fromAfterTo')
      : days(draft.from, draft.to) > MAX_DAYS
        ? t('history.moreThanYear')
        : undefined;

  const more = async () => {
    const last = pages?.at(-1);
    if (!last || !accountId) return;
    setBusy(true);
    try {
      const next = await dashboardApi.history({ accountId, from, to, page: last.page + 1 });
      setPages((list) => [...(list ?? []), next]);
    } catch (err) {
      errors.showError(err);
    } finally {
      setBusy(false);
    }
  };

  const entries = pages?.flatMap((p) => p.entries) ?? [];
  return (
    <Box sx={{ maxWidth: 800, mx: 'auto' }} data-testid="history-page">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('history.title')}
      </Typography>
      {accounts && accounts.length === 0 ? (
        <Alert severity="info" data-testid="history-no-accounts">
          {t('history.noAccounts')}
        </Alert>
      ) : (
        <>
          <Paper
            component="form"
            noValidate
            sx={{ p: { xs: 1.5, md: 2 }, mb: 2 }}
            onSubmit={(e) => {
              e.preventDefault();
              if (!periodError) choose(draft);
            }}
          >
            <Stack
              direction={{ xs: 'column', md: 'row' }}
              spacing={1.5}
              sx={{ alignItems: { md: 'flex-start' } }}
            >
              <TextField
                select
                label={t('history.account')}
                value={accountId ? String(accountId) : ''}
                onChange={(e) => choose({ account: e.target.value })}
                sx={{ flex: 2, minWidth: 0 }}
                data-testid="history-account"
              >
                {(accounts ?? []).map((a) => (
                  <MenuItem key={a.id} value={String(a.id)}>
                    {a.name} - {a.accountNo} ({a.currency})
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                type="date"
                label={t('history.from')}
                value={draft.from}
                onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
                error={!!periodError}
                helperText={periodError}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
                sx={{ flex: 1 }}
              />
              <TextField
                type="date"
                label={t('history.to')}
                value={draft.to}
                onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
                sx={{ flex: 1 }}
              />
              <Button type="submit" variant="contained" sx={{ alignSelf: { md: 'center' } }}>
                {t('history.show')}
              </Button>
            </Stack>
          </Paper>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="history-period">
            {t('history.period', { from: formatDate(from, lang), to: formatDate(to, lang) })}
          </Typography>
          {empty ? (
            <Alert severity="info" data-testid="history-empty">
              <strong>{t('errors:catalogue.noTransactions.title')}</strong>{' '}
              {t('errors:catalogue.noTransactions.message')}
            </Alert>
          ) : !pages ? (
            <Box sx={{ p: 4, textAlign: 'center' }}>
              <CircularProgress aria-label={t('loading')} />
            </Box>
          ) : (
            <Paper sx={{ px: { xs: 1.5, md: 2 } }}>
              <Box component="ul" sx={{ p: 0, m: 0 }}>
                {entries.map((e) => (
                  <EntryRow key={e.id} entry={e} lang={lang} />
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
