import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useEffect } from 'react';
import { useCountdown } from './otp-entry';
import { toLogin } from './guards';

const STEPS = ['details', 'userInfo', 'otp', 'email', 'done'] as const;
export type ProgressStep = (typeof STEPS)[number];

/** One registration screen: title, the progress line, and its content in a card. */
export function RegistrationPage({
  title,
  subtitle,
  progress,
  children,
  testId,
  sessionExpiresAt,
}: {
  title: string;
  subtitle?: ReactNode;
  progress?: ProgressStep;
  children: ReactNode;
  testId?: string;
  /** When the registration token expires: a countdown shows, and at zero the user goes to login. */
  sessionExpiresAt?: string;
}) {
  const { t } = useTranslation('register');
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 3 }} data-testid={testId}>
      {progress && (
        <Stepper
          activeStep={progress === 'done' ? STEPS.length : STEPS.indexOf(progress)}
          alternativeLabel
          sx={{ mb: 3 }}
          aria-label={t('progress.label')}
        >
          {STEPS.map((s) => (
            <Step key={s}>
              <StepLabel>{t(`progress.${s}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}
      <Paper sx={{ p: { xs: 2, sm: 4 } }} variant="outlined">
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {subtitle}
          </Typography>
        )}
        {children}
        {sessionExpiresAt && <SessionCountdown expiresAt={sessionExpiresAt} />}
      </Paper>
    </Box>
  );
}

export function SessionCountdown({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation('register');
  const seconds = useCountdown(expiresAt);
  useEffect(() => {
    if (seconds === 0) toLogin();
  }, [seconds]);
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return (
    <Typography
      variant="caption"
      color="text.secondary"
      component="p"
      sx={{ mt: 2 }}
      data-testid="session-countdown"
    >
      {t('session.endsIn', { time: `${mm}:${ss}` })}
    </Typography>
  );
}
