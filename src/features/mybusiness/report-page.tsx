import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBankDate, formatBankDateTime } from '@/shared/bank-time';
import { useErrorHandler } from '@/shared/ui';
import { PageHeader } from '@/features/help/page-header';
import { businessApi, REPORT_MAX_DAYS, saveFile, type Merchant, type MerchantReport } from './api';

const POLL_MS = 1_500;
const DAY = 86_400_000;
const WIB = 7 * 3_600_000;

/** Today in Jakarta, and a day some days before it ('YYYY-MM-DD'). */
export const wibToday = (now = Date.now()) => new Date(now + WIB).toISOString().slice(0, 10);
const shift = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
const monthStart = (day: string) => `${day.slice(0, 7)}-01`;

/** The period's problems, as the server would say them, before asking it. */
export function periodProblems(
  from: string,
  to: string,
  today: string,
): { from?: 'order'; to?: 'future' | 'tooLong' } {
  if (!from || !to) return {};
  if (to > today) return { to: 'future' };
  if (from > to) return { from: 'order' };
  if ((Date.parse(to) - Date.parse(from)) / DAY + 1 > REPORT_MAX_DAYS) return { to: 'tooLong' };
  return {};
}

/** /mybusiness/merchant-report/: ask for a report of a period (CSV or PDF), watch it being prepared, download it. */
export function MerchantReportPage() {
  const { t, i18n } = useTranslation('business');
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const errors = useErrorHandler();
  const today = wibToday();
  const [merchants, setMerchants] = useState<Merchant[]>();
  const [reports, setReports] = useState<MerchantReport[]>([]);
  const [merchantId, setMerchantId] = useState('');
  const [from, setFrom] = useState(shift(today, -6));
  const [to, setTo] = useState(today);
  const [format, setFormat] = useState<'csv' | 'pdf'>('pdf');
  const [busy, setBusy] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const keyRef = useRef(crypto.randomUUID());

  useEffect(() => {
    const ctrl = new AbortController();
    Promise.all([businessApi.summary(ctrl.signal), businessApi.reports(ctrl.signal)]).then(
      ([s, r]) => {
        setMerchants(s.merchants);
        setMerchantId((cur) => cur || s.merchants[0]?.id || '');
        setReports(r.reports);
      },
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        setMerchants([]);
        errors.showError(err);
      },
    );
    return () => ctrl.abort();
  }, [errors]);

  // Reports being prepared are asked about until they are ready or failed.
  const pending = reports.filter((r) => r.status === 'queued' || r.status === 'processing').map((r) => r.id);
  const pendingKey = pending.join(',');
  useEffect(() => {
    if (!pendingKey) return;
    const ctrl = new AbortController();
    const timer = window.setTimeout(() => {
      Promise.all(pendingKey.split(',').map((id) => businessApi.status(id, ctrl.signal))).then(
        (fresh) => setReports((list) => list.map((r) => fresh.find((f) => f.id === r.id) ?? r)),
        // A failed poll is tried again at the next tick.
        () => !ctrl.signal.aborted && setReports((list) => [...list]),
      );
    }, POLL_MS);
    return () => {
      window.clearTimeout(timer);
      ctrl.abort();
    };
  }, [pendingKey, reports]);

  const problems = periodProblems(from, to, today);
  const fromError = problems.from ? t(`report.errors.${problems.from}`) : serverFields['/from'];
  const toError = problems.to
    ? t(`report.errors.${problems.to}`, { max: REPORT_MAX_DAYS })
    : serverFields['/to'];

  const preset = (f: string, tt: string) => {
    setFrom(f);
    setTo(tt);
    setServerFields({});
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!merchantId || !from || !to || problems.from || problems.to) return;
    setBusy(true);
    setServerFields({});
    try {
      const r = await businessApi.generate({
        merchantId,
        from,
        to,
        format,
        lang,
        idempotencyKey: keyRef.current,
      });
      keyRef.current = crypto.randomUUID();
      setReports((list) => [r, ...list.filter((x) => x.id !== r.id)]);
    } catch (err) {
      const view = errors.showError(err, { inlineHandled: true });
      if (view.fields) setServerFields(view.fields);
    } finally {
      setBusy(false);
    }
  };

  const download = async (r: MerchantReport) => {
    try {
      saveFile(await businessApi.download(r.id));
    } catch (err) {
      errors.showError(err);
    }
  };

  const merchantName = (id: string) => merchants?.find((m) => m.id === id)?.name ?? '';
  const day = (d: string) => formatBankDate(d, lang, { day: 'numeric', month: 'short', year: 'numeric' });

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }} data-testid="merchant-report-page">
      <PageHeader
        title={t('report.title')}
        back={{ to: '/mybusiness/', label: t('back') }}
        intro={t('report.intro')}
      />
      {!merchants ? (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      ) : merchants.length === 0 ? null : (
        <>
          <Paper
            variant="outlined"
            component="form"
            noValidate
            onSubmit={(e) => void submit(e)}
            sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
          >
            <Stack spacing={2.5}>
              <TextField
                select
                label={t('report.merchant')}
                value={merchantId}
                onChange={(e) => setMerchantId(e.target.value)}
              >
                {merchants.map((m) => (
                  <MenuItem key={m.id} value={m.id}>
                    {m.name} · {m.mid}
                  </MenuItem>
                ))}
              </TextField>
              <Box>
                <FormLabel component="div" sx={{ mb: 1 }}>
                  {t('report.period')}
                </FormLabel>
                <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 2 }}>
                  <Chip
                    label={t('report.presets.week')}
                    onClick={() => preset(shift(today, -6), today)}
                    data-testid="preset-week"
                  />
                  <Chip
                    label={t('report.presets.month')}
                    onClick={() => preset(monthStart(today), today)}
                    data-testid="preset-month"
                  />
                  <Chip
                    label={t('report.presets.lastMonth')}
                    onClick={() => {
                      const end = shift(monthStart(today), -1);
                      preset(monthStart(end), end);
                    }}
                    data-testid="preset-last-month"
                  />
                </Stack>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <TextField
                    type="date"
                    label={t('report.from')}
                    value={from}
                    onChange={(e) => preset(e.target.value, to)}
                    error={!!fromError}
                    helperText={fromError}
                    slotProps={{
                      inputLabel: { shrink: true },
                      htmlInput: { max: today, 'data-testid': 'report-from' },
                    }}
                    fullWidth
                  />
                  <TextField
                    type="date"
                    label={t('report.to')}
                    value={to}
                    onChange={(e) => preset(from, e.target.value)}
                    error={!!toError}
                    helperText={toError}
                    slotProps={{
                      inputLabel: { shrink: true },
                      htmlInput: { max: today, 'data-testid': 'report-to' },
                    }}
                    fullWidth
                  />
                </Stack>
              </Box>
              <Box>
                <FormLabel id="report-format">{t('report.format')}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby="report-format"
                  value={format}
                  onChange={(e) => setFormat(e.target.value as 'csv' | 'pdf')}
                >
                  <FormControlLabel value="pdf" control={<Radio />} label={t('report.pdf')} />
                  <FormControlLabel
                    value="csv"
                    control={<Radio />}
                    label={t('report.csv')}
                    data-testid="format-csv"
                  />
                </RadioGroup>
              </Box>
              <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={busy || !!problems.from || !!problems.to}
                  data-testid="report-generate"
                >
                  {busy ? t('report.generating') : t('report.generate')}
                </Button>
              </Box>
            </Stack>
          </Paper>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
            {t('report.yours')}
          </Typography>
          {reports.length === 0 ? (
            <Alert severity="info">{t('report.none')}</Alert>
          ) : (
            <Paper variant="outlined">
              <List disablePadding>
                {reports.map((r) => (
                  <ListItem
                    key={r.id}
                    divider
                    data-testid="report"
                    data-status={r.status}
                    sx={{ gap: 1.5, flexWrap: 'wrap', py: 1.5 }}
                  >
                    <Box sx={{ flex: 1, minWidth: 200 }}>
                      <Typography sx={{ fontWeight: 600 }}>
                        {day(r.from)} – {day(r.to)} · {r.format.toUpperCase()}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {merchantName(r.merchantId)} ·{' '}
                        {t('report.requested', { when: formatBankDateTime(r.requestedAt, lang) })}
                        {r.status === 'ready' && r.rowCount !== null
                          ? ` · ${t('report.rows', { count: r.rowCount })}`
                          : ''}
                      </Typography>
                    </Box>
                    {r.status === 'ready' ? (
                      <Button
                        variant="outlined"
                        startIcon={<DownloadIcon />}
                        onClick={() => void download(r)}
                        data-testid="report-download"
                      >
                        {t('report.download')}
                      </Button>
                    ) : r.status === 'failed' ? (
                      <Chip color="error" label={t('report.status.failed')} />
                    ) : (
                      <Chip
                        icon={<CircularProgress size={14} />}
                        label={t('report.status.preparing')}
                        data-testid="report-preparing"
                      />
                    )}
                  </ListItem>
                ))}
              </List>
            </Paper>
          )}
        </>
      )}
    </Box>
  );
}
