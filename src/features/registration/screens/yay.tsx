import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { catalogueText } from '../../../shared/api/error-catalogue';
import { CONTACT_CENTRE } from '../../../shared/constants';
import { useGo } from '../context';
import { RequireState } from '../guards';
import { RegistrationPage } from '../layout';
import { isResult, type RegistrationResult } from './state';

/** The outcome: success, partial success (the app login failed) or failed. */
function Outcome({ result }: { result: RegistrationResult }) {
  const { t, i18n } = useTranslation('register');
  const go = useGo();
  if (result.outcome === 'failed') {
    const failed = catalogueText('registrationFailed', i18n);
    return (
      <RegistrationPage title={failed.title} testId="screen-yay-failed">
        <Alert severity="error" sx={{ mb: 2 }}>
          {result.message ?? failed.message}
        </Alert>
        <Typography sx={{ mb: 2 }}>{t('yay.failedHelp', { centre: CONTACT_CENTRE })}</Typography>
        <Button variant="contained" onClick={() => go('', undefined, true)}>
          {t('yay.again')}
        </Button>
      </RegistrationPage>
    );
  }
  const partial = result.outcome === 'partial' ? catalogueText('registrationPartial', i18n) : null;
  return (
    <RegistrationPage
      title={partial?.title ?? t('yay.title')}
      progress="done"
      testId={`screen-yay-${result.outcome}`}
    >
      {partial && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="partial-message">
          {partial.message}
        </Alert>
      )}
      <Stack spacing={1} sx={{ mb: 3 }}>
        <Typography>{t('yay.loginWith', { userId: result.userId })}</Typography>
        {result.mobileLogin && result.outcome === 'success' && (
          <Typography>{t('yay.mobileReady')}</Typography>
        )}
      </Stack>
      <Button variant="contained" href="/login/" fullWidth data-testid="go-login">
        {t('yay.login')}
      </Button>
    </RegistrationPage>
  );
}

export function YayScreen() {
  return <RequireState valid={isResult}>{(r) => <Outcome result={r} />}</RequireState>;
}
