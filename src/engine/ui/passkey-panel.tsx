import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import FingerprintIcon from '@mui/icons-material/Fingerprint';
import { useTranslation } from 'react-i18next';
import { describeError, type FailureLike } from '@/shared/api/error-catalogue';
import type { PasskeyContext } from '../machine/passkey-machine';
import type { PanelProps } from './verification-panels';

/**
 * The verify page's passkey: offered (a tap starts it: some browsers ask for a gesture), waiting for
 * the device, refused by the bank (the catalogue's words, try again or another method), or a browser
 * without passkeys. `onApproval`: the app approval instead, when the flow allows it.
 */
export function PasskeyPanel({
  state,
  context,
  send,
  onApproval,
}: Omit<PanelProps<PasskeyContext>, 'now'> & { onApproval?: () => void }) {
  const { t, i18n } = useTranslation('engine');
  const others = (
    <>
      <Button onClick={() => send({ type: 'USE_OTP' })} data-testid="passkey-use-otp">
        {t('passkey.useOtp')}
      </Button>
      {onApproval && (
        <Button onClick={onApproval} data-testid="passkey-use-approval">
          {t('passkey.useApproval')}
        </Button>
      )}
    </>
  );
  if (state === 'unsupported')
    return (
      <Box data-testid="passkey-unsupported">
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('passkey.unsupported')}
        </Alert>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>{others}</Box>
      </Box>
    );
  if (state === 'requesting' || state === 'waitingForDevice' || state === 'confirming' || state === 'start')
    return (
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 2 }}
        data-testid="passkey-waiting"
        aria-live="polite"
      >
        <CircularProgress size={20} aria-hidden />
        <Typography>{t(state === 'confirming' ? 'passkey.processing' : 'passkey.waiting')}</Typography>
      </Box>
    );
  if (state === 'refused') {
    const view = describeError(context.error as FailureLike, i18n);
    return (
      <Box data-testid="passkey-refused">
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          <AlertTitle>{view.title}</AlertTitle>
          {view.message}
          {view.code && (
            <Typography variant="caption" component="div" sx={{ mt: 0.5 }}>
              {view.code}
            </Typography>
          )}
        </Alert>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          <Button variant="contained" onClick={() => send({ type: 'RETRY' })} data-testid="passkey-retry">
            {t('passkey.retry')}
          </Button>
          {others}
        </Box>
      </Box>
    );
  }
  return (
    <Box data-testid="passkey-panel">
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('passkey.offer')}
      </Typography>
      {context.notice && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('passkey.deviceCancelled')}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button
          variant="contained"
          startIcon={<FingerprintIcon />}
          onClick={() => send({ type: 'SIGN' })}
          data-testid="passkey-confirm"
        >
          {t('passkey.confirm')}
        </Button>
        {others}
      </Box>
    </Box>
  );
}
