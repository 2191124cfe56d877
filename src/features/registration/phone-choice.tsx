import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useTranslation } from 'react-i18next';
import { CONTACT_CENTRE } from '../../shared/constants';
import type { PhoneChoice } from './api';

export const isFrozen = (p: PhoneChoice, now = Date.now()) =>
  p.frozenUntil !== null && Date.parse(p.frozenUntil) > now;

/** The customer's phone numbers; frozen ones cannot be chosen until their 30 minutes are over. */
export function PhoneChoiceList({
  phones,
  value,
  onChange,
}: {
  phones: PhoneChoice[];
  value: number | null;
  onChange: (phoneId: number) => void;
}) {
  const { t, i18n } = useTranslation('register');
  const time = (iso: string) =>
    new Date(iso).toLocaleTimeString(i18n.language === 'en' ? 'en-GB' : 'id-ID', {
      hour: '2-digit',
      minute: '2-digit',
    });
  const allFrozen = phones.length > 0 && phones.every((p) => isFrozen(p));
  return (
    <>
      {allFrozen && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="all-frozen">
          {t('phone.allFrozen', { centre: CONTACT_CENTRE })}
        </Alert>
      )}
      <RadioGroup
        name="phone"
        value={value === null ? '' : String(value)}
        onChange={(e) => onChange(Number(e.target.value))}
        aria-label={t('phone.label')}
      >
        {phones.map((p) => (
          <FormControlLabel
            key={p.phoneId}
            value={String(p.phoneId)}
            disabled={isFrozen(p)}
            control={<Radio />}
            label={
              isFrozen(p)
                ? t('phone.frozen', { phone: p.maskedPhone, until: time(p.frozenUntil!) })
                : p.maskedPhone
            }
          />
        ))}
      </RadioGroup>
    </>
  );
}

/** After OTP_FROZEN: this phone is frozen for the next 30 minutes (the server says so again if asked). */
export function freezePhone(phones: PhoneChoice[], phoneId: number, freezeMs: number): PhoneChoice[] {
  const until = new Date(Date.now() + freezeMs).toISOString();
  return phones.map((p) => (p.phoneId === phoneId ? { ...p, frozenUntil: until } : p));
}
