import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OTP } from '@/shared/constants';
import type { OtpChallenge } from './api';
import { mmss, useCountdown } from './use-countdown';
import {
  describeFailure,
  failureCode,
  HandledError,
  OTP_EXPIRED_CODES,
  OTP_FROZEN_CODES,
  OTP_INLINE_CODES,
} from './errors';
import type { ErrorView } from '@/shared/api/error-catalogue';

export interface OtpEntryProps {
  otp: OtpChallenge;
  /** Resolves when the code is accepted; rejects with the server's ApiFailure otherwise. */
  onVerify: (code: string) => Promise<void>;
  /** Sends a new code; resolves with the new challenge. */
  onResend: () => Promise<OtpChallenge>;
  /** Offered when the phone is frozen and the user may pick another number. */
  onChooseOtherPhone?: () => void;
  submitLabel?: string;
}

const digitsOnly = /^\d*$/;

/** Six-digit code entry with the resend countdown, inline wrong-code message, frozen and expired states. */
export function OtpEntry({
  otp: initial,
  onVerify,
  onResend,
  onChooseOtherPhone,
  submitLabel,
}: OtpEntryProps) {
  const { t, i18n } = useTranslation('auth');
  const [otp, setOtp] = useState(initial);
  const [code, setCode] = useState('');
  const [inline, setInline] = useState<string | null>(null);
  const [blocking, setBlocking] = useState<{ kind: 'frozen' | 'expired' | 'other'; text: ErrorView } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const left = useCountdown(otp.resendAvailableAt);

  const showFailure = (err: unknown) => {
    const code = failureCode(err);
    const text = describeFailure(err, i18n);
    if (!text) return;
    if (code && OTP_INLINE_CODES.has(code)) setInline(text.message || t('otp.wrong'));
    else if (code && OTP_FROZEN_CODES.has(code)) setBlocking({ kind: 'frozen', text });
    else if (code && OTP_EXPIRED_CODES.has(code)) setBlocking({ kind: 'expired', text });
    else setBlocking({ kind: 'other', text });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (code.length !== OTP.digits) {
      setInline(t('otp.sixDigits', { digits: OTP.digits }));
      return;
    }
    setBusy(true);
    setInline(null);
    setBlocking(null);
    try {
      await onVerify(code);
    } catch (err) {
      if (!(err instanceof HandledError)) setCode('');
      showFailure(err);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setBusy(true);
    setInline(null);
    setBlocking(null);
    try {
      setOtp(await onResend());
      setCode('');
    } catch (err) {
      showFailure(err);
    } finally {
      setBusy(false);
    }
  };

  const frozen = blocking?.kind === 'frozen';
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <Typography>{t('otp.sentTo', { phone: otp.maskedPhone })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t('otp.reference', { ref: otp.refNumber })}
          {' · '}
          {t('otp.validUntil', {
            time: new Date(otp.expiresAt).toLocaleTimeString(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
              hour: '2-digit',
              minute: '2-digit',
            }),
          })}
        </Typography>
        <TextField
          label={t('otp.label')}
          value={code}
          autoComplete="one-time-code"
          disabled={frozen}
          onChange={(e) => {
            // A code pasted as "123 456" or "123-456" counts as its digits.
            const v = e.target.value.replace(/[\s-]/g, '');
            if (digitsOnly.test(v) && v.length <= OTP.digits) setCode(v);
            if (inline) setInline(null);
          }}
          error={Boolean(inline)}
          helperText={inline ?? t('otp.hint', { digits: OTP.digits })}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              'aria-label': t('otp.label'),
              'data-testid': 'otp-input',
            },
          }}
        />
        {blocking && (
          <Alert severity={blocking.kind === 'other' ? 'error' : 'warning'} role="alert">
            <strong>{blocking.text.title}</strong>
            <div>{blocking.text.message}</div>
            {blocking.kind === 'other' && blocking.text.code && (
              <Typography variant="caption" component="div">
                {blocking.text.code}
              </Typography>
            )}
            {frozen && onChooseOtherPhone && (
              <Button size="small" onClick={onChooseOtherPhone} sx={{ mt: 1 }}>
                {t('otp.chooseOther')}
              </Button>
            )}
          </Alert>
        )}
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={busy || frozen}>
            {submitLabel ?? t('otp.submit')}
          </Button>
          <Button onClick={resend} disabled={busy || left > 0 || frozen || otp.resendsLeft <= 0}>
            {left > 0 ? t('otp.resendIn', { time: mmss(left) }) : t('otp.resend')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
