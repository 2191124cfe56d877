import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import PhoneAndroidIcon from '@mui/icons-material/PhoneAndroid';
import CurrencyExchangeIcon from '@mui/icons-material/CurrencyExchange';
import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import type { ErrorView } from '@/shared/api/error-catalogue';
import {
  ACTION_PATHS,
  MaintenanceBanner,
  OPEN_ACCOUNT_PATH,
  useErrorHandler,
  whenAnswered,
  useFeatureGate,
  type FeatureRequirement,
} from '@/shared/ui';
import { dashboardApi, type DashboardSummary } from './api';
import { formatDate, formatTime, type Lang } from './format';
import {
  AccountsSection,
  CreditCardsSection,
  DepositsSection,
  GoldSection,
  InsuranceSection,
  InvestmentsSection,
  LoansSection,
  PoinXtraSection,
} from './sections';

/** Quick actions; 'casa' ones open the credit-card-only or supplementary notice instead when needed. */
export const QUICK_ACTIONS: readonly {
  key: string;
  path: string;
  requires: FeatureRequirement;
  Icon: typeof SwapHorizIcon;
}[] = [
  { key: 'transfer', path: '/transfer/', requires: 'casa', Icon: SwapHorizIcon },
  { key: 'payment', path: '/payment/', requires: 'casa', Icon: ReceiptLongIcon },
  { key: 'qris', path: '/qris/', requires: 'casa', Icon: QrCodeScannerIcon },
  { key: 'purchase', path: '/purchase/', requires: 'casa', Icon: PhoneAndroidIcon },
  { key: 'exchangeRate', path: '/exchange-rate/', requires: 'none', Icon: CurrencyExchangeIcon },
];

function greetingKey(hour: number): string {
  if (hour < 11) return 'morning';
  if (hour < 15) return 'afternoon';
  if (hour < 19) return 'evening';
  return 'night';
}

/** /dashboard/: what the customer holds, from the core bank, with the entry points to transact. */
export function DashboardPage() {
  const { t, i18n } = useTranslation('dashboard');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'id';
  const navigate = useNavigate();
  const errors = useErrorHandler();
  const [summary, setSummary] = useState<DashboardSummary | null>(null);
  const [failed, setFailed] = useState(false);
  const [noDefault, setNoDefault] = useState<ErrorView | null>(null);
  const gate = useFeatureGate(summary?.customer, () => void navigate(OPEN_ACCOUNT_PATH));

  // Bumped by "Try again" and the dialog's Reload: the effect below loads again.
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const ctrl = new AbortController();
    setFailed(false);
    // (the summary the app's entry asked for already, src/app/main.tsx, else a new request: earlyOr)
    dashboardApi
      .summary(ctrl.signal)
      .then(whenAnswered((s: DashboardSummary) => !ctrl.signal.aborted && setSummary(s)))
      .catch((err: unknown) => {
        if (ctrl.signal.aborted) return;
        const v = errors.showError(err, { onRetry: () => setAttempt((a) => a + 1) });
        if (v.kind !== 'none') setFailed(true);
      });
    dashboardApi.defaultAccount(ctrl.signal).then(
      () => setNoDefault(null),
      (err: unknown) => {
        const v = errors.describe(err);
        // Error 95 (no default accounts) is shown in the page with a link to settings.
        if (v.key === 'noDefaultAccount') setNoDefault(v);
        else if (v.kind === 'session') errors.showError(err);
      },
    );
    return () => ctrl.abort();
  }, [errors, attempt]);

  if (!summary) {
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 240 }}>
        {failed ? (
          <Button variant="outlined" onClick={() => setAttempt((a) => a + 1)}>
            {t('retry')}
          </Button>
        ) : (
          <CircularProgress aria-label={t('loading')} />
        )}
      </Box>
    );
  }

  const c = summary.customer;
  return (
    <Stack spacing={2.5} data-testid="dashboard" sx={{ maxWidth: 1200, mx: 'auto' }}>
      <MaintenanceBanner page="dashboard" />
      <Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="dashboard-greeting">
          {t(`greeting.${greetingKey(new Date().getHours())}`, { title: c.title, name: c.displayName })}
        </Typography>
        {c.lastLoginAt && (
          <Typography variant="body2" color="text.secondary">
            {t('lastLogin', {
              when: `${formatDate(c.lastLoginAt, lang)} ${formatTime(c.lastLoginAt, lang, false)}`,
            })}
          </Typography>
        )}
      </Box>

      {c.supplementary && (
        <Alert severity="info" data-testid="supplementary-notice">
          <AlertTitle>{t('supplementary.title')}</AlertTitle>
          {t('supplementary.message')}
        </Alert>
      )}
      {c.ccOnly && !c.supplementary && (
        <Alert
          severity="info"
          data-testid="cc-only-notice"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={OPEN_ACCOUNT_PATH}>
              {t('ccOnly.open')}
            </Button>
          }
        >
          {t('ccOnly.message')}
        </Alert>
      )}
      {/* A card-only customer has no savings or current account to make a main one: the notice above is theirs. */}
      {noDefault && !c.ccOnly && (
        <Alert
          severity="warning"
          data-testid="no-default-account"
          action={
            <Button color="inherit" size="small" component={RouterLink} to={ACTION_PATHS.defaultAccount}>
              {t('noDefault.settings')}
            </Button>
          }
        >
          <AlertTitle>{noDefault.title}</AlertTitle>
          {noDefault.message}
          {noDefault.code && (
            <Typography variant="caption" component="div">
              {noDefault.code}
            </Typography>
          )}
        </Alert>
      )}

      <Paper component="nav" aria-label={t('actions.label')} sx={{ p: 1 }}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: `repeat(${QUICK_ACTIONS.length}, minmax(0, 1fr))`,
            gap: { xs: 0.5, sm: 1 },
          }}
        >
          {QUICK_ACTIONS.map(({ key, path, requires, Icon }) => (
            <ButtonBase
              key={key}
              data-testid={`action-${key}`}
              onClick={() => {
                if (gate.check(requires)) void navigate(path);
              }}
              sx={{
                flexDirection: 'column',
                gap: 0.5,
                py: 1.5,
                px: 0.5,
                borderRadius: 2,
                '&:hover': { bgcolor: 'action.hover' },
              }}
            >
              <Box
                sx={{
                  width: 44,
                  height: 44,
                  borderRadius: '50%',
                  display: 'grid',
                  placeItems: 'center',
                  bgcolor: 'primary.main',
                  color: 'primary.contrastText',
                }}
              >
                <Icon />
              </Box>
              <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'center', lineHeight: 1.2 }}>
                {t(`actions.${key}`)}
              </Typography>
            </ButtonBase>
          ))}
        </Box>
      </Paper>

      <Box
        sx={{
          display: 'grid',
          gap: 2.5,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          <AccountsSection accounts={summary.accounts} />
          <CreditCardsSection cards={summary.creditCards} />
          <DepositsSection deposits={summary.deposits} />
          <LoansSection loans={summary.loans} />
        </Stack>
        <Stack spacing={2.5} sx={{ minWidth: 0 }}>
          <InvestmentsSection investments={summary.investments} />
          <InsuranceSection policies={summary.insurance} />
          <GoldSection gold={summary.gold} />
          <PoinXtraSection poin={summary.poinXtra} />
        </Stack>
      </Box>
      {gate.dialogs}
    </Stack>
  );
}
