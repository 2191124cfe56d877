import { useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { Lang } from '@/shared/i18n/i18n';
import { OTP } from '@/shared/constants';
import { formatBankDay } from '@/shared/bank-time';
import { authApi, type ForgotOutcome, type OtpChallenge } from '../api';
import { describeFailure, HandledError } from '../errors';
import type { ErrorView } from '@/shared/api/error-catalogue';
import { fieldMessage } from '../field-message';
import { LoginLayout } from '../login-layout';
import { OtpEntry } from '../otp-entry';
import type { FieldProblem } from '../schema-rules';
import { isForgotState, type ForgotConfig, type ForgotState } from './config';
import { checkNewPassword, type NewPasswordProblems } from './new-password';
import { activeFields, credentialsBody, validateCredentials } from './validate-credentials';

function ForgotHeader({ config, step }: { config: ForgotConfig; step: 0 | 1 | 2 }) {
  const { t } = useTranslation('auth');
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t(`forgot.${config.type}.title`)}
      </Typography>
      <Stepper activeStep={step} alternativeLabel sx={{ mb: 3 }}>
        {(['start', 'credentials', 'otp'] as const).map((s) => (
          <Step key={s}>
            <StepLabel>{t(`forgot.steps.${s}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
    </>
  );
}

function FailureAlert({ failure }: { failure: ErrorView | null }) {
  if (!failure) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }} data-testid="forgot-error">
      <AlertTitle>{failure.title}</AlertTitle>
      {failure.message}
      {failure.code && (
        <Typography variant="caption" component="div">
          {failure.code}
        </Typography>
      )}
    </Alert>
  );
}

/** Base step: what the flow does and what to have at hand. */
export function ForgotBasePage({ config }: { config: ForgotConfig }) {
  const { t } = useTranslation('auth');
  const needs = t(`forgot.${config.type}.needs`, { returnObjects: true }) as Record<string, string>;
  return (
    <LoginLayout>
      <ForgotHeader config={config} step={0} />
      <Typography sx={{ mb: 2 }}>{t(`forgot.${config.type}.explain`)}</Typography>
      <Typography sx={{ fontWeight: 600 }}>{t('forgot.prepare')}</Typography>
      <Box component="ul" sx={{ mt: 0.5, mb: 3, pl: 3 }}>
        {Object.entries(needs).map(([k, v]) => (
          <li key={k}>
            <Typography>{v}</Typography>
          </li>
        ))}
      </Box>
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Button component={RouterLink} to="/login/">
          {t('forgot.backToLogin')}
        </Button>
        <Button variant="contained" component={RouterLink} to={`/login/${config.segment}/credentials/`}>
          {t('forgot.start')}
        </Button>
      </Stack>
    </LoginLayout>
  );
}

/** Credentials step: the form of the server's request schema, checked here with the same rules. */
export function ForgotCredentialsPage({ config }: { config: ForgotConfig }) {
  const { t, i18n } = useTranslation('auth');
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<string, string>>({});
  const [chosen, setChosen] = useState<string | undefined>(config.alternatives?.[0]);
  const [problems, setProblems] = useState<Record<string, FieldProblem>>({});
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const p = validateCredentials(config, values, chosen);
    setProblems(p);
    setFailure(null);
    if (Object.keys(p).length > 0) return;
    setBusy(true);
    try {
      const body = credentialsBody(config, values, chosen);
      const r = await authApi.forgotValidate(config.type, body);
      const state: ForgotState = { forgotToken: r.forgotToken, phones: r.phones, userId: body.userId };
      void navigate(`/login/${config.segment}/otp/`, { state });
    } catch (err) {
      setFailure(describeFailure(err, i18n));
    } finally {
      setBusy(false);
    }
  };

  return (
    <LoginLayout>
      <ForgotHeader config={config} step={1} />
      <FailureAlert failure={failure} />
      <Box component="form" onSubmit={submit} noValidate>
        <Stack spacing={2}>
          {config.alternatives && (
            <ToggleButtonGroup
              exclusive
              fullWidth
              size="small"
              color="primary"
              value={chosen}
              onChange={(_e, v: string | null) => {
                if (v) {
                  setChosen(v);
                  setProblems({});
                }
              }}
            >
              {config.alternatives.map((a) => (
                <ToggleButton key={a} value={a} data-testid={`use-${a}`}>
                  {t(`fields.${a}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
          {activeFields(config, chosen).map((name) => {
            const kind = config.inputs[name] ?? 'text';
            return (
              <TextField
                key={name}
                label={t(`fields.${name}`)}
                type={kind === 'date' ? 'date' : kind === 'secret' ? 'password' : 'text'}
                value={values[name] ?? ''}
                onChange={(e) => {
                  const v = e.target.value;
                  if ((kind === 'digits' || kind === 'secret') && !/^\d*$/.test(v)) return;
                  setValues((all) => ({ ...all, [name]: v }));
                  setProblems(({ [name]: _gone, ...rest }) => rest);
                }}
                error={Boolean(problems[name])}
                helperText={
                  fieldMessage(t, name, problems[name]) ?? t(`hints.${name}`, { defaultValue: ' ' })
                }
                slotProps={{
                  inputLabel: kind === 'date' ? { shrink: true } : undefined,
                  htmlInput: {
                    name,
                    inputMode: kind === 'digits' || kind === 'secret' ? 'numeric' : undefined,
                    autoComplete: 'off',
                  },
                }}
              />
            );
          })}
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
            <Button component={RouterLink} to={`/login/${config.segment}/`}>
              {t('forgot.back')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('forgot.continue')}
            </Button>
          </Stack>
        </Stack>
      </Box>
    </LoginLayout>
  );
}

function frozenNow(until: string | null): boolean {
  return Boolean(until && Date.parse(until) > Date.now());
}

/** OTP step: choose a phone, (set the new password,) enter the code; then the result. */
export function ForgotOtpPage({ config }: { config: ForgotConfig }) {
  const location = useLocation();
  const state: unknown = location.state;
  if (!isForgotState(state)) return <Navigate to={`/login/${config.segment}/`} replace />;
  return <ForgotOtp config={config} state={state} />;
}

/** The companion-app devices a reset's answer names (each waits for the customer's check). */
function devicesOf(outcome: ForgotOutcome): { name: string | null; enrolledAt: string }[] {
  const list: unknown = outcome.devices;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (d): d is { name: string | null; enrolledAt: string } =>
      !!d && typeof d === 'object' && typeof (d as { enrolledAt?: unknown }).enrolledAt === 'string',
  );
}

function ForgotOtp({ config, state }: { config: ForgotConfig; state: ForgotState }) {
  const { t, i18n } = useTranslation('auth');
  const lang: Lang = i18n.language === 'en' ? 'en' : 'id';
  // Phones frozen during this visit, on top of what the server said at the credentials step.
  const [frozenHere, setFrozenHere] = useState<Record<number, string>>({});
  const phones = state.phones.map((p) => ({ ...p, frozenUntil: frozenHere[p.phoneId] ?? p.frozenUntil }));
  const usable = phones.filter((p) => !frozenNow(p.frozenUntil));
  const [phoneId, setPhoneId] = useState<number | undefined>(usable[0]?.phoneId);
  const [otp, setOtp] = useState<OtpChallenge | null>(null);
  const [failure, setFailure] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<ForgotOutcome | null>(null);
  const [pw, setPw] = useState({ newPassword: '', confirmPassword: '' });
  const [pwProblems, setPwProblems] = useState<NewPasswordProblems>({});

  const send = async () => {
    if (phoneId === undefined) return;
    setBusy(true);
    setFailure(null);
    try {
      setOtp(await authApi.forgotSendOtp(config.type, state.forgotToken, phoneId));
    } catch (err) {
      setFailure(describeFailure(err, i18n));
    } finally {
      setBusy(false);
    }
  };

  if (outcome) {
    const result = String(outcome.result ?? '');
    const phone = String(outcome.maskedPhone ?? otp?.maskedPhone ?? '');
    return (
      <LoginLayout>
        <ForgotHeader config={config} step={2} />
        <Alert severity="success" sx={{ mb: 3 }} data-testid="forgot-result">
          <AlertTitle>{t('forgot.result.title')}</AlertTitle>
          {t([`forgot.result.${result}`, 'forgot.result.done'], { phone })}
        </Alert>
        {Array.isArray(outcome.passkeys) && outcome.passkeys.length > 0 && (
          // No passkey is kept unseen: each works again only once kept in Settings.
          <Alert severity="warning" sx={{ mb: 3 }} data-testid="forgot-passkeys">
            {t('forgot.result.passkeys', { names: outcome.passkeys.map((n) => `"${String(n)}"`).join(', ') })}
          </Alert>
        )}
        {devicesOf(outcome).length > 0 && (
          // Nor a companion-app device: none approves again until kept in Settings.
          <Alert severity="warning" sx={{ mb: 3 }} data-testid="forgot-devices">
            {t('forgot.result.devices', {
              names: devicesOf(outcome)
                .map(
                  (d) =>
                    `"${d.name ?? t('forgot.result.deviceUnnamed')}" (${formatBankDay(d.enrolledAt, lang)})`,
                )
                .join(', '),
            })}
          </Alert>
        )}
        <Button variant="contained" component={RouterLink} to="/login/" replace>
          {t('forgot.backToLogin')}
        </Button>
      </LoginLayout>
    );
  }

  return (
    <LoginLayout>
      <ForgotHeader config={config} step={2} />
      <FailureAlert failure={failure} />
      {!otp ? (
        <Stack spacing={2}>
          <Typography>{t('forgot.choosePhone')}</Typography>
          <RadioGroup
            value={phoneId === undefined ? '' : String(phoneId)}
            onChange={(e) => setPhoneId(Number(e.target.value))}
          >
            {phones.map((p) => {
              const frozen = frozenNow(p.frozenUntil);
              return (
                <FormControlLabel
                  key={p.phoneId}
                  value={String(p.phoneId)}
                  disabled={frozen}
                  control={<Radio />}
                  label={
                    frozen
                      ? t('forgot.phoneFrozen', {
                          phone: p.maskedPhone,
                          time: new Date(p.frozenUntil!).toLocaleTimeString(
                            lang === 'en' ? 'en-GB' : 'id-ID',
                            {
                              hour: '2-digit',
                              minute: '2-digit',
                            },
                          ),
                        })
                      : p.maskedPhone
                  }
                />
              );
            })}
          </RadioGroup>
          {usable.length === 0 && <Alert severity="warning">{t('forgot.allFrozen')}</Alert>}
          <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
            <Button component={RouterLink} to={`/login/${config.segment}/credentials/`}>
              {t('forgot.back')}
            </Button>
            <Button variant="contained" onClick={send} disabled={busy || phoneId === undefined}>
              {t('forgot.sendCode')}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Stack spacing={2}>
          {config.newPassword && (
            <>
              <Typography>{t('forgot.newPasswordExplain')}</Typography>
              <TextField
                label={t('fields.newPassword')}
                type="password"
                autoComplete="new-password"
                value={pw.newPassword}
                onChange={(e) => {
                  setPw((v) => ({ ...v, newPassword: e.target.value }));
                  setPwProblems((p) => ({ ...p, newPassword: undefined }));
                }}
                error={Boolean(pwProblems.newPassword)}
                helperText={
                  pwProblems.newPassword
                    ? t(`validation.newPassword.${pwProblems.newPassword}`)
                    : t('hints.newPassword')
                }
                slotProps={{ htmlInput: { name: 'newPassword', maxLength: 14 } }}
              />
              <TextField
                label={t('fields.confirmPassword')}
                type="password"
                autoComplete="new-password"
                value={pw.confirmPassword}
                onChange={(e) => {
                  setPw((v) => ({ ...v, confirmPassword: e.target.value }));
                  setPwProblems((p) => ({ ...p, confirmPassword: undefined }));
                }}
                error={Boolean(pwProblems.confirmPassword)}
                helperText={
                  pwProblems.confirmPassword
                    ? t(`validation.confirmPassword.${pwProblems.confirmPassword}`)
                    : ' '
                }
                slotProps={{ htmlInput: { name: 'confirmPassword', maxLength: 14 } }}
              />
            </>
          )}
          <OtpEntry
            otp={otp}
            onVerify={async (code) => {
              const body: Record<string, unknown> = {
                forgotToken: state.forgotToken,
                requestId: otp.requestId,
                otp: code,
              };
              if (config.newPassword) {
                const p = checkNewPassword(pw.newPassword, pw.confirmPassword, state.userId);
                setPwProblems(p);
                if (p.newPassword || p.confirmPassword) throw new HandledError();
                body.newPassword = pw.newPassword;
              }
              setOutcome(await authApi.forgotValidateOtp(config.type, body));
            }}
            onResend={async () => {
              const next = await authApi.forgotSendOtp(config.type, state.forgotToken, otp.phoneId);
              setOtp(next);
              return next;
            }}
            onChooseOtherPhone={() => {
              setFrozenHere((f) => ({
                ...f,
                [otp.phoneId]: new Date(Date.now() + OTP.freezeMs).toISOString(),
              }));
              setOtp(null);
              setPhoneId(undefined);
            }}
          />
        </Stack>
      )}
      <Typography variant="body2" sx={{ mt: 3 }}>
        <Link component={RouterLink} to="/login/">
          {t('forgot.backToLogin')}
        </Link>
      </Typography>
    </LoginLayout>
  );
}

export { FORGOT } from './config';
