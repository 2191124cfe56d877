import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../../shared/api/client';
import { registrationApi } from '../api';
import { useGo, useRegistrationConfig } from '../context';
import { RequireState, useExtendCache } from '../guards';
import { RegistrationPage } from '../layout';
import { GeneralError, OtpEntry } from '../otp-entry';
import { useFailure } from '../use-failure';
import { hasEmail, type RegistrationDraft, type RegistrationResult } from './state';

/** Codes after which this registration cannot go on: the user sees the failed outcome. */
const FATAL = new Set(['0021', 'REG_USERID_TAKEN', 'REG_FAILED', 'REG_STEP', 'OTP_EXPIRED']);

/** E-mail validation: the code sent to the address given on the user info screen completes the registration. */
function ValidateEmail({ draft }: { draft: RegistrationDraft & { email: string; emailResendAt: string } }) {
  const { t, i18n } = useTranslation('register');
  const { rules } = useRegistrationConfig();
  const sessionExpiresAt = useExtendCache(draft.token, 'registration');
  const go = useGo();
  const [resendAt, setResendAt] = useState(draft.emailResendAt);
  const [busy, setBusy] = useState(false);
  const [codeError, setCodeError] = useState<string | null>(null);
  const { fail, general, setGeneral } = useFailure((fields) => {
    setCodeError(fields?.['/otp'] ?? null);
    return Boolean(fields?.['/otp']);
  });
  return (
    <RegistrationPage
      sessionExpiresAt={sessionExpiresAt}
      title={t('email.title')}
      subtitle={t('email.subtitle')}
      progress="email"
      testId="screen-validate-email"
    >
      <GeneralError message={general} />
      <OtpEntry
        schema={rules.otp}
        sentTo={draft.email}
        resendAvailableAt={resendAt}
        busy={busy}
        error={codeError}
        onSubmit={(code) => {
          setBusy(true);
          setGeneral(null);
          setCodeError(null);
          registrationApi.validateEmailCode(draft.token, code).then(
            (res) => {
              const result: RegistrationResult = {
                outcome: res.outcome,
                userId: res.userId,
                mobileLogin: draft.mobileLogin,
              };
              go('yay', result, true);
            },
            (err) => {
              setBusy(false);
              if (err instanceof ApiFailure && err.body && FATAL.has(err.body.errorCode)) {
                const b = err.body;
                const result: RegistrationResult = {
                  outcome: 'failed',
                  message: i18n.language === 'en' ? b.errorMessageEng : b.errorMessageIdn,
                };
                go('yay', result, true);
                return;
              }
              fail(err);
            },
          );
        }}
        onResend={() => {
          setBusy(true);
          registrationApi.sendEmailCode(draft.token).then(
            (r) => {
              setResendAt(r.resendAvailableAt);
              setBusy(false);
            },
            (err) => {
              setBusy(false);
              fail(err);
            },
          );
        }}
      />
    </RegistrationPage>
  );
}

export function ValidateEmailScreen() {
  return <RequireState valid={hasEmail}>{(d) => <ValidateEmail draft={d} />}</RequireState>;
}
