import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { apiPost } from '@/shared/api/client';
import type { ChoiceOption } from '@/shared/flows';
import { useErrorHandler } from '@/shared/ui';

/** The virtual-account flows, one per kind of amount (flows/payment/va-*.json, variants of /virtual-account/). */
const VA_FLOWS = ['payment.va-closed', 'payment.va-open', 'payment.va-partial'] as const;
const VA_PATTERN = /^\d{10,19}$/;

interface Merchant {
  code: string;
  labelEng: string;
  labelIdn: string;
  prefixes: string[];
  /** closed: pay the bill; open: any amount; partial: part of the bill. The flow's variant. */
  amountType: string;
}

/** The merchants of every VA flow (each flow offers those of its kind), from the server's form data. */
async function loadMerchants(): Promise<Merchant[]> {
  const answers = await Promise.all(
    VA_FLOWS.map((flowId) =>
      apiPost<{ choices: Record<string, ChoiceOption[]> }>('/api/transaction/v1/formdata', { flowId }),
    ),
  );
  return answers.flatMap((a) =>
    (a.choices.company ?? []).map((o) => ({
      code: o.value,
      labelEng: o.labelEng,
      labelIdn: o.labelIdn,
      prefixes: (o.detail?.prefixes as string[] | undefined) ?? [],
      amountType: String(o.detail?.amountType ?? 'closed'),
    })),
  );
}

/** The merchant a number belongs to: the one with the longest prefix it starts with. */
export function merchantOf(number: string, merchants: readonly Merchant[]): Merchant | undefined {
  let best: { m: Merchant; len: number } | undefined;
  for (const m of merchants)
    for (const p of m.prefixes)
      if (number.startsWith(p) && p.length > (best?.len ?? 0)) best = { m, len: p.length };
  return best?.m;
}

/**
 * /virtual-account/: any VA number; the merchant is found from its first digits, and its kind of
 * amount (a fixed bill, any amount, part of a bill) decides which form follows, filled in with it.
 */
export function VirtualAccountPage() {
  const { t, i18n } = useTranslation('bills');
  const navigate = useNavigate();
  const errors = useErrorHandler();
  const [merchants, setMerchants] = useState<Merchant[]>();
  const [number, setNumber] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    let live = true;
    loadMerchants().then(
      (m) => live && setMerchants(m),
      (err: unknown) => {
        if (!live) return;
        setMerchants([]);
        errors.showError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [errors]);
  const merchant = useMemo(() => merchantOf(number, merchants ?? []), [number, merchants]);
  const name = (m: Merchant) => (i18n.language === 'en' ? m.labelEng : m.labelIdn);
  const valid = VA_PATTERN.test(number);
  const shortest = Math.min(...(merchants ?? []).flatMap((m) => m.prefixes.map((p) => p.length)), 5);
  const unknown = !!merchants && number.length >= shortest && !merchant;
  const error = touched && !valid ? t('va.pattern') : unknown ? t('va.unknown') : undefined;
  const next = () => {
    setTouched(true);
    if (!valid || !merchant) return;
    void navigate(
      `/virtual-account/inquiry/?type=${encodeURIComponent(merchant.amountType)}&vaNumber=${number}`,
    );
  };
  return (
    <Box sx={{ maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('va.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('va.subtitle')}
      </Typography>
      <Paper
        variant="outlined"
        sx={{ p: 2 }}
        component="form"
        noValidate
        onSubmit={(e: React.FormEvent) => {
          e.preventDefault();
          next();
        }}
      >
        <TextField
          id="va-number"
          fullWidth
          label={t('va.number')}
          value={number}
          onChange={(e) => setNumber(e.target.value.replace(/\D/g, '').slice(0, 19))}
          onBlur={() => setTouched(number.length > 0)}
          error={!!error}
          helperText={error ?? t('va.numberHelp')}
          slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'off', maxLength: 19 } }}
        />
        <Box aria-live="polite" sx={{ minHeight: 56, mt: 2 }}>
          {!merchants && <CircularProgress size={24} aria-label={t('common:loading')} />}
          {merchant && (
            <Alert
              severity="info"
              icon={false}
              data-testid="va-merchant"
              data-amount-type={merchant.amountType}
            >
              <Typography sx={{ fontWeight: 700 }}>{name(merchant)}</Typography>
              <Typography variant="body2">{t(`va.kind.${merchant.amountType}`)}</Typography>
            </Alert>
          )}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
          <Button type="submit" variant="contained" disabled={!merchant} data-testid="va-next">
            {t('common:actions.next')}
          </Button>
        </Box>
      </Paper>
      {!!merchants?.length && (
        <Paper variant="outlined" sx={{ p: 2, mt: 2 }} data-testid="va-merchants">
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {t('va.merchants')}
          </Typography>
          {merchants.map((m) => (
            <Box
              key={m.code}
              sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5, flexWrap: 'wrap' }}
            >
              <Typography variant="body2">{name(m)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {m.prefixes.join(', ')} · {t(`va.kindShort.${m.amountType}`)}
              </Typography>
            </Box>
          ))}
        </Paper>
      )}
    </Box>
  );
}
