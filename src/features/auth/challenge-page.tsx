import { Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import {
  authApi,
  CHALLENGE_PATH,
  type CustomerSummary,
  type LoginChallengeType,
  type OtpChallenge,
} from './api';
import { LoginLayout } from './login-layout';
import { OtpEntry } from './otp-entry';

export interface ChallengeState {
  userId: string;
  challenge: { type: LoginChallengeType; challengeId: string; otp: OtpChallenge };
}

/** A pending challenge whose page is the one of `type` ('unlock' shows on the FDS page). */
function isChallengeState(v: unknown, type: LoginChallengeType): v is ChallengeState {
  const s = v as ChallengeState | null;
  const pending = s?.challenge?.type;
  return Boolean(
    s?.challenge?.challengeId &&
    pending &&
    CHALLENGE_PATH[pending] === CHALLENGE_PATH[type] &&
    s.challenge.otp?.requestId,
  );
}

/**
 * /login/fdschallenge/ and /login/bdschallenge/: the bank wants an OTP before this login completes
 * (FDS: fraud detection flags the customer; BDS: the browser is new; unlock, on the FDS page: the
 * user id is locked after wrong guesses, and this known browser gets in with the OTP). Entered without a pending
 * challenge, it goes back to /login/.
 */
export function ChallengePage({
  type,
  onLoggedIn,
}: {
  type: LoginChallengeType;
  onLoggedIn?: (c: CustomerSummary) => void;
}) {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  if (!isChallengeState(state, type)) return <Navigate to="/login/" replace />;
  const { challengeId, otp, type: pending } = state.challenge;

  return (
    <LoginLayout>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t(`challenge.${pending}.title`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t(`challenge.${pending}.explain`)}
      </Typography>
      <OtpEntry
        otp={otp}
        submitLabel={t('login.submit')}
        onVerify={async (code) => {
          const r = await authApi.challenge(challengeId, code);
          if (r.status === 'ok') {
            onLoggedIn?.(r.customer);
            void navigate('/dashboard/', { replace: true });
          }
        }}
        onResend={() => authApi.challengeResend(challengeId)}
      />
      <Typography variant="body2" sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/login/" replace>
          {t('challenge.backToLogin')}
        </Link>
      </Typography>
    </LoginLayout>
  );
}
