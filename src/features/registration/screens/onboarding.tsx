import { useCallback, useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { HTTP_TIMEOUT } from '../../../shared/constants';
import { registrationApi } from '../api';
import { BlockBackForward } from '../guards';

export const ONBOARDING_LOADED_MESSAGE = 'OctoOnlineOnboardingSuccessfullyLoaded';
const TYPE_KEY = 'registrationType';

export type RegistrationType = 'open-account' | 'check-NTB' | 'verify-NTB';

export function setRegistrationType(type: RegistrationType): void {
  try {
    sessionStorage.setItem(TYPE_KEY, type);
  } catch {
    // storage blocked: the open-account page is the default
  }
}

function storedType(): string | null {
  try {
    return sessionStorage.getItem(TYPE_KEY);
  } catch {
    return null;
  }
}

/** check-NTB and verify-NTB continue an application; anything else opens an account. */
export function onboardingLink(baseUrl: string, type: string | null, merchantCode: string): string {
  const page = type === 'check-NTB' || type === 'verify-NTB' ? 'continue-registration' : 'open-account';
  return `${baseUrl}/${page}?merchantCode=${encodeURIComponent(merchantCode)}`;
}

/** Tests may point the image check elsewhere and shorten its time-out (set before the page loads). */
interface TestHooks {
  imageCheckUrl?: string;
  imageCheckMs?: number;
}
const testHooks = (): TestHooks =>
  (window as { __REGISTRATION_TEST__?: TestHooks }).__REGISTRATION_TEST__ ?? {};

/** Loads an image with a time-out: the onboarding host is reachable when it arrives. */
export function checkImage(url: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const img = new Image();
    const timer = window.setTimeout(() => finish(false), timeoutMs);
    function finish(ok: boolean) {
      window.clearTimeout(timer);
      img.onload = img.onerror = null;
      if (!ok) img.src = '';
      resolve(ok);
    }
    img.onload = () => finish(true);
    img.onerror = () => finish(false);
    img.src = `${url}${url.includes('?') ? '&' : '?'}t=${Date.now()}`;
  });
}

type Phase = 'checking' | 'embedded' | 'failed';

/** The external account-opening page in a frame, after a reachability check. */
export function OnboardingScreen() {
  const { t } = useTranslation('register');
  const [phase, setPhase] = useState<Phase>('checking');
  const [link, setLink] = useState<string | null>(null);
  const [loaded, setLoaded] = useState(false);
  const origin = useRef<string>(window.location.origin);
  const [attempt, setAttempt] = useState(0);

  const run = useCallback(async () => {
    setPhase('checking');
    setLoaded(false);
    const hooks = testHooks();
    const timeoutMs = hooks.imageCheckMs ?? HTTP_TIMEOUT.imageCheckMs;
    try {
      const cfg = await registrationApi.onboardingConfig();
      const ok = await checkImage(hooks.imageCheckUrl ?? cfg.imageCheckUrl, timeoutMs);
      if (!ok) {
        setPhase('failed');
        return;
      }
      const url = onboardingLink(cfg.baseUrl, storedType(), cfg.merchantCode);
      origin.current = new URL(url, window.location.href).origin;
      setLink(url);
      setPhase('embedded');
    } catch {
      setPhase('failed');
    }
  }, []);

  useEffect(() => {
    void run();
  }, [run, attempt]);

  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin === origin.current && e.data === ONBOARDING_LOADED_MESSAGE) {
        setLoaded(true);
        setPhase('embedded');
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // Embedded but silent for as long as the image check may take: the time-out screen shows until the page speaks.
  useEffect(() => {
    if (phase !== 'embedded' || loaded) return;
    const id = window.setTimeout(
      () => setPhase('failed'),
      testHooks().imageCheckMs ?? HTTP_TIMEOUT.imageCheckMs,
    );
    return () => window.clearTimeout(id);
  }, [phase, loaded]);

  return (
    <Box component="main" sx={{ px: 2, py: 2 }} data-testid="screen-threeo">
      <BlockBackForward />
      {!(phase === 'failed' && !loaded) && (
        // What the page is, while it checks and around the frame (the time-out screen has its own title).
        <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
          {t('onboarding.frameTitle')}
        </Typography>
      )}
      {phase === 'checking' && (
        <Box
          sx={{ display: 'flex', justifyContent: 'center', py: 6 }}
          role="status"
          aria-label={t('onboarding.loading')}
        >
          <CircularProgress />
        </Box>
      )}
      {phase === 'failed' && !loaded && (
        <Paper
          variant="outlined"
          sx={{ p: 4, maxWidth: 480, mx: 'auto', textAlign: 'center' }}
          data-testid="onboarding-timeout"
        >
          <Typography variant="h6" component="h1" gutterBottom>
            {t('onboarding.timeoutTitle')}
          </Typography>
          <Typography color="text.secondary">{t('onboarding.timeoutMessage')}</Typography>
          <Typography
            variant="caption"
            component="p"
            color="text.secondary"
            sx={{ my: 2 }}
            data-testid="onboarding-code"
          >
            error: 0000
          </Typography>
          <Button
            variant="contained"
            onClick={() => setAttempt((a) => a + 1)}
            data-testid="onboarding-reload"
          >
            {t('onboarding.reload')}
          </Button>
        </Paper>
      )}
      {link && phase !== 'checking' && (
        <Box
          component="iframe"
          title={t('onboarding.frameTitle')}
          src={link}
          allow="camera; microphone"
          data-testid="onboarding-frame"
          sx={{
            border: 0,
            width: '100%',
            height: '80vh',
            display: phase === 'failed' && !loaded ? 'none' : 'block',
          }}
        />
      )}
    </Box>
  );
}
