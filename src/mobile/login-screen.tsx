import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/shared/ui/language-switch';
import { enrol, failureText, login, resendEnrolCode, type EnrolChallenge, type MobileCustomer } from './api';

export function LoginScreen({
  onLoggedIn,
  sessionEnded,
}: {
  onLoggedIn: (c: MobileCustomer) => void;
  sessionEnded: boolean;
}) {
  const { t, i18n } = useTranslation('mobile');
  const [userId, setUserId] = useState('');
  const [pin, setPin] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<EnrolChallenge | null>(null);
  const [code, setCode] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const userIdError = touched && !userId.trim() ? t('login.userIdRequired') : null;
  const pinError = touched && !/^\d{6}$/.test(pin) ? t('login.pinDigits') : null;
  const codeError = touched && !/^\d{6}$/.test(code) ? t('enrol.codeDigits') : null;
  const failed = (err: unknown) =>
    setError(
      failureText(err, i18n.language, { generic: t('errors.generic'), noResponse: t('errors.noResponse') }),
    );

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!userId.trim() || !/^\d{6}$/.test(pin)) return;
    setBusy(true);
    setError(null);
    try {
      const r = await login(userId.trim(), pin);
      if ('customer' in r) onLoggedIn(r.customer);
      else {
        setChallenge(r.challenge);
        setTouched(false);
      }
    } catch (err) {
      setPin('');
      setTouched(false);
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!challenge || !/^\d{6}$/.test(code)) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      onLoggedIn(await enrol(challenge.challengeId, code));
    } catch (err) {
      setCode('');
      setTouched(false);
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    if (!challenge) return;
    setBusy(true);
    setError(null);
    try {
      const otp = await resendEnrolCode(challenge.challengeId);
      setChallenge({ ...challenge, otp });
      setNotice(t('enrol.resent', { phone: otp.maskedPhone }));
    } catch (err) {
      failed(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'primary.main', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', p: 2 }}>
        <LanguageSwitch />
      </Box>
      <Box sx={{ color: 'primary.contrastText', px: 3, pt: 2, pb: 4 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('appName')}
        </Typography>
        <Typography variant="body2" sx={{ opacity: 0.9 }}>
          {t('tagline')}
        </Typography>
      </Box>
      {challenge ? (
        <Paper
          component="form"
          noValidate
          onSubmit={submitCode}
          elevation={0}
          sx={{
            flex: 1,
            borderRadius: '16px 16px 0 0',
            p: 3,
            display: 'flex',
            flexDirection: 'column',
            gap: 2.5,
          }}
        >
          <Typography variant="h6" component="h2">
            {t('enrol.title')}
          </Typography>
          <Typography variant="body2" data-testid="mobile-enrol-text">
            {t('enrol.text', { phone: challenge.otp.maskedPhone, ref: challenge.otp.refNumber })}
          </Typography>
          {notice && !error && <Alert severity="info">{notice}</Alert>}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField
            label={t('enrol.code')}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            autoComplete="one-time-code"
            error={!!codeError}
            helperText={codeError ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'mobile-enrol-code' } }}
            fullWidth
          />
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={busy}
            data-testid="mobile-enrol-submit"
          >
            {t('enrol.submit')}
          </Button>
          <Button
            variant="text"
            disabled={busy || challenge.otp.resendsLeft <= 0}
            onClick={() => void resend()}
            data-testid="mobile-enrol-resend"
          >
            {t('enrol.resend')}
          </Button>
        </Paper>
      ) : (
        <Paper
          component="form"
          noValidate
          onSubmit={submit}
          elevation={0}
          sx={{
            flex: 1,
            borderRadius: '16px 16px 0 0',
            p: 3,
            display: 'flex',
            flexDirection: 'column',
            gap: 2.5,
          }}
        >
          <Typography variant="h6" component="h2">
            {t('login.title')}
          </Typography>
          {sessionEnded && !error && <Alert severity="info">{t('login.sessionEnded')}</Alert>}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField
            label={t('login.userId')}
            value={userId}
            onChange={(e) => setUserId(e.target.value)}
            autoComplete="username"
            autoCapitalize="none"
            error={!!userIdError}
            helperText={userIdError ?? ' '}
            slotProps={{ htmlInput: { 'data-testid': 'mobile-user-id', maxLength: 40 } }}
            fullWidth
          />
          <TextField
            label={t('login.appPin')}
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, '').slice(0, 6))}
            type="password"
            autoComplete="current-password"
            error={!!pinError}
            helperText={pinError ?? t('login.appPinHelp')}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'mobile-pin' } }}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={busy} data-testid="mobile-login">
            {t('login.submit')}
          </Button>
        </Paper>
      )}
    </Box>
  );
}
