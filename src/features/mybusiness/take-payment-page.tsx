import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ErrorView } from '@/shared/api/error-catalogue';
import { formatBankDateTime, formatBankTime } from '@/shared/bank-time';
import { formatMoney } from '@/shared/money';
import { useErrorHandler } from '@/shared/ui';
import { followCode, qrisApi, type QrisCode, type QrisOverview } from './qris-api';
import { QrImage } from './qr-image';

type Lang = 'en' | 'id';
const langOf = (l: string): Lang => (l === 'en' ? 'en' : 'id');
const idr = (amount: number, lang: Lang) => formatMoney({ amount, currency: 'IDR' }, lang);
const newKey = () => `tp-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** Whole rupiah typed with or without separators ("45.500", "45500") as sen; undefined when not a number. */
export function rupiahToSen(text: string): number | undefined {
  const digits = text.replace(/[.,\s]/g, '');
  if (!/^\d{1,9}$/.test(digits)) return undefined;
  const sen = Number(digits) * 100;
  return sen > 0 ? sen : undefined;
}

/** The payload's text with a copy button (a customer on a laptop pastes it into the payment). */
function PayloadText({ payload, testId }: { payload: string; testId: string }) {
  const { t } = useTranslation('business');
  const [copied, setCopied] = useState(false);
  return (
    <Box sx={{ mt: 1.5 }}>
      <Box
        component="pre"
        data-testid={testId}
        sx={{
          m: 0,
          p: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontSize: '0.72rem',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          maxHeight: 120,
          overflow: 'auto',
        }}
      >
        {payload}
      </Box>
      <Button
        size="small"
        startIcon={<ContentCopyIcon />}
        sx={{ mt: 0.5 }}
        onClick={() =>
          void navigator.clipboard?.writeText(payload).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {copied ? t('take.copied') : t('take.copy')}
      </Button>
    </Box>
  );
}

/** "14:32 left" until `iso`, ticking every second. */
function useTimeLeft(iso: string | undefined): string | undefined {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [iso]);
  if (!iso) return undefined;
  const s = Math.max(0, Math.round((Date.parse(iso) - now) / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The code being shown to the customer: its QR, its text, and whether it is paid (live). */
function CurrentCode({ code, onCancel, busy }: { code: QrisCode; onCancel: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation('business');
  const lang = langOf(i18n.language);
  const left = useTimeLeft(code.status === 'open' ? code.expiresAt : undefined);
  const chip = {
    open: { color: 'primary' as const, label: t('take.status.open') },
    paid: { color: 'success' as const, label: t('take.status.paid') },
    cancelled: { color: 'default' as const, label: t('take.status.cancelled') },
    expired: { color: 'default' as const, label: t('take.status.expired') },
  }[code.status];
  return (
    <Box data-testid="take-code" data-status={code.status}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography sx={{ fontWeight: 700, fontSize: 24, flex: 1 }} data-testid="take-code-amount">
          {idr(code.amount, lang)}
        </Typography>
        <Chip color={chip.color} label={chip.label} data-testid="take-code-status" />
      </Box>
      {code.status === 'paid' ? (
        <Alert severity="success" data-testid="take-code-paid">
          <AlertTitle>{t('take.paidTitle')}</AlertTitle>
          {t('take.paidBody', {
            when: code.paidAt ? formatBankDateTime(code.paidAt, lang) : '',
            reference: code.saleReference ?? '-',
            net: code.net === null ? '-' : idr(code.net, lang),
          })}
        </Alert>
      ) : code.status === 'open' ? (
        <>
          <Box sx={{ display: 'flex', justifyContent: 'center', my: 1 }}>
            <QrImage text={code.payload} size={260} label={t('take.qrLabel')} testId="take-code-qr" />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }} role="status">
            {t('take.waiting', { time: formatBankTime(code.expiresAt, lang, false), left })}
          </Typography>
          <PayloadText payload={code.payload} testId="take-code-text" />
        </>
      ) : (
        <Alert severity="info">
          {t(code.status === 'expired' ? 'take.expiredBody' : 'take.cancelledBody')}
        </Alert>
      )}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
        {code.billNumber ? `${t('take.billNumber')}: ${code.billNumber} · ` : ''}
        {t('take.referenceLabel')}: {code.referenceLabel}
      </Typography>
      {code.status === 'open' && (
        <Button
          sx={{ mt: 1 }}
          color="error"
          onClick={onCancel}
          disabled={busy}
          data-testid="take-code-cancel"
        >
          {t('take.cancel')}
        </Button>
      )}
    </Box>
  );
}

/** What the page asks the server (the real calls, or a story's). */
export interface TakePaymentServices {
  overview: (signal?: AbortSignal) => Promise<QrisOverview>;
  create: typeof qrisApi.create;
  status: typeof qrisApi.status;
  cancel: typeof qrisApi.cancel;
  follow: typeof followCode;
}

const LIVE: TakePaymentServices = { ...qrisApi, follow: followCode };

/** /mybusiness/take-payment/: a dynamic QRIS code for one sale (paid live), and the stall's static code. */
export function TakePaymentPage({ services = LIVE }: { services?: TakePaymentServices }) {
  const api = services;
  const { t, i18n } = useTranslation(['business', 'common']);
  const lang = langOf(i18n.language);
  const errors = useErrorHandler();
  const [overview, setOverview] = useState<QrisOverview>();
  const [none, setNone] = useState<ErrorView>();
  const [code, setCode] = useState<QrisCode>();
  const [amount, setAmount] = useState('');
  const [bill, setBill] = useState('');
  const [key, setKey] = useState(newKey);
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState<string>();

  const load = useCallback(
    (signal?: AbortSignal) =>
      api.overview(signal).then(
        (o) => {
          setOverview(o);
          return o;
        },
        (err: unknown) => {
          if (signal?.aborted) return undefined;
          const view = errors.describe(err);
          if (view.code === 'QRIS : MERCHANT_NONE') setNone(view);
          else errors.showError(err);
          return undefined;
        },
      ),
    [errors, api],
  );
  useEffect(() => {
    const ctrl = new AbortController();
    void load(ctrl.signal).then((o) => {
      // A code still open (the page was reloaded) is shown again.
      const open = o?.codes.find((c) => c.status === 'open');
      if (open) setCode(open);
    });
    return () => ctrl.abort();
  }, [load]);
  // The shown code, followed live until it is paid, cancelled or expires; a payment refreshes the sales.
  const followed = code?.status === 'open' ? code.id : undefined;
  useEffect(() => {
    if (!followed) return;
    return api.follow(followed, (c) => {
      setCode((now) => (now?.id === c.id ? c : now));
      if (c.status === 'paid') void load();
    });
  }, [followed, load, api]);

  const create = async () => {
    const sen = rupiahToSen(amount);
    if (!sen || (overview && sen > overview.maxAmount)) {
      setInvalid(t('take.amountInvalid', { max: idr(overview?.maxAmount ?? 0, lang) }));
      return;
    }
    setInvalid(undefined);
    setBusy(true);
    try {
      const made = await api.create({
        merchantId: overview!.merchant.id,
        amount: sen,
        ...(bill.trim() ? { billNumber: bill.trim() } : {}),
        idempotencyKey: key,
      });
      setCode(made);
      setKey(newKey());
      setAmount('');
      setBill('');
    } catch (err) {
      errors.showError(err);
    } finally {
      setBusy(false);
    }
  };
  const cancel = async () => {
    if (!code) return;
    setBusy(true);
    try {
      setCode(await api.cancel(code.id));
    } catch (err) {
      errors.showError(err);
      setCode(await api.status(code.id).catch(() => code));
    } finally {
      setBusy(false);
    }
  };

  const m = overview?.merchant;
  return (
    <Box sx={{ maxWidth: 1000, mx: 'auto' }} data-testid="take-payment-page">
      <Button component={Link} to="/mybusiness/" startIcon={<ArrowBackIcon />} sx={{ mb: 1 }}>
        {t('back')}
      </Button>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('take.title')}
      </Typography>
      {m && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {m.name} · NMID {m.nmid} · {m.city}
        </Typography>
      )}
      {none ? (
        <Alert severity="info" data-testid="take-none">
          <AlertTitle>{none.title}</AlertTitle>
          {none.message}
        </Alert>
      ) : !overview ? (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '3fr 2fr' } }}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 0.5 }}>
              {t('take.newTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {t('take.newIntro', { minutes: Math.round(overview.codeTtlMs / 60_000) })}
            </Typography>
            <Box
              component="form"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void create();
              }}
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 2 }}
            >
              <TextField
                label={t('take.amount')}
                value={amount}
                onChange={(e) => setAmount(e.target.value.replace(/[^\d.,]/g, ''))}
                error={!!invalid}
                helperText={invalid ?? (rupiahToSen(amount) ? idr(rupiahToSen(amount)!, lang) : ' ')}
                slotProps={{
                  htmlInput: { inputMode: 'numeric', 'data-testid': 'take-amount' },
                  input: { startAdornment: <span style={{ marginRight: 8, color: '#666' }}>Rp</span> },
                  inputLabel: { shrink: true },
                }}
              />
              <TextField
                label={t('take.billNumberOptional')}
                value={bill}
                onChange={(e) => setBill(e.target.value.replace(/[^A-Za-z0-9 ./_-]/g, '').slice(0, 25))}
                helperText=" "
                slotProps={{ htmlInput: { 'data-testid': 'take-bill' }, inputLabel: { shrink: true } }}
              />
              <Box sx={{ gridColumn: '1 / -1' }}>
                <Button type="submit" variant="contained" disabled={busy} data-testid="take-create">
                  {t('take.create')}
                </Button>
              </Box>
            </Box>
            {code && <CurrentCode code={code} onCancel={() => void cancel()} busy={busy} />}
          </Paper>
          <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="take-static">
              <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 0.5 }}>
                {t('take.staticTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                {t(m!.tip === 'prompt' ? 'take.staticTip' : 'take.staticIntro')}
              </Typography>
              <Box sx={{ display: 'flex', justifyContent: 'center' }}>
                <QrImage
                  text={m!.staticPayload}
                  size={200}
                  label={t('take.staticLabel')}
                  testId="take-static-qr"
                />
              </Box>
              <PayloadText payload={m!.staticPayload} testId="take-static-text" />
            </Paper>
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
                {t('take.sales')}
              </Typography>
              {overview.sales.length === 0 ? (
                <Typography variant="body2" color="text.secondary">
                  {t('take.noSales')}
                </Typography>
              ) : (
                overview.sales.map((s) => (
                  <Box
                    key={s.referenceNo}
                    data-testid="take-sale"
                    sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, py: 0.5 }}
                  >
                    <Typography variant="body2" color="text.secondary">
                      {formatBankTime(s.createdAt, lang, false)} · {s.referenceNo}
                    </Typography>
                    <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                      {idr(s.amount, lang)}
                    </Typography>
                  </Box>
                ))
              )}
            </Paper>
          </Box>
        </Box>
      )}
    </Box>
  );
}
