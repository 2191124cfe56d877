import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { fieldError, numberEntry, type RuleSchema } from './rules';
import { langOf, pick } from './form';

/** Seconds left before the instant, ticking every second (0 when passed). */
export function useCountdown(until: string | undefined): number {
  const left = () => (until ? Math.max(0, Math.ceil((Date.parse(until) - Date.now()) / 1000)) : 0);
  const [s, setS] = useState(left);
  useEffect(() => {
    setS(left());
    const id = window.setInterval(() => setS(left()), 1000);
    return () => window.clearInterval(id);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [until]);
  return s;
}

/** The code input with its rule, the resend button blocked by a countdown, and the submit button. */
export function OtpEntry({
  schema,
  sentTo,
  refNumber,
  resendAvailableAt,
  busy,
  error,
  onSubmit,
  onResend,
  onChangeTarget,
  changeTargetLabel,
}: {
  schema: RuleSchema;
  sentTo: string;
  refNumber?: string;
  resendAvailableAt?: string;
  busy: boolean;
  error: string | null;
  onSubmit: (code: string) => void;
  onResend: () => void;
  onChangeTarget?: () => void;
  changeTargetLabel?: string;
}) {
  const { t, i18n } = useTranslation('register');
  const lang = langOf(i18n.language);
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const seconds = useCountdown(resendAvailableAt);
  const ruleError = touched ? fieldError(schema, 'otp', { otp: code }) : null;
  const shown = ruleError ? pick(ruleError, lang) : error;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (!fieldError(schema, 'otp', { otp: code })) onSubmit(code);
      }}
    >
      <Typography sx={{ mb: 1 }}>{t('otp.sentTo', { target: sentTo })}</Typography>
      {refNumber && (
        <Typography variant="body2" color="text.secondary" data-testid="otp-ref">
          {t('otp.ref', { ref: refNumber })}
        </Typography>
      )}
      <TextField
        id="reg-otp"
        name="otp"
        label={t('otp.label')}
        value={code}
        // The code as pasted from an SMS (" 079 189 ", "079-189"): separators go before the six count.
        onChange={(e) => setCode(numberEntry(e.target.value, 6))}
        onBlur={() => setTouched(true)}
        error={Boolean(shown)}
        helperText={shown ?? ' '}
        fullWidth
        margin="normal"
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        <Button onClick={onResend} disabled={busy || seconds > 0} data-testid="otp-resend">
          {seconds > 0 ? t('otp.resendIn', { seconds }) : t('otp.resend')}
        </Button>
        {onChangeTarget && (
          <Button onClick={onChangeTarget} disabled={busy} color="secondary">
            {changeTargetLabel}
          </Button>
        )}
      </Stack>
      <Button type="submit" variant="contained" fullWidth disabled={busy}>
        {t('actions.verify')}
      </Button>
    </form>
  );
}

export function GeneralError({ message }: { message: string | null }) {
  return message ? (
    <Alert severity="error" sx={{ mb: 2 }} data-testid="general-error">
      {message}
    </Alert>
  ) : null;
}
