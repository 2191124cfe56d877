import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { registrationApi, type UserInfoForm } from '../api';
import { useGo, useRegistrationConfig } from '../context';
import { RuleTextField as RuleField, useRuleForm } from '../form';
import { RequireState, useExtendCache } from '../guards';
import { RegistrationPage } from '../layout';
import { GeneralError } from '../otp-entry';
import { passwordStrength, type PasswordStrength } from '../rules';
import { useFailure } from '../use-failure';
import { isDraft, type RegistrationDraft } from './state';

const STRENGTH: Record<PasswordStrength, { value: number; color: 'error' | 'warning' | 'info' | 'success' }> =
  {
    notAcceptable: { value: 10, color: 'error' },
    weak: { value: 35, color: 'warning' },
    good: { value: 70, color: 'info' },
    strong: { value: 100, color: 'success' },
  };

function UserInfoForm({ draft }: { draft: RegistrationDraft }) {
  const { t } = useTranslation('register');
  const { rules } = useRegistrationConfig();
  const sessionExpiresAt = useExtendCache(draft.token, 'registration');
  const go = useGo();
  const form = useRuleForm(rules.userInfo, {
    userId: '',
    password: '',
    secureWord: '',
    email: '',
    promoCode: '',
    referralCode: '',
    salesCode: '',
    mobileLogin: false as boolean,
    appPin: undefined as string | undefined,
  });
  const { fail, general } = useFailure(form.showServerFields);
  const [busy, setBusy] = useState(false);
  const strength = passwordStrength(rules.userInfo, form.values);
  const mobile = form.values.mobileLogin;
  // With the app login off, the PIN is not part of the form at all.
  const submitted = (): UserInfoForm => {
    const { appPin, ...rest } = form.values;
    return mobile ? { ...rest, appPin } : rest;
  };
  return (
    <RegistrationPage
      sessionExpiresAt={sessionExpiresAt}
      title={t('userInfo.title')}
      subtitle={t('userInfo.subtitle', { name: draft.fullName })}
      progress="userInfo"
      testId="screen-userinformations"
    >
      <GeneralError message={general} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.validateAll()) return;
          setBusy(true);
          const body = submitted();
          registrationApi.validateRegistration(draft.token, body).then(
            ({ phones }) => go('validatephone', { ...draft, phones, email: body.email, mobileLogin: mobile }),
            (err) => {
              fail(err);
              setBusy(false);
            },
          );
        }}
      >
        <RuleField {...form.field('userId', { label: t('userInfo.userId'), autoComplete: 'username' })} />
        <RuleField
          {...form.field('password', {
            label: t('userInfo.password'),
            type: 'password',
            autoComplete: 'new-password',
          })}
        />
        <Box sx={{ mb: 1 }} data-testid="password-strength" data-strength={strength}>
          <LinearProgress
            variant="determinate"
            value={form.values.password ? STRENGTH[strength].value : 0}
            color={STRENGTH[strength].color}
            aria-label={t('userInfo.strength.label')}
          />
          <Typography variant="caption" color="text.secondary">
            {t('userInfo.strength.label')}: {form.values.password ? t(`userInfo.strength.${strength}`) : '-'}
          </Typography>
        </Box>
        <RuleField
          {...form.field('secureWord', {
            label: t('userInfo.secureWord'),
            helperText: t('userInfo.secureWordHelp'),
          })}
        />
        <RuleField
          {...form.field('email', {
            label: t('userInfo.email'),
            type: 'email',
            autoComplete: 'email',
            onBlur: () => {
              // The server's e-mail check, once the rules pass locally.
              if (form.values.email && !form.errorOf('email'))
                registrationApi.checkEmail(form.values.email).catch((err) => fail(err));
            },
          })}
        />
        <RuleField {...form.field('promoCode', { label: t('userInfo.promoCode') })} />
        <RuleField {...form.field('referralCode', { label: t('userInfo.referralCode') })} />
        <RuleField {...form.field('salesCode', { label: t('userInfo.salesCode') })} />
        <FormControlLabel
          control={
            <Switch
              checked={mobile}
              onChange={(e) => {
                form.set('mobileLogin', e.target.checked);
                if (!e.target.checked) form.set('appPin', undefined);
              }}
              name="mobileLogin"
              data-testid="mobile-login"
            />
          }
          label={t('userInfo.mobileLogin')}
        />
        <Collapse in={mobile} unmountOnExit>
          <RuleField
            {...form.field(
              'appPin',
              {
                label: t('userInfo.appPin'),
                type: 'password',
                helperText: t('userInfo.appPinHelp'),
                slotProps: { htmlInput: { inputMode: 'numeric' } },
              },
              { number: true },
            )}
          />
        </Collapse>
        <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {t('actions.next')}
        </Button>
      </form>
    </RegistrationPage>
  );
}

export function UserInfoScreen() {
  return <RequireState valid={isDraft}>{(draft) => <UserInfoForm draft={draft} />}</RequireState>;
}
