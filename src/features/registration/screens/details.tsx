import { useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { registrationApi } from '../api';
import { useGo, useRegistrationConfig } from '../context';
import { RuleTextField as RuleField, useRuleForm } from '../form';
import { RequireState } from '../guards';
import { RegistrationPage } from '../layout';
import { GeneralError } from '../otp-entry';
import { useFailure } from '../use-failure';
import type { RegistrationDraft } from './state';

const fromBase = (s: unknown): s is { from: 'base' } => (s as { from?: string } | null)?.from === 'base';

function useAfterValidation() {
  const go = useGo();
  return (holder: Awaited<ReturnType<typeof registrationApi.validateCasa>>) => {
    const draft: RegistrationDraft = {
      token: holder.token,
      registrationType: holder.registrationType,
      fullName: `${holder.title} ${holder.fullName}`,
    };
    go('userinformations', draft);
  };
}

function CasaForm() {
  const { t } = useTranslation('register');
  const { rules } = useRegistrationConfig();
  const form = useRuleForm(rules.casaDetails, { accountNumber: '', atmCardLast4: '', atmPin: '' });
  const { fail, general } = useFailure(form.showServerFields);
  const [busy, setBusy] = useState(false);
  const next = useAfterValidation();
  return (
    <RegistrationPage
      title={t('casa.title')}
      subtitle={t('casa.subtitle')}
      progress="details"
      testId="screen-casadetails"
    >
      <GeneralError message={general} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.validateAll()) return;
          setBusy(true);
          registrationApi.validateCasa(form.values).then(next, (err) => {
            fail(err);
            setBusy(false);
          });
        }}
      >
        <RuleField
          {...form.field('accountNumber', {
            label: t('casa.accountNumber'),
            // Spaces stay: the spec gives them a message of their own (section 5, "no space").
            slotProps: { htmlInput: { inputMode: 'numeric' } },
          })}
        />
        <RuleField
          {...form.field(
            'atmCardLast4',
            {
              label: t('casa.atmCardLast4'),
              slotProps: { htmlInput: { inputMode: 'numeric' } },
            },
            { number: true },
          )}
        />
        <RuleField
          {...form.field(
            'atmPin',
            {
              label: t('casa.atmPin'),
              type: 'password',
              slotProps: { htmlInput: { inputMode: 'numeric' } },
            },
            { number: true },
          )}
        />
        <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {t('actions.next')}
        </Button>
      </form>
    </RegistrationPage>
  );
}

function CcForm() {
  const { t } = useTranslation('register');
  const { rules } = useRegistrationConfig();
  const form = useRuleForm(rules.ccDetails, { cardNumber: '', dateOfBirth: '' });
  const { fail, general } = useFailure(form.showServerFields);
  const [busy, setBusy] = useState(false);
  const next = useAfterValidation();
  return (
    <RegistrationPage
      title={t('cc.title')}
      subtitle={t('cc.subtitle')}
      progress="details"
      testId="screen-ccdetails"
    >
      <GeneralError message={general} />
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!form.validateAll()) return;
          setBusy(true);
          registrationApi.validateCc(form.values).then(next, (err) => {
            fail(err);
            setBusy(false);
          });
        }}
      >
        <CardFields form={form} />
        <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 2 }}>
          {t('actions.next')}
        </Button>
      </form>
    </RegistrationPage>
  );
}

/** Card number and date of birth (credit card details and card activation). */
export function CardFields({
  form,
}: {
  form: ReturnType<typeof useRuleForm<{ cardNumber: string; dateOfBirth: string }>>;
}) {
  const { t } = useTranslation('register');
  return (
    <>
      <RuleField
        {...form.field(
          'cardNumber',
          {
            label: t('cc.cardNumber'),
            slotProps: { htmlInput: { inputMode: 'numeric' } },
          },
          { number: true },
        )}
      />
      <RuleField
        {...form.field('dateOfBirth', {
          label: t('cc.dateOfBirth'),
          type: 'date',
          slotProps: { inputLabel: { shrink: true } },
        })}
      />
    </>
  );
}

export function CasaDetailsScreen() {
  return <RequireState valid={fromBase}>{() => <CasaForm />}</RequireState>;
}

export function CcDetailsScreen() {
  return <RequireState valid={fromBase}>{() => <CcForm />}</RequireState>;
}
