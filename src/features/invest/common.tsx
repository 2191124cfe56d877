import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PROFILE_NAMES, type RiskProfileLevel } from '@/shared/invest/risk-questionnaire';
import type { Eligibility, Localized, RiskProfile } from '@/shared/invest/types';
import { date, useLang } from './format';

export { PriceChart } from '@/shared/ui/lazy-price-chart';

export function Page({
  title,
  intro,
  children,
  testId,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Box sx={{ maxWidth: 960, mx: 'auto' }} data-testid={testId}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: intro ? 0.5 : 2 }}>
        {title}
      </Typography>
      {intro && (
        <Typography color="text.secondary" sx={{ mb: 2.5 }}>
          {intro}
        </Typography>
      )}
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

export function Loading() {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}

export function Card({
  children,
  testId,
  component = 'section',
}: {
  children: ReactNode;
  testId?: string;
  component?: 'section' | 'li' | 'div';
}) {
  return (
    <Paper
      component={component}
      variant="outlined"
      sx={{ p: { xs: 2, md: 2.5 }, listStyle: 'none' }}
      data-testid={testId}
    >
      {children}
    </Paper>
  );
}

/** Label and value pairs in a responsive grid (two columns on a phone). */
export function Facts({
  items,
}: {
  items: Array<[label: string, value: ReactNode] | false | null | undefined>;
}) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1.5, m: 0 }}
    >
      {items.filter(Boolean).map((item) => {
        const [label, value] = item as [string, ReactNode];
        return (
          <Box key={label} sx={{ minWidth: 0 }}>
            <Typography component="dt" variant="caption" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        );
      })}
    </Box>
  );
}

export const localized = (text: Localized, lang: 'id' | 'en') => text[lang];

const RISK_COLORS: Record<number, 'success' | 'info' | 'warning' | 'error' | 'default'> = {
  1: 'success',
  2: 'success',
  3: 'info',
  4: 'warning',
  5: 'error',
};

export function RiskChip({ level }: { level: RiskProfileLevel }) {
  const { t } = useTranslation('invest');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={RISK_COLORS[level]}
      label={t('risk.level', { level, name: t(`risk.profiles.${PROFILE_NAMES[level]}`) })}
    />
  );
}

/** What the customer's profile says about one product, and the way forward when it is not allowed. */
export function EligibilityAction({
  eligibility,
  code,
  buyTo,
  buyLabel,
}: {
  eligibility: Eligibility;
  code: string;
  buyTo: string;
  buyLabel: string;
}) {
  const { t } = useTranslation('invest');
  if (eligibility.allowed)
    return (
      <Stack spacing={0.5} sx={{ alignItems: { sm: 'flex-end' } }}>
        <Button variant="contained" size="small" component={RouterLink} to={buyTo} data-testid="buy">
          {buyLabel}
        </Button>
        {eligibility.reason === 'acknowledged' && (
          <Typography variant="caption" color="text.secondary">
            {t('eligibility.acknowledged')}
          </Typography>
        )}
      </Stack>
    );
  const next: Record<Exclude<Eligibility['reason'], 'within_profile' | 'acknowledged'>, [string, string]> = {
    no_investor_account: ['/applyandinvest/bonds-register/inquiry/', 'eligibility.registerInvestor'],
    no_profile: ['/applyandinvest/questionnaire-risk-profile/', 'eligibility.fillProfile'],
    profile_expired: ['/applyandinvest/questionnaire-risk-profile/', 'eligibility.renewProfile'],
    above_profile: [
      `/applyandinvest/additional-investment-risk/?code=${encodeURIComponent(code)}`,
      'eligibility.readRisk',
    ],
  };
  const [to, label] = next[eligibility.reason as keyof typeof next];
  return (
    <Stack
      spacing={0.5}
      sx={{ alignItems: { sm: 'flex-end' } }}
      data-testid="not-eligible"
      data-reason={eligibility.reason}
    >
      <Typography variant="caption" color="warning.dark" sx={{ textAlign: { sm: 'right' } }}>
        {t(`eligibility.${eligibility.reason}`)}
      </Typography>
      <Button variant="outlined" size="small" component={RouterLink} to={to}>
        {t(label)}
      </Button>
    </Stack>
  );
}

/** The customer's profile in one line, with the way to fill it in or renew it. */
export function ProfileBanner({
  profile,
  action: withAction = true,
}: {
  profile: RiskProfile | null;
  action?: boolean;
}) {
  const { t } = useTranslation('invest');
  const lang = useLang();
  const action = withAction && (
    <Button
      color="inherit"
      size="small"
      component={RouterLink}
      to="/applyandinvest/questionnaire-risk-profile/"
    >
      {profile ? t('profile.retake') : t('profile.take')}
    </Button>
  );
  if (!profile)
    return (
      <Alert severity="info" action={action} data-testid="profile-banner">
        {t('profile.none')}
      </Alert>
    );
  const name = t(`risk.profiles.${PROFILE_NAMES[profile.profile]}`);
  return (
    <Alert severity={profile.expired ? 'warning' : 'success'} action={action} data-testid="profile-banner">
      {profile.expired
        ? t('profile.expired', { name, date: date(profile.expiresAt, lang) })
        : t('profile.valid', { name, date: date(profile.expiresAt, lang) })}
    </Alert>
  );
}

export function NotFound({ message }: { message: string }) {
  return <Alert severity="warning">{message}</Alert>;
}
