import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBankDate } from '@/shared/bank-time';
import { formatMoney } from '@/shared/money';
import { useErrorHandler } from '@/shared/ui';
import { PALETTE, pfmApi, SPEND_CATEGORIES, type Forecast, type Spending } from './api';

const MONTHS = 6;

/** Rupiah in short form for chart axes: 12,5 jt / 12.5M. */
function shortIdr(minor: number, lang: 'en' | 'id'): string {
  const rupiah = minor / 100;
  const abs = Math.abs(rupiah);
  const fmt = (v: number, unit: string) =>
    `${(rupiah < 0 ? -v : v).toLocaleString(lang === 'en' ? 'en-US' : 'id-ID', { maximumFractionDigits: 1 })}${unit}`;
  if (abs >= 1e9) return fmt(abs / 1e9, lang === 'en' ? 'B' : ' M');
  if (abs >= 1e6) return fmt(abs / 1e6, lang === 'en' ? 'M' : ' jt');
  if (abs >= 1e3) return fmt(abs / 1e3, lang === 'en' ? 'K' : ' rb');
  return fmt(abs, '');
}

/** /new-pfm/: where the money went, month by month, and the next 60 days with the projected balance. */
export function PfmPage() {
  const { t, i18n } = useTranslation('pfm');
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const errors = useErrorHandler();
  const [spending, setSpending] = useState<Spending>();
  const [forecast, setForecast] = useState<Forecast>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const ctrl = new AbortController();
    Promise.all([pfmApi.spending(MONTHS, ctrl.signal), pfmApi.forecast(ctrl.signal)]).then(
      ([s, f]) => {
        setSpending(s);
        setForecast(f);
      },
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        setFailed(true);
        errors.showError(err);
      },
    );
    return () => ctrl.abort();
  }, [errors]);

  const idr = (amount: number) => formatMoney({ amount, currency: 'IDR' }, lang);
  const monthLabel = (m: string) => formatBankDate(`${m}-01`, lang, { month: 'short', year: '2-digit' });
  const dayLabel = (d: string) => formatBankDate(d, lang, { day: 'numeric', month: 'short' });

  if (failed) return <Alert severity="warning">{t('unavailable')}</Alert>;
  if (!spending || !forecast)
    return (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <CircularProgress aria-label={t('common:loading')} />
      </Box>
    );

  const current = spending.months.at(-2) ?? spending.months.at(-1)!;
  const ranked = SPEND_CATEGORIES.map((c) => ({ c, v: current.spending[c] ?? 0 }))
    .filter((x) => x.v > 0)
    .sort((a, b) => b.v - a.v);

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }} data-testid="pfm-page">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('pfm.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        {t('pfm.intro')}
      </Typography>

      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 }, mb: 2 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('pfm.forward.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('pfm.forward.intro', { start: idr(forecast.start) })}
        </Typography>
        <Alert
          severity={forecast.lowest.balance < 0 ? 'error' : 'info'}
          sx={{ mb: 1 }}
          data-testid="forecast-lowest"
        >
          {t('pfm.forward.lowest', {
            amount: idr(forecast.lowest.balance),
            date: formatBankDate(forecast.lowest.date, lang, { day: 'numeric', month: 'long' }),
          })}
        </Alert>
        <Box sx={{ height: { xs: 240, sm: 300 } }} data-testid="forecast-chart">
          <LineChart
            colors={PALETTE}
            xAxis={[
              {
                scaleType: 'point',
                data: forecast.balances.map((b) => b.date),
                valueFormatter: dayLabel,
                tickInterval: (_v, i) => i % 10 === 0,
              },
            ]}
            yAxis={[{ valueFormatter: (v: number) => shortIdr(v * 100, lang), width: 56 }]}
            series={[
              {
                data: forecast.balances.map((b) => b.balance / 100),
                label: t('pfm.forward.balance'),
                showMark: false,
                area: true,
                valueFormatter: (v) => (v === null ? '' : idr(Math.round(v * 100))),
              },
            ]}
            hideLegend
          />
        </Box>
        <List dense disablePadding aria-label={t('pfm.forward.events')}>
          {forecast.events.map((e, i) => (
            <ListItem
              key={`${e.date}:${i}`}
              divider
              data-testid="forecast-event"
              data-kind={e.kind}
              sx={{ gap: 1.5, px: 0.5 }}
            >
              <Typography variant="body2" sx={{ width: 64, flexShrink: 0, color: 'text.secondary' }}>
                {dayLabel(e.date)}
              </Typography>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {lang === 'en' ? e.label.eng : e.label.idn}
                </Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  label={t(`pfm.kinds.${e.kind}`, { defaultValue: e.kind })}
                  sx={{ height: 20, fontSize: 11 }}
                />
              </Box>
              <Typography
                variant="body2"
                sx={{
                  fontWeight: 600,
                  whiteSpace: 'nowrap',
                  color: e.amount > 0 ? 'success.main' : undefined,
                }}
              >
                {e.amount > 0 ? '+' : ''}
                {idr(e.amount)}
              </Typography>
            </ListItem>
          ))}
        </List>
        <Typography variant="caption" color="text.secondary">
          {t('pfm.forward.note')}
        </Typography>
      </Paper>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('pfm.spending.title')}
          </Typography>
          <Box sx={{ height: 300 }} data-testid="spending-chart">
            <BarChart
              colors={PALETTE}
              xAxis={[{ scaleType: 'band', data: spending.months.map((m) => monthLabel(m.month)) }]}
              yAxis={[{ valueFormatter: (v: number) => shortIdr(v * 100, lang), width: 56 }]}
              series={SPEND_CATEGORIES.map((c) => ({
                id: c,
                stack: 'out',
                label: t(`pfm.categories.${c}`),
                data: spending.months.map((m) => (m.spending[c] ?? 0) / 100),
                valueFormatter: (v: number | null) => (v === null ? '' : idr(Math.round(v * 100))),
              }))}
              slotProps={{ legend: { position: { vertical: 'bottom', horizontal: 'center' } } }}
            />
          </Box>
        </Paper>
        <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
          <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
            {t('pfm.spending.month', {
              month: formatBankDate(`${current.month}-01`, lang, { month: 'long', year: 'numeric' }),
            })}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('pfm.spending.inOut', { income: idr(current.income), spent: idr(current.total) })}
          </Typography>
          <List dense disablePadding>
            {ranked.map(({ c, v }) => (
              <ListItem key={c} divider sx={{ px: 0.5 }} data-testid="spending-category" data-category={c}>
                <Box
                  sx={{
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    bgcolor: PALETTE[SPEND_CATEGORIES.indexOf(c)],
                    mr: 1.5,
                  }}
                />
                <Typography variant="body2" sx={{ flex: 1 }}>
                  {t(`pfm.categories.${c}`)}
                </Typography>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {idr(v)}
                </Typography>
                <Typography variant="caption" color="text.secondary" sx={{ width: 44, textAlign: 'right' }}>
                  {Math.round((v / Math.max(1, current.total)) * 100)}%
                </Typography>
              </ListItem>
            ))}
          </List>
        </Paper>
      </Box>
    </Box>
  );
}
