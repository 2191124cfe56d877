import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

const STEPS = ['details', 'userInfo', 'otp', 'email', 'done'] as const;
export type ProgressStep = (typeof STEPS)[number];

/** One registration screen: title, the progress line, and its content in a card. */
export function RegistrationPage({
  title,
  subtitle,
  progress,
  children,
  testId,
}: {
  title: string;
  subtitle?: ReactNode;
  progress?: ProgressStep;
  children: ReactNode;
  testId?: string;
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
      </Paper>
    </Box>
  );
}
