import { useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { OTP } from '../../../shared/constants';
import { registrationApi } from '../api';
import { useGo, useRegistrationConfig } from '../context';
import { RequireState, useExtendCache } from '../guards';
import { RegistrationPage } from '../layout';
import { GeneralError, OtpEntry } from '../otp-entry';
import { freezePhone, isFrozen, PhoneChoiceList } from '../phone-choice';
import { useFailure } from '../use-failure';
import { hasOtp, hasPhones, type RegistrationDraft } from './state';
import type { OtpChallenge, PhoneChoice } from '../api';

type WithPhones = RegistrationDraft & { phones: PhoneChoice[] };

/** OTP selection: which of the customer's phones receives the activation code. */
function ChoosePhone({ draft }: { draft: WithPhones }) {
  const { t } = useTranslation('register');
  const sessionExpiresAt = useExtendCache(draft.token, 'registration');
  const go = useGo();
  const first = draft.phones.find((p) => !isFrozen(p));
  const [phoneId, setPhoneId] = useState<number | null>(first?.phoneId ?? null);
  const [busy, setBusy] = useState(false);
  const { fail, general } = useFailure();
  return (
    <RegistrationPage
      sessionExpiresAt={sessionExpiresAt}
      title={t('phone.title')}
      subtitle={t('phone.subtitle')}
      progress="otp"
      testId="screen-validatephone"
    >
      <GeneralError message={general} />
      <PhoneChoiceList phones={draft.phones} value={phoneId} onChange={setPhoneId} />
      <Button
        variant="contained"
        fullWidth
        sx={{ mt: 2 }}
        disabled={
          busy || phoneId === null || !draft.phones.some((p) => p.phoneId === phoneId && !isFrozen(p))
        }
        onClick={() => {
          if (phoneId === null) return;
          setBusy(true);
          registrationApi.sendOtp(draft.token, phoneId).then(
            (otp) => go('otp', { ...draft, otp }),
            (err) => {
              const view = fail(err);
              if (view.key === 'phoneFrozen')
                go(
                  'validatephone',
                  { ...draft, phones: freezePhone(draft.phones, phoneId, OTP.freezeMs) },
                  true,
                );
              setBusy(false);
            },
          );
        }}
      >
        {t('phone.send')}
      </Button>
    </RegistrationPage>
  );
}

/** OTP entry: the code, its reference, resend after the countdown. */
function EnterOtp({ draft }: { draft: WithPhones & { otp: OtpChallenge } }) {
  const { t } = useTranslation('register');
  const { rules } = useRegistrationConfig();
  const sessionExpiresAt = useExtendCache(draft.token, 'registration');
  const go = useGo();
  const [otp, setOtp] = useState(draft.otp);
  const [busy, setBusy] = useState(false);
  const [otpError, setOtpError] = useState<string | null>(null);
  const { fail, general, setGeneral } = useFailure((fields) => {
    // OTP_05 stays inline, under the code.
    setOtpError(fields?.['/otp'] ?? null);
    return Boolean(fields?.['/otp']);
  });
  const backToPhones = (phones = draft.phones) => {
    const { otp: _old, ...rest } = draft;
    go('validatephone', { ...rest, phones }, true);
  };
  const onError = (err: unknown) => {
    setBusy(false);
    let key = '';
    key = fail(err, {
      onClose: () => {
        // Frozen phone: pick another number (or call 14041); all frozen: the list says to call.
        if (key === 'phoneFrozen' || key === 'allPhonesFrozen')
          backToPhones(freezePhone(draft.phones, otp.phoneId, OTP.freezeMs));
      },
    }).key;
  };
  return (
    <RegistrationPage
      title={t('otp.title')}
      progress="otp"
      testId="screen-otp"
      sessionExpiresAt={sessionExpiresAt}
    >
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
          registrationApi.validateOtp(draft.token, otp.requestId, code).then((res) => {
            const { otp: _done, ...rest } = draft;
            go('validate-email', { ...rest, email: res.email, emailResendAt: res.resendAvailableAt });
          }, onError);
        }}
        onResend={() => {
          setBusy(true);
          registrationApi.sendOtp(draft.token, otp.phoneId, true).then((o) => {
            setOtp(o);
            setBusy(false);
          }, onError);
        }}
        onChangeTarget={() => backToPhones()}
        changeTargetLabel={t('otp.otherPhone')}
      />
    </RegistrationPage>
  );
}

export function ValidatePhoneScreen() {
  return (
    <RequireState valid={hasPhones}>
      {(d) => <ChoosePhone key={JSON.stringify(d.phones)} draft={d} />}
    </RequireState>
  );
}

export function OtpScreen() {
  return <RequireState valid={hasOtp}>{(d) => <EnterOtp draft={d} />}</RequireState>;
}
