import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatBankDate, formatBankTime } from '@/shared/bank-time';
import { formatDecimal } from '@/shared/decimal';
import { formatMoney } from '@/shared/money';
import { useErrorHandler } from '@/shared/ui';
import { PriceChart } from '@/shared/ui/lazy-price-chart';
import { goldApi, type GoldPickup, type GoldSummary } from './api';

type Lang = 'id' | 'en';
const STATUSES = ['in_progress', 'ready_for_pickup', 'collected'] as const;
const RANGES = [30, 90, 180, 365] as const;
type Range = (typeof RANGES)[number];

const day = (iso: string, lang: Lang) =>
  formatBankDate(iso, lang, { day: 'numeric', month: 'short', year: 'numeric' });

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

function PickupCard({ p, lang }: { p: GoldPickup; lang: Lang }) {
  const { t } = useTranslation('gold');
  const step = STATUSES.indexOf(p.status);
  const overdue = p.days !== null && p.days < 0;
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, listStyle: 'none' }}
      data-testid="pickup"
      data-status={p.status}
    >
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1, mb: 1.5 }}
      >
        <Box>
          <Typography component="h3" sx={{ fontWeight: 700 }}>
            {t('pickup.grams', { grams: formatDecimal(p.grams, lang, 4) })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {p.branch} · {p.zone}
          </Typography>
        </Box>
        <Chip
          size="small"
          color={
            p.status === 'ready_for_pickup'
              ? overdue
                ? 'error'
                : 'success'
              : p.status === 'collected'
                ? 'default'
                : 'info'
          }
          label={t(`pickup.status.${p.status}`)}
        />
      </Stack>
      <Stepper
        activeStep={p.status === 'collected' ? 3 : step}
        alternativeLabel
        sx={{ mb: 1.5 }}
        aria-label={t('pickup.progress')}
      >
        {STATUSES.map((s) => (
          <Step key={s} completed={STATUSES.indexOf(s) < step || p.status === 'collected'}>
            <StepLabel>{t(`pickup.status.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {p.status === 'ready_for_pickup' && p.validUntil && p.days !== null && (
        <Alert severity={overdue ? 'error' : 'success'} sx={{ mb: 1.5 }} data-testid="pickup-valid">
          {overdue
            ? t('pickup.expired', { date: day(p.validUntil, lang) })
            : t('pickup.collectBy', { count: p.days, date: day(p.validUntil, lang) })}
        </Alert>
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1.5, m: 0 }}
      >
        <Fact label={t('pickup.transactionRef')} value={p.transactionRef} />
        <Fact label={t('pickup.providerRef')} value={p.providerRef} />
        <Fact label={t('pickup.pawnBranchRef')} value={p.pawnBranchRef} />
        <Fact label={t('pickup.requestedAt')} value={day(p.requestedAt, lang)} />
        {p.arrivedAt && <Fact label={t('pickup.arrivedAt')} value={day(p.arrivedAt, lang)} />}
        {p.collectedAt && <Fact label={t('pickup.collectedAt')} value={day(p.collectedAt, lang)} />}
        {p.status === 'in_progress' && <Fact label={t('pickup.days')} value={t('pickup.arrivalUnknown')} />}
      </Box>
    </Paper>
  );
}

function PriceHistory({ lang }: { lang: Lang }) {
  const { t } = useTranslation('gold');
  const errors = useErrorHandler();
  const [range, setRange] = useState<Range>(90);
  const [points, setPoints] = useState<Array<{ date: string; buyPerGram: number; sellPerGram: number }>>();
  useEffect(() => {
    let live = true;
    goldApi.history(range).then(
      (r) => live && setPoints(r.points),
      (err: unknown) => live && errors.showError(err),
    );
    return () => {
      live = false;
    };
  }, [range, errors]);
  const rupiah = (minor: number) =>
    formatMoney({ amount: Math.round(minor / 100) * 100, currency: 'IDR' }, lang);
  return (
    <Paper
      component="section"
      variant="outlined"
      sx={{ p: { xs: 2, md: 2.5 } }}
      aria-labelledby="gold-history-title"
      data-testid="gold-history"
    >
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1, flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography id="gold-history-title" component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('history.title')}
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={range}
          onChange={(_, v: Range | null) => v && setRange(v)}
          aria-label={t('history.range')}
        >
          {RANGES.map((r) => (
            <ToggleButton key={r} value={r}>
              {t(`history.ranges.d${r}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      {points ? (
        <PriceChart
          dates={points.map((p) => p.date)}
          series={[
            { label: t('price.buy'), values: points.map((p) => p.buyPerGram / 100) },
            { label: t('price.sell'), values: points.map((p) => p.sellPerGram / 100) },
          ]}
          format={(v) => rupiah(Math.round(v * 100))}
          axisFormat={(v) =>
            new Intl.NumberFormat(lang === 'id' ? 'id-ID' : 'en-US', {
              notation: 'compact',
              maximumFractionDigits: 2,
            }).format(v)
          }
          lang={lang}
          label={t('history.chartLabel', { range: t(`history.ranges.d${range}`) })}
        />
      ) : (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      )}
    </Paper>
  );
}

/** /gold-saving/: the live price, the customer's grams, the price history and the physical pickups. */
export function GoldSavingPage() {
  const { t, i18n } = useTranslation('gold');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'id';
  const errors = useErrorHandler();
  const [summary, setSummary] = useState<GoldSummary>();
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    goldApi.summary().then(
      (s) => live && setSummary(s),
      (err: unknown) => live && errors.showError(err),
    );
    return () => {
      live = false;
    };
  }, [errors, tick]);

  // The provider publishes a price a minute: ask again when this one is replaced.
  useEffect(() => {
    if (!summary) return;
    const wait = Math.max(1_000, Date.parse(summary.price.nextAt) - Date.now() + 500);
    const timer = setTimeout(() => setTick((n) => n + 1), Math.min(wait, 120_000));
    return () => clearTimeout(timer);
  }, [summary]);

  if (!summary)
    return (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <CircularProgress aria-label={t('loading')} />
      </Box>
    );
  const { price, account } = summary;
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }} data-testid="gold-saving">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        {t('intro')}
      </Typography>
      <Stack spacing={2}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
          <Paper
            component="section"
            variant="outlined"
            sx={{ p: { xs: 2, md: 2.5 } }}
            aria-labelledby="gold-price-title"
            data-testid="gold-price"
          >
            <Typography id="gold-price-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
              {t('price.title')}
            </Typography>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, m: 0 }}>
              <Box>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t('price.buy')}
                </Typography>
                <Typography
                  component="dd"
                  variant="h6"
                  sx={{ m: 0, fontWeight: 700 }}
                  data-testid="gold-buy-price"
                >
                  {formatMoney(price.buyPerGram, lang)}
                </Typography>
              </Box>
              <Box>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t('price.sell')}
                </Typography>
                <Typography
                  component="dd"
                  variant="h6"
                  sx={{ m: 0, fontWeight: 700 }}
                  data-testid="gold-sell-price"
                >
                  {formatMoney(price.sellPerGram, lang)}
                </Typography>
              </Box>
            </Box>
            <Typography
              variant="caption"
              color="text.secondary"
              component="p"
              sx={{ mt: 1 }}
              aria-live="polite"
            >
              {t('price.perGram')} ·{' '}
              {t('price.updated', {
                time: formatBankTime(price.pricedAt, lang, false),
                next: formatBankTime(price.nextAt, lang, false),
              })}
            </Typography>
          </Paper>
          <Paper
            component="section"
            variant="outlined"
            sx={{ p: { xs: 2, md: 2.5 } }}
            aria-labelledby="gold-holding-title"
            data-testid="gold-holding"
          >
            <Typography id="gold-holding-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
              {t('holding.title')}
            </Typography>
            {account ? (
              <>
                <Typography variant="h4" component="p" sx={{ fontWeight: 700 }} data-testid="gold-grams">
                  {t('holding.grams', { grams: formatDecimal(account.grams, lang, 4) })}
                </Typography>
                <Typography color="text.secondary">
                  {t('holding.value', { value: formatMoney(account.marketValue, lang) })} ·{' '}
                  {account.accountNo}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
                  <Button
                    variant="contained"
                    component={RouterLink}
                    to="/gold-saving/buy/"
                    data-testid="gold-buy"
                  >
                    {t('actions.buy')}
                  </Button>
                  <Button
                    variant="outlined"
                    component={RouterLink}
                    to="/gold-saving/sell/"
                    data-testid="gold-sell"
                  >
                    {t('actions.sell')}
                  </Button>
                </Stack>
              </>
            ) : (
              <>
                <Typography color="text.secondary" sx={{ mb: 1.5 }} data-testid="gold-not-registered">
                  {t('holding.none')}
                </Typography>
                <Button variant="contained" component={RouterLink} to="/gold-saving/register/">
                  {t('actions.register')}
                </Button>
              </>
            )}
          </Paper>
        </Box>
        <PriceHistory lang={lang} />
        <Box component="section" aria-labelledby="gold-pickups-title">
          <Typography id="gold-pickups-title" component="h2" variant="h6" sx={{ fontWeight: 700, mb: 0.5 }}>
            {t('pickup.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('pickup.intro')}
          </Typography>
          {summary.pickups.length ? (
            <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
              {summary.pickups.map((p) => (
                <PickupCard key={p.transactionRef} p={p} lang={lang} />
              ))}
            </Stack>
          ) : (
            <Alert severity="info">{t('pickup.none')}</Alert>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
