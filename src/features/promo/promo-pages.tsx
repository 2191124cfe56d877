import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiFailure } from '@/shared/api/client';
import { formatBankDate } from '@/shared/bank-time';
import { formatMoney } from '@/shared/money';
import { PROMO_CODE_PATTERN } from '@/shared/promo';
import { useErrorHandler } from '@/shared/ui';
import { PageFrame, PageLoading } from '@/shared/ui/page-frame';
import { useLoad } from '@/shared/ui/use-load';
import { promoApi, type PromoDetail, type PromoSummary, type PromoText } from './api';

type Lang = 'en' | 'id';
const langOf = (l: string): Lang => (l === 'en' ? 'en' : 'id');
const pick = (t: PromoText, lang: Lang) => (lang === 'en' ? t.en : t.id);
const day = (iso: string, lang: Lang) =>
  formatBankDate(iso, lang, { day: 'numeric', month: 'short', year: 'numeric' });
/** The last day of a programme that ends at `endsAt` (the instant just before it). */
const lastDay = (endsAt: string, lang: Lang) => day(new Date(Date.parse(endsAt) - 1).toISOString(), lang);
const points = (n: number, lang: Lang) => n.toLocaleString(lang === 'en' ? 'en-US' : 'id-ID');

/** "Have a code?": applying one follows it (the applied tab) and opens its detail. */
function ApplyCode() {
  const { t, i18n } = useTranslation('living');
  const lang = langOf(i18n.language);
  const navigate = useNavigate();
  const errors = useErrorHandler();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = () => {
    const typed = code.trim();
    if (!new RegExp(PROMO_CODE_PATTERN).test(typed)) return setProblem(t('promo.codePattern'));
    setBusy(true);
    promoApi.apply(typed).then(
      (d) => void navigate(`/promocode/applied/?code=${encodeURIComponent(d.code)}`),
      (err: unknown) => {
        setBusy(false);
        const body = err instanceof ApiFailure ? err.body : undefined;
        if (body && err instanceof ApiFailure && err.status < 500)
          setProblem(lang === 'en' ? body.errorMessageEng : body.errorMessageIdn);
        else errors.showError(err);
      },
    );
  };
  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{
        p: 2,
        mb: 2,
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
      }}
    >
      <TextField
        label={t('promo.haveCode')}
        value={code}
        onChange={(e) => {
          setCode(e.target.value.toUpperCase());
          setProblem(undefined);
        }}
        error={!!problem}
        helperText={problem ?? t('promo.haveCodeHelp')}
        slotProps={{
          htmlInput: { maxLength: 15, 'data-testid': 'promo-code-input', autoCapitalize: 'characters' },
        }}
        sx={{ flex: 1, minWidth: 0, width: { xs: '100%', sm: 'auto' } }}
      />
      <Button type="submit" variant="contained" disabled={busy} sx={{ mt: 1 }} data-testid="promo-apply">
        {t('promo.apply')}
      </Button>
    </Paper>
  );
}

function PromoCard({ p, tab }: { p: PromoSummary; tab: 'available' | 'applied' }) {
  const { t, i18n } = useTranslation('living');
  const lang = langOf(i18n.language);
  const ended = p.ended;
  return (
    <Paper
      variant="outlined"
      component={Link}
      to={`/promocode/${tab}/?code=${encodeURIComponent(p.code)}`}
      data-testid="promo-card"
      sx={{
        p: 2,
        display: 'block',
        textDecoration: 'none',
        color: 'inherit',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <LocalOfferOutlinedIcon color="primary" fontSize="small" />
        <Typography sx={{ fontWeight: 700, flex: 1, minWidth: 0 }}>{pick(p.name, lang)}</Typography>
        <Chip size="small" label={p.code} sx={{ fontFamily: 'monospace', fontWeight: 700 }} />
      </Box>
      <Typography variant="body2" sx={{ mt: 0.5 }}>
        {pick(p.rewardText, lang)}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        <Chip
          size="small"
          variant="outlined"
          label={ended ? t('promo.ended') : t('promo.daysLeft', { count: p.daysLeft })}
          color={ended ? 'default' : p.daysLeft <= 3 ? 'warning' : 'default'}
        />
        <Chip
          size="small"
          variant="outlined"
          label={t('promo.pending', { pending: p.pendingTasks, tasks: p.tasks })}
        />
        {p.points > 0 && (
          <Chip
            size="small"
            variant="outlined"
            label={t('promo.pointsEarned', { points: points(p.points, lang) })}
          />
        )}
        {p.quotaExhausted && <Chip size="small" color="error" label={t('promo.quotaExhausted')} />}
      </Box>
    </Paper>
  );
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** One promo: spec section 3's start, finish, reward, programme period, days left, pending tasks, points and transactions. */
function PromoDetailView({ d, back }: { d: PromoDetail; back: string }) {
  const { t, i18n } = useTranslation('living');
  const lang = langOf(i18n.language);
  const done = d.tasks - d.pendingTasks;
  const ended = d.ended;
  const usable = !ended && !d.quotaExhausted && d.pendingTasks > 0;
  return (
    <PageFrame title={pick(d.name, lang)} back={back} testId="promo-detail">
      <Paper variant="outlined" sx={{ p: 2.5, mb: 2 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Chip
            label={d.code}
            color="primary"
            sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: 16 }}
            data-testid="promo-detail-code"
          />
          {d.applied && <Chip size="small" variant="outlined" label={t('promo.appliedChip')} />}
          {d.quotaExhausted && <Chip size="small" color="error" label={t('promo.quotaExhausted')} />}
        </Box>
        <Typography sx={{ mb: 2 }}>{pick(d.description, lang)}</Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <Fact label={t('promo.reward')} value={pick(d.rewardText, lang)} />
          <Fact label={t('promo.start')} value={day(d.startsAt, lang)} />
          <Fact label={t('promo.finish')} value={lastDay(d.endsAt, lang)} />
          <Fact
            label={t('promo.daysLeftLabel')}
            value={ended ? t('promo.ended') : t('promo.daysLeft', { count: d.daysLeft })}
            testId="promo-days-left"
          />
          <Fact label={t('promo.period')} value={`${day(d.startsAt, lang)} – ${lastDay(d.endsAt, lang)}`} />
          <Fact
            label={t('promo.pendingTasks')}
            value={t('promo.pending', { pending: d.pendingTasks, tasks: d.tasks })}
            testId="promo-pending"
          />
          <Fact label={t('promo.points')} value={points(d.points, lang)} testId="promo-points" />
          <Fact label={t('promo.minAmount')} value={formatMoney(d.minAmount, lang)} />
        </Box>
        <LinearProgress
          variant="determinate"
          value={(done / d.tasks) * 100}
          aria-label={t('promo.progress', { done, tasks: d.tasks })}
          sx={{ height: 8, borderRadius: 4, mt: 2 }}
        />
        {d.completionPoints > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('promo.completion', { points: points(d.completionPoints, lang), tasks: d.tasks })}
          </Typography>
        )}
      </Paper>

      <Paper variant="outlined" sx={{ p: 2.5, mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('promo.earnWith')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }} useFlexGap>
          {d.usePaths.map((path, i) => (
            <Button
              key={path}
              component={Link}
              to={`${path}${path.includes('?') ? '&' : '?'}promoCode=${encodeURIComponent(d.code)}`}
              variant={i === 0 ? 'contained' : 'outlined'}
              disabled={!usable}
              data-testid="promo-use"
            >
              {t('promo.useFor', { transaction: d.transactions[i] ? pick(d.transactions[i], lang) : '' })}
            </Button>
          ))}
        </Stack>
        {!usable && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {d.quotaExhausted ? t('promo.quotaExhaustedHelp') : ended ? t('promo.ended') : t('promo.allDone')}
          </Typography>
        )}
      </Paper>

      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('promo.transactions')}
      </Typography>
      {d.history.length === 0 ? (
        <Alert severity="info" data-testid="promo-no-transactions">
          {t('promo.noTransactions')}
        </Alert>
      ) : (
        <Stack spacing={1} component="ul" sx={{ p: 0, m: 0, listStyle: 'none' }}>
          {d.history.map((h) => (
            <Paper
              key={h.referenceNo}
              component="li"
              variant="outlined"
              sx={{ p: 2 }}
              data-testid="promo-transaction"
            >
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 700 }}>{pick(h.type, lang)}</Typography>
                <Typography sx={{ fontWeight: 700 }}>{formatMoney(h.amount, lang)}</Typography>
              </Box>
              <Box
                sx={{
                  display: 'grid',
                  gap: 1,
                  mt: 1,
                  gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
                }}
              >
                <Fact label={t('promo.referenceNo')} value={h.referenceNo} />
                <Fact label={t('promo.date')} value={day(h.date, lang)} />
                <Fact label={t('promo.source')} value={h.source} />
                <Fact label={t('promo.destination')} value={pick(h.destination, lang)} />
                <Fact label={t('promo.adminFee')} value={formatMoney(h.adminFee, lang)} />
                <Fact
                  label={t('promo.rewardGot')}
                  value={
                    h.rewardValue
                      ? formatMoney(h.rewardValue, lang)
                      : t('promo.pointsEarned', { points: points(h.points, lang) })
                  }
                />
                <Fact label={t('promo.status')} value={t(`promo.statuses.${h.status}`)} />
              </Box>
            </Paper>
          ))}
        </Stack>
      )}
    </PageFrame>
  );
}

function DetailOf({ code, back }: { code: string; back: string }) {
  const { t } = useTranslation('living');
  const { data, failed } = useLoad((signal) => promoApi.detail(code, signal), code);
  if (failed)
    return (
      <PageFrame title={t('promo.title')} back={back}>
        <Alert severity="warning" data-testid="promo-not-found">
          {t('promo.notFound')}
        </Alert>
      </PageFrame>
    );
  return data ? <PromoDetailView d={data} back={back} /> : <PageLoading />;
}

/** /promocode/, /promocode/available/, /promocode/applied/ (and ?code= for one promo). */
export function PromoPage({ tab }: { tab: 'available' | 'applied' }) {
  const { t } = useTranslation('living');
  const [params] = useSearchParams();
  const code = params.get('code');
  const list = useLoad(
    (signal) => (tab === 'applied' ? promoApi.applied(signal) : promoApi.available(signal)),
    tab,
  );
  if (code) return <DetailOf code={code} back={`/promocode/${tab}/`} />;
  return (
    <PageFrame title={t('promo.title')} testId="promo-page">
      <ApplyCode />
      <Tabs value={tab} sx={{ mb: 2 }} aria-label={t('promo.title')}>
        <Tab
          value="available"
          label={t('promo.available')}
          component={Link}
          to="/promocode/available/"
          data-testid="promo-tab-available"
        />
        <Tab
          value="applied"
          label={t('promo.applied')}
          component={Link}
          to="/promocode/applied/"
          data-testid="promo-tab-applied"
        />
      </Tabs>
      {list.failed ? (
        <Alert severity="warning">{t('unavailable')}</Alert>
      ) : !list.data ? (
        <PageLoading />
      ) : list.data.promos.length === 0 ? (
        <Alert severity="info" data-testid="promo-empty">
          {t(tab === 'applied' ? 'promo.noneApplied' : 'promo.noneAvailable')}
        </Alert>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {list.data.promos.map((p) => (
            <PromoCard key={p.code} p={p} tab={tab} />
          ))}
        </Box>
      )}
    </PageFrame>
  );
}
