import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBankDate, formatBankDateTime } from '@/shared/bank-time';
import { formatMoney, type Money } from '@/shared/money';
import { useErrorHandler } from '@/shared/ui';
import type { ErrorView } from '@/shared/api/error-catalogue';
import { saveFile, type FileFormat, type HistoryEntry } from './api';

export type Lang = 'en' | 'id';
export const langOf = (language: string): Lang => (language === 'en' ? 'en' : 'id');
export const money = (m: Money, lang: Lang) => formatMoney(m, lang);
export const formatDate = (iso: string, lang: Lang) =>
  formatBankDate(iso, lang, { day: 'numeric', month: 'short', year: 'numeric' });
export const formatMonth = (month: string, lang: Lang) =>
  formatBankDate(`${month}-01`, lang, { month: 'long', year: 'numeric' });

/** Search needs 3 characters (spec section 5). */
export const SEARCH_MIN = 3;
export const MAX_DAYS = 366;
const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** The period's message, if it is not one the server takes. */
export function periodProblem(from: string, to: string, t: (k: string) => string): string | undefined {
  if (from > to) return t('history.fromAfterTo');
  if (days(from, to) > MAX_DAYS) return t('history.moreThanYear');
  return undefined;
}

export function searchProblem(search: string, t: (k: string) => string): string | undefined {
  const s = search.trim();
  return s.length > 0 && s.length < SEARCH_MIN ? t('history.searchMin') : undefined;
}

/** One posted entry: what, when, its reference, its status when not plain success, and the amount. */
export function EntryRow({ entry, lang }: { entry: HistoryEntry; lang: Lang }) {
  const { t } = useTranslation('myaccount');
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

/** PDF and CSV of what the filters show; a refusal (nothing to download) opens the error dialog. */
export function DownloadButtons({
  fetchFile,
  disabled,
}: {
  fetchFile: (format: FileFormat) => Promise<{ blob: Blob; fileName: string }>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('myaccount');
  const errors = useErrorHandler();
  const [busy, setBusy] = useState<FileFormat | null>(null);
  const download = async (format: FileFormat) => {
    setBusy(format);
    try {
      saveFile(await fetchFile(format));
    } catch (err) {
      errors.showError(err);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {(['pdf', 'csv'] as const).map((f) => (
        <Button
          key={f}
          variant="outlined"
          size="small"
          disabled={disabled || busy !== null}
          onClick={() => void download(f)}
          data-testid={`download-${f}`}
        >
          {t(`history.download.${f}`)}
        </Button>
      ))}
    </Stack>
  );
}

/** The period's From and To dates of a history (its problem, if any, said under From). */
export function PeriodFields({
  from,
  to,
  max,
  onChange,
}: {
  from: string;
  to: string;
  /** The latest day to choose (today). */
  max: string;
  onChange: (period: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation('myaccount');
  const problem = periodProblem(from, to, t);
  const dateProps = { inputLabel: { shrink: true }, htmlInput: { max } };
  return (
    <>
      <TextField
        type="date"
        label={t('history.from')}
        value={from}
        onChange={(e) => onChange({ from: e.target.value, to })}
        error={!!problem}
        helperText={problem}
        slotProps={dateProps}
        sx={{ flex: 1 }}
      />
      <TextField
        type="date"
        label={t('history.to')}
        value={to}
        onChange={(e) => onChange({ from, to: e.target.value })}
        slotProps={dateProps}
        sx={{ flex: 1 }}
      />
    </>
  );
}

/** The search box and the debit/credit choice shared by every history. */
export function SearchAndDirection({
  search,
  direction,
  onSearch,
  onDirection,
  directionLabels,
}: {
  search: string;
  direction: string;
  onSearch: (v: string) => void;
  onDirection: (v: string) => void;
  directionLabels?: Array<[string, string]>;
}) {
  const { t } = useTranslation('myaccount');
  const problem = searchProblem(search, t);
  const options = directionLabels ?? [
    ['', t('history.direction.all')],
    ['debit', t('history.direction.debit')],
    ['credit', t('history.direction.credit')],
  ];
  return (
    <>
      <TextField
        label={t('history.search')}
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        error={!!problem}
        helperText={problem ?? t('history.searchHint')}
        slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'history-search' } }}
        sx={{ flex: 2, minWidth: 0 }}
      />
      <TextField
        select
        label={t('history.direction.label')}
        value={direction}
        onChange={(e) => onDirection(e.target.value)}
        sx={{ flex: 1, minWidth: 140 }}
        data-testid="history-direction"
      >
        {options.map(([value, label]) => (
          <MenuItem key={value || 'all'} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
    </>
  );
}

/** A filter panel: a form whose submit applies the draft. */
export function FilterPanel({ children, onSubmit }: { children: ReactNode; onSubmit: () => void }) {
  const { t } = useTranslation('myaccount');
  return (
    <Paper
      component="form"
      noValidate
      sx={{ p: { xs: 1.5, md: 2 }, mb: 2 }}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { md: 'flex-start' }, flexWrap: 'wrap' }}
        useFlexGap
      >
        {children}
        <Button
          type="submit"
          variant="contained"
          sx={{ alignSelf: { md: 'center' } }}
          data-testid="history-show"
        >
          {t('history.show')}
        </Button>
      </Stack>
    </Paper>
  );
}

/** An inline notice from the error catalogue (no transactions, no statement). */
export function InlineNotice({ view, testId }: { view: ErrorView; testId: string }) {
  return (
    <Alert severity="info" data-testid={testId}>
      <strong>{view.title}</strong> {view.message}
    </Alert>
  );
}

/**
 * E-statements of one account: the months the bank keeps, one PDF each. None: ESTAT 404, said in
 * place (the credit card words for a card).
 */
export function EstatementPanel({
  accountId,
  card,
  fetchMonths,
  fetchFile,
}: {
  accountId: number;
  card: boolean;
  fetchMonths: (accountId: number, signal: AbortSignal) => Promise<{ months: string[] }>;
  fetchFile: (accountId: number, month: string, lang: Lang) => Promise<{ blob: Blob; fileName: string }>;
}) {
  const { t, i18n } = useTranslation('myaccount');
  const lang = langOf(i18n.language);
  const errors = useErrorHandler();
  const [months, setMonths] = useState<string[]>();
  const [month, setMonth] = useState('');
  const [none, setNone] = useState<ErrorView>();
  const [busy, setBusy] = useState(false);
  const context = useMemo(() => ({ product: card ? ('creditCard' as const) : undefined }), [card]);

  useEffect(() => {
    const ctrl = new AbortController();
    setMonths(undefined);
    setNone(undefined);
    fetchMonths(accountId, ctrl.signal).then(
      (m) => {
        setMonths(m.months);
        setMonth(m.months[0] ?? '');
      },
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        setMonths([]);
        const view = errors.describe(err, context);
        if (view.kind === 'inline') setNone(view);
        else errors.showError(err, { context });
      },
    );
    return () => ctrl.abort();
  }, [accountId, context, errors, fetchMonths]);

  const download = async () => {
    setBusy(true);
    try {
      saveFile(await fetchFile(accountId, month, lang));
    } catch (err) {
      const view = errors.describe(err, context);
      if (view.kind === 'inline') setNone(view);
      else errors.showError(err, { context });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper sx={{ p: { xs: 1.5, md: 2 }, mt: 2 }} data-testid="estatement-panel">
      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t(card ? 'estatement.cardTitle' : 'estatement.title')}
      </Typography>
      {none ? (
        <InlineNotice view={none} testId="estatement-none" />
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            label={t('estatement.month')}
            value={month}
            onChange={(e) => setMonth(e.target.value)}
            sx={{ minWidth: 220 }}
            disabled={!months?.length}
            data-testid="estatement-month"
          >
            {(months ?? []).map((m) => (
              <MenuItem key={m} value={m}>
                {formatMonth(m, lang)}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={!month || busy}
            onClick={() => void download()}
            data-testid="estatement-download"
          >
            {t('estatement.download')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
