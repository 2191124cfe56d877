import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoney } from '@/shared/money';
import { zakatOf } from './zakat';

/** Gold price per gram used for the nisab until the customer types today's (rupiah). */
const DEFAULT_GOLD_PRICE_RP = 1_500_000;

const FIELDS = ['wealth', 'debts', 'monthlyIncome', 'goldPricePerGram'] as const;
type Field = (typeof FIELDS)[number];

/** Whole rupiah typed with or without separators -> minor units (0 for nothing typed). */
const minor = (text: string) => Number(text.replace(/\D/g, '') || '0') * 100;

/** A zakat calculator: what is due on wealth (maal) and on income, then a link to pay it. */
export function ZakatCalculatorPage() {
  const { t, i18n } = useTranslation('bills');
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const [values, setValues] = useState<Record<Field, string>>({
    wealth: '',
    debts: '',
    monthlyIncome: '',
    goldPricePerGram: String(DEFAULT_GOLD_PRICE_RP),
  });
  const r = zakatOf({
    wealth: minor(values.wealth),
    debts: minor(values.debts),
    monthlyIncome: minor(values.monthlyIncome),
    goldPricePerGram: minor(values.goldPricePerGram),
  });
  const idr = (amount: number) => formatMoney({ amount, currency: 'IDR' }, lang);
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('zakat.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('zakat.subtitle')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          {FIELDS.map((f) => (
            <TextField
              key={f}
              id={`zakat-${f}`}
              label={t(`zakat.fields.${f}`)}
              helperText={t(`zakat.help.${f}`)}
              value={values[f]}
              onChange={(e) => setValues((v) => ({ ...v, [f]: e.target.value.replace(/[^\d.,]/g, '') }))}
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 18 } }}
            />
          ))}
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="zakat-result" aria-live="polite">
        <Typography>{t('zakat.nisab', { amount: idr(r.nisab) })}</Typography>
        <Typography sx={{ fontWeight: 700, mt: 1 }} data-testid="zakat-maal">
          {t('zakat.maal', { amount: idr(r.maal) })}
        </Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="zakat-income">
          {t('zakat.income', { amount: idr(r.income) })}
        </Typography>
        {r.maal + r.income === 0 && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('zakat.notDue')}
          </Typography>
        )}
        <Button variant="contained" component={Link} to="/donation/inquiry/?type=zakat" sx={{ mt: 2 }}>
          {t('zakat.pay')}
        </Button>
      </Paper>
    </>
  );
}
