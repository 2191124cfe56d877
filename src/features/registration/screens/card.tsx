import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { OTP } from '../../../shared/constants';
import { registrationApi, type OtpChallenge, type PhoneChoice } from '../api';
import { useGo, useRegistrationConfig } from '../context';
import { RuleTextField as RuleField, useRuleForm } from '../form';
import { BlockBackForward, useExtendCache } from '../guards';
import { RegistrationPage, SessionCountdown } from '../layout';
import { GeneralError, OtpEntry } from '../otp-entry';
import { freezePhone, isFrozen, PhoneChoiceList } from '../phone-choice';
import { useFailure } from '../use-failure';
import { CardFields } from './details';

interface CardState {
  secretToken: string;
  maskedCard: string;
  phones: PhoneChoice[];
  verified?: boolean;
}
const cardState = (s: unknown): CardState | null =>
  typeof (s as CardState | null)?.secretToken === 'string' ? (s as CardState) : null;

/** Card screens block back and forward but open without state; without it they point to the start. */
function CardPage({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <>
      <BlockBackForward />
      <RegistrationPage title={title} testId={testId}>
        {children}
      </RegistrationPage>
    </>
  );
}

function StartAgain() {
  const { t } = useTranslation('register');
  const go = useGo();
  return (
    <>
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('card.startFirst')}
      </Alert>
      <Button variant="contained" onClick={() => go('ccactivation', undefined, true)}>
        {t('card.start')}
      </Button>
    </>
  );
}

export function CcActivationScreen() {
  const { t } = useTranslation('register');
  const { rules } = useRegistrationConfig();
  const go = useGo();
  const form = useRuleForm(rules.cardActivation, { cardNumber: '', dateOfBirth: '' });
  const { fail, general } = useFailure(form.showServerFields);
  const [busy, setBusy] = useState(false);
  return (
    <CardPage title={t('card.title')} testId="screen-ccactivation">
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('card.subtitle')}
      </Typography>
      <GeneralError message={general} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.validateAll()) return;
          setBusy(true);
          registrationApi.validateCard(form.values).then(
            (r) =>
              go('ccotp', {
                secretToken: r.secretToken,
                maskedCard: r.maskedCard,
                phones: r.phones,
              } satisfies CardState),
            (err) => {
              fail(err);
              setBusy(false);
            },
          );
        }}
      >
        <CardFields form={form} />
        <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {t('actions.next')}
        </Button>
      </form>
    </CardPage>
  );
}

function CardOtp({ state }: { state: CardState }) {
  const { t } = useTranslation('register');
  const { rules } = useRegistrationConfig();
  const sessionExpiresAt = useExtendCache(state.secretToken, 'card');
  const go = useGo();
  const [phones, setPhones] = useState(state.phones);
  const [phoneId, setPhoneId] = useState<number | null>(
    state.phones.find((p) => !isFrozen(p))?.phoneId ?? null,
  );
  const [otp, setOtp] = useState<OtpChallenge | null>(null);
  const [busy, setBusy] = useState(false);
  const [otpError, setOtpError] = useState<string | null>(null);
  const { fail, general, setGeneral } = useFailure((fields) => {
    setOtpError(fields?.['/otp'] ?? null);
    return Boolean(fields?.['/otp']);
  });
  const onError = (err: unknown) => {
    setBusy(false);
    const view = fail(err);
    if ((view.key === 'phoneFrozen' || view.key === 'allPhonesFrozen') && phoneId !== null) {
      setPhones((ps) => freezePhone(ps, phoneId, OTP.freezeMs));
      setOtp(null);
    }
  };
  if (!otp)
    return (
      <>
        <Typography sx={{ mb: 1 }}>{t('card.otpFor', { card: state.maskedCard })}</Typography>
        <GeneralError message={general} />
        <PhoneChoiceList phones={phones} value={phoneId} onChange={setPhoneId} />
        <Button
          variant="contained"
          fullWidth
          sx={{ mt: 2 }}
          disabled={busy || phoneId === null || !phones.some((p) => p.phoneId === phoneId && !isFrozen(p))}
          onClick={() => {
            if (phoneId === null) return;
            setBusy(true);
            registrationApi.cardOtp(state.secretToken, phoneId).then((o) => {
              setOtp(o);
              setBusy(false);
            }, onError);
          }}
        >
          {t('phone.send')}
        </Button>
        {sessionExpiresAt && <SessionCountdown expiresAt={sessionExpiresAt} />}
      </>
    );
  return (
    <>
      <GeneralError message={general} />
      <OtpEntry
        schema={rules.otp}
        sentTo={otp.maskedPhone}
        refNumber={otp.refNumber}
        resendAvailableAt={otp.resendAvailableAt}
        busy={busy}
        error={otpError}
        onSubmit={(code) => {
          setBusy(true);
          setGeneral(null);
          setOtpError(null);
          registrationApi
            .cardOtpValidate(state.secretToken, otp.requestId, code)
            .then(() => go('changepin', { ...state, verified: true } satisfies CardState, true), onError);
        }}
        onResend={() => {
          setBusy(true);
          registrationApi.cardOtpResend(state.secretToken).then((o) => {
            setOtp(o);
            setBusy(false);
          }, onError);
        }}
        onChangeTarget={() => setOtp(null)}
        changeTargetLabel={t('otp.otherPhone')}
      />
      {sessionExpiresAt && <SessionCountdown expiresAt={sessionExpiresAt} />}
    </>
  );
}

export function CcOtpScreen() {
  const { t } = useTranslation('register');
  const state = cardState(useLocation().state);
  return (
    <CardPage title={t('card.otpTitle')} testId="screen-ccotp">
      {state ? <CardOtp state={state} /> : <StartAgain />}
    </CardPage>
  );
}

function ChangePin({ state }: { state: CardState }) {
  const { t } = useTranslation('register');
  const { rules } = useRegistrationConfig();
  const sessionExpiresAt = useExtendCache(state.secretToken, 'card');
  const form = useRuleForm(rules.changePin, { temporaryPin: '', newPin: '', confirmPin: '' });
  const { fail, general } = useFailure(form.showServerFields);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  if (done)
    return (
      <div data-testid="card-activated">
        <Alert severity="success" sx={{ mb: 2 }}>
          {t('card.activated', { card: done })}
        </Alert>
        <Button variant="contained" href="/login/" fullWidth>
          {t('yay.login')}
        </Button>
      </div>
    );
  const pin = { type: 'password', slotProps: { htmlInput: { inputMode: 'numeric' } } } as const;
  return (
    <>
      <Typography sx={{ mb: 1 }}>{t('card.pinFor', { card: state.maskedCard })}</Typography>
      <GeneralError message={general} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.validateAll()) return;
          setBusy(true);
          registrationApi.cardPinReset(state.secretToken, form.values).then(
            (r) => setDone(r.maskedCard),
            (err) => {
              fail(err);
              setBusy(false);
            },
          );
        }}
      >
        <RuleField
          {...form.field('temporaryPin', { label: t('card.temporaryPin'), ...pin }, { number: true })}
        />
        <RuleField {...form.field('newPin', { label: t('card.newPin'), ...pin }, { number: true })} />
        <RuleField {...form.field('confirmPin', { label: t('card.confirmPin'), ...pin }, { number: true })} />
        <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {t('card.activate')}
        </Button>
      </form>
      {sessionExpiresAt && <SessionCountdown expiresAt={sessionExpiresAt} />}
    </>
  );
}

export function ChangePinScreen() {
  const { t } = useTranslation('register');
  const state = cardState(useLocation().state);
  return (
    <CardPage title={t('card.pinTitle')} testId="screen-changepin">
      {state?.verified ? <ChangePin state={state} /> : <StartAgain />}
    </CardPage>
  );
}
