import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Lang } from '@/shared/i18n/i18n';
import { authApi, CHALLENGE_PATH, type CustomerSummary } from './api';
import { describeFailure } from './errors';
import type { ErrorView } from '@/shared/api/error-catalogue';
import { fieldMessage } from './field-message';
import { clearArrivalNotice, peekArrivalNotice, type ArrivalNotice } from './flash-notice';
import { MaintenanceBanner } from '@/shared/ui/maintenance-banner';
import { LoginField } from './login-field';
import { LoginLayout } from './login-layout';
import { checkField, type FieldProblem } from './schema-rules';
import loginRequest from '../../../schemas/api/auth/login.request.json';
import type { ChallengeState } from './challenge-page';
import { passkeysSupported } from '@/shared/passkeys/supported';

const userIdRule = loginRequest.properties.userId;

export interface LoginPageProps {
  /** Called on success, before navigating; the app shell may keep the customer. */
  onLoggedIn?: (customer: CustomerSummary) => void;
}

/**
 * /login/: the user id first, then the secure word the customer chose (so they can tell this is
 * the real bank before typing a password), then the password.
 */
export function LoginPage({ onLoggedIn }: LoginPageProps) {
  const { t, i18n } = useTranslation('auth');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'id';
  const navigate = useNavigate();
  const [notice] = useState<ArrivalNotice>(peekArrivalNotice);
  const [step, setStep] = useState<'userId' | 'password'>('userId');
  const [userId, setUserId] = useState('');
  const [password, setPassword] = useState('');
  const [secureWord, setSecureWord] = useState('');
  const [userIdProblem, setUserIdProblem] = useState<FieldProblem | undefined>();
  const [passwordProblem, setPasswordProblem] = useState<FieldProblem | undefined>();
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => clearArrivalNotice(), []);

  const fail = (err: unknown) => setFailure(describeFailure(err, i18n));

  const done = (r: Awaited<ReturnType<typeof authApi.login>>, id: string) => {
    if (r.status === 'ok') {
      onLoggedIn?.(r.customer);
      void navigate('/dashboard/', { replace: true });
    } else {
      const state: ChallengeState = { challenge: r.challenge, userId: id };
      void navigate(CHALLENGE_PATH[r.challenge.type], { state });
    }
  };

  // A passkey instead of the user id, secure word and password: from the button, or from the user id
  // field's autofill where the browser offers passkeys there (conditional mediation). Either starts on
  // the customer's first move (a tap or key in the field, or the button): @simplewebauthn/browser loads
  // only then, so the login page's first load does not grow. The autofill stays silent if it fails.
  const [passkeys] = useState(passkeysSupported);
  const autofill = useRef(false);
  const withPasskey = async (fromAutofill: boolean) => {
    try {
      const r = await (await import('./passkey-login')).passkeySignIn(fromAutofill);
      if (r) done(r, '');
    } catch (err) {
      fail(err);
    }
  };
  const offerInAutofill = () => {
    if (autofill.current || !passkeys) return;
    autofill.current = true;
    void withPasskey(true);
  };

  const submitUserId = async (e: FormEvent) => {
    e.preventDefault();
    const id = userId.trim();
    const p = checkField(userIdRule, id, true) ?? undefined;
    setUserIdProblem(p);
    setFailure(null);
    if (p) return;
    setBusy(true);
    try {
      const r = await authApi.secureWord(id);
      setSecureWord(r.secureWord);
      setStep('password');
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = async (e: FormEvent) => {
    e.preventDefault();
    const p: FieldProblem | undefined = password ? undefined : { rule: 'required' };
    setPasswordProblem(p);
    setFailure(null);
    if (p) return;
    setBusy(true);
    try {
      done(await authApi.login(userId.trim(), password), userId.trim());
    } catch (err) {
      setPassword('');
      fail(err);
    } finally {
      setBusy(false);
    }
  };

  const restart = () => {
    setStep('userId');
    setPassword('');
    setSecureWord('');
    setFailure(null);
  };

  return (
    <LoginLayout>
      <MaintenanceBanner page="login" />
      {notice?.kind === 'logout' && (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="logout-message">
          {lang === 'en' ? notice.eng : notice.idn}
        </Alert>
      )}
      {notice?.kind === 'expired' && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="session-expired">
          <AlertTitle>{t('login.expiredTitle')}</AlertTitle>
          {t('login.expiredMessage')}
        </Alert>
      )}
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('login.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('login.subtitle')}
      </Typography>
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" data-testid="login-error">
          <AlertTitle>{failure.title}</AlertTitle>
          {failure.message}
          {failure.code && (
            <Typography variant="caption" component="div" sx={{ mt: 0.5 }}>
              {failure.code}
            </Typography>
          )}
        </Alert>
      )}
      {step === 'userId' ? (
        <Box component="form" onSubmit={submitUserId} noValidate>
          <Stack spacing={2}>
            <LoginField
              label={t('fields.userId')}
              name="userId"
              maxLength={20}
              value={userId}
              autoFocus
              autoComplete="username webauthn"
              onPointerDown={offerInAutofill}
              onKeyDown={offerInAutofill}
              onChange={(e) => {
                setUserId(e.target.value);
                setUserIdProblem(undefined);
              }}
              error={Boolean(userIdProblem)}
              helperText={fieldMessage(t, 'userId', userIdProblem) ?? ' '}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {t('login.next')}
            </Button>
            {passkeys && (
              <Button
                variant="outlined"
                size="large"
                disabled={busy}
                onClick={() => void withPasskey(false)}
                data-testid="login-passkey"
              >
                {t('login.passkey')}
              </Button>
            )}
          </Stack>
        </Box>
      ) : (
        <Box component="form" onSubmit={submitPassword} noValidate>
          <Stack spacing={2}>
            <Typography>
              {t('login.userIdIs')} <strong>{userId.trim()}</strong>{' '}
              <Link component="button" type="button" onClick={restart} sx={{ verticalAlign: 'baseline' }}>
                {t('login.notYou')}
              </Link>
            </Typography>
            <Alert severity="info" icon={false} sx={{ textAlign: 'center' }} data-testid="secure-word-box">
              <Typography variant="body2">{t('login.secureWordLabel')}</Typography>
              <Typography
                data-testid="secure-word"
                sx={{ fontSize: 26, fontWeight: 700, letterSpacing: 1, my: 0.5 }}
              >
                {secureWord}
              </Typography>
              <Typography variant="body2">{t('login.secureWordCheck')}</Typography>
            </Alert>
            <LoginField
              label={t('fields.password')}
              name="password"
              maxLength={64}
              type="password"
              value={password}
              autoFocus
              autoComplete="current-password"
              onChange={(e) => {
                setPassword(e.target.value);
                setPasswordProblem(undefined);
              }}
              error={Boolean(passwordProblem)}
              helperText={fieldMessage(t, 'password', passwordProblem) ?? ' '}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              {t('login.submit')}
            </Button>
          </Stack>
        </Box>
      )}
      <Stack spacing={0.5} sx={{ mt: 3 }}>
        <Typography variant="body2" color="text.secondary">
          {t('login.forgotLabel')}
        </Typography>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
          <Link component={RouterLink} to="/login/forgot-userid/">
            {t('forgot.userid.link')}
          </Link>
          <Link component={RouterLink} to="/login/forgot-password/">
            {t('forgot.password.link')}
          </Link>
          <Link component={RouterLink} to="/login/forgot-edebit/">
            {t('forgot.edebit.link')}
          </Link>
        </Stack>
        <Typography variant="body2" sx={{ pt: 2 }}>
          {t('login.noAccount')} <Link href="/register/">{t('login.register')}</Link>
        </Typography>
      </Stack>
    </LoginLayout>
  );
}
