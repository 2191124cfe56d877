import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { use, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { LoginLayout } from '@/features/auth/login-layout';
import { apiPost } from '@/shared/api/client';
import { getCredentials } from '@/shared/api/session-store';
import { formatBankDateTime } from '@/shared/bank-time';
import { addStrings } from '@/shared/i18n/i18n';
import { formatMoney, type Money } from '@/shared/money';
import { useErrorHandler } from '@/shared/ui';

interface Topup {
  amount: Money;
  status: 'success' | 'pending' | 'failed';
  referenceNo?: string;
  createdAt: string;
  error?: { en: string; id: string };
}
export interface EwalletLink {
  id: string;
  provider: string;
  providerName: { en: string; id: string };
  phoneNumber: string;
  accountName: string;
  source: { id: string; accountNo: string; name: string };
  threshold: Money;
  topupAmount: Money;
  walletBalance: Money;
  linkedAt: string;
  topups: Topup[];
}

/** The linking flow (flows/purchase/ewallet-autotopup.json), with the e-wallet chosen. */
const LINK_PATH = (provider: string) => `/purchase/ewallet/autotopup/inquiry/?company=${provider}`;
/** What one demo payment with the e-wallet spends (Rp 50.000). */
const DEMO_SPEND = 5_000_000;
const STATUS_COLOR = { success: 'success', pending: 'info', failed: 'error' } as const;
/** While a top-up is in progress the list is read again this often, so its outcome shows on its own. */
export const PENDING_REREAD_MS = 2_000;

// This page lives in the login area (spec section 2): the bills strings are not loaded there yet.
const billsStrings = (lang: 'en' | 'id') =>
  (lang === 'en' ? import('../../../locales/en/bills.json') : import('../../../locales/id/bills.json')).then(
    (m) => ({ bills: m.default }),
  );
const ready = new WeakMap<I18n, Promise<unknown>>();
function stringsReady(i18n: I18n) {
  let p = ready.get(i18n);
  if (!p) ready.set(i18n, (p = addStrings(i18n, billsStrings)));
  return p;
}

/**
 * /autotopup/gopay/ (the spec's login area): the customer's GoPay linked for auto top-up, its balance
 * as GoPay reports it, the top-ups the bank made, a way to link it, change it or unlink it. Logged out,
 * it sends the visitor to the login page.
 */
export function AutoTopUpPage({ provider = 'GOPAY' }: { provider?: string }) {
  const { i18n } = useTranslation();
  use(stringsReady(i18n));
  if (!getCredentials()) return <Navigate to="/login/" replace />;
  return (
    <LoginLayout wide>
      <AutoTopUp provider={provider} />
    </LoginLayout>
  );
}

function AutoTopUp({ provider }: { provider: string }) {
  const { t, i18n } = useTranslation('bills');
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const errors = useErrorHandler();
  const [data, setData] = useState<{ links: EwalletLink[]; demo: boolean }>();
  const [unlinking, setUnlinking] = useState(false);
  const [busy, setBusy] = useState(false);
  const load = useCallback(
    () =>
      apiPost<{ links: EwalletLink[]; demo: boolean }>('/api/ewallet/v1/autotopup/list').then(
        setData,
        (err) => errors.showError(err),
      ),
    [errors],
  );
  useEffect(() => void load(), [load]);
  const link = data?.links.find((l) => l.provider === provider);
  // A top-up the scheduler is booking as the page reads, or one the provider holds as in progress.
  const inProgress = link?.topups.some((x) => x.status === 'pending') ?? false;
  useEffect(() => {
    if (!inProgress) return;
    const timer = setTimeout(() => void load(), PENDING_REREAD_MS);
    return () => clearTimeout(timer);
  }, [inProgress, data, load]);
  const money = (m: Money) => formatMoney(m, lang);
  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
      await load();
    } catch (err) {
      errors.showError(err);
    } finally {
      setBusy(false);
    }
  };
  if (!data)
    return (
      <Box sx={{ textAlign: 'center', p: 2 }}>
        <CircularProgress aria-label={t('common:loading')} />
      </Box>
    );
  return (
    <Box data-testid="autotopup" data-linked={link ? 'yes' : 'no'}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('autotopup.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('autotopup.subtitle')}
      </Typography>
      {!link ? (
        <Box>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('autotopup.notLinked')}
          </Alert>
          <Button variant="contained" component={Link} to={LINK_PATH(provider)} data-testid="autotopup-link">
            {t('autotopup.link')}
          </Button>
        </Box>
      ) : (
        <Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
            <Box>
              <Typography sx={{ fontWeight: 700 }}>
                {link.providerName[lang]} · {link.accountName}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {link.phoneNumber}
              </Typography>
            </Box>
            <Box sx={{ textAlign: { sm: 'right' } }}>
              <Typography variant="body2" color="text.secondary">
                {t('autotopup.balance')}
              </Typography>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="autotopup-balance">
                {money(link.walletBalance)}
              </Typography>
            </Box>
          </Box>
          <Typography sx={{ mt: 1.5 }} data-testid="autotopup-rule">
            {t('autotopup.rule', {
              amount: money(link.topupAmount),
              threshold: money(link.threshold),
              account: `${link.source.name} ${link.source.accountNo}`,
            })}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            <Button variant="outlined" component={Link} to={LINK_PATH(provider)}>
              {t('autotopup.change')}
            </Button>
            <Button color="error" onClick={() => setUnlinking(true)} data-testid="autotopup-unlink">
              {t('autotopup.unlink')}
            </Button>
            {data.demo && (
              <Button
                variant="contained"
                disabled={busy}
                onClick={() =>
                  void run(() =>
                    apiPost('/api/dev/v1/ewallet/spend', { id: Number(link.id), amount: DEMO_SPEND }),
                  )
                }
                data-testid="autotopup-demo-spend"
              >
                {t('autotopup.demoSpend', { amount: money({ amount: DEMO_SPEND, currency: 'IDR' }) })}
              </Button>
            )}
          </Stack>
          <Divider sx={{ my: 2 }} />
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
            {t('autotopup.history')}
          </Typography>
          {link.topups.length === 0 ? (
            <Typography color="text.secondary">{t('autotopup.noTopups')}</Typography>
          ) : (
            <Stack component="ul" spacing={1} sx={{ p: 0, m: 0 }} data-testid="autotopup-topups">
              {link.topups.map((x, i) => (
                <Box
                  component="li"
                  key={`${x.createdAt}-${i}`}
                  sx={{
                    listStyle: 'none',
                    display: 'flex',
                    justifyContent: 'space-between',
                    gap: 1,
                    flexWrap: 'wrap',
                  }}
                  data-testid="autotopup-topup"
                  data-status={x.status}
                >
                  <Box>
                    <Typography variant="body2">{formatBankDateTime(x.createdAt, lang)}</Typography>
                    <Typography variant="caption" color="text.secondary">
                      {x.referenceNo ? t('autotopup.reference', { no: x.referenceNo }) : x.error?.[lang]}
                    </Typography>
                  </Box>
                  <Box sx={{ textAlign: 'right' }}>
                    <Typography variant="body2" sx={{ fontWeight: 700 }}>
                      {money(x.amount)}
                    </Typography>
                    <Chip
                      size="small"
                      label={t(`autotopup.status.${x.status}`)}
                      color={STATUS_COLOR[x.status]}
                    />
                  </Box>
                </Box>
              ))}
            </Stack>
          )}
        </Box>
      )}
      <Box sx={{ mt: 3 }}>
        <Button component={Link} to="/purchase/">
          {t('autotopup.back')}
        </Button>
      </Box>
      <Dialog open={unlinking} onClose={() => !busy && setUnlinking(false)}>
        <DialogTitle>{t('autotopup.unlinkTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('autotopup.unlinkBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setUnlinking(false)} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy}
            data-testid="autotopup-unlink-confirm"
            onClick={() =>
              link &&
              void run(async () => {
                await apiPost('/api/ewallet/v1/autotopup/unlink', { id: Number(link.id) });
                setUnlinking(false);
              })
            }
          >
            {t('autotopup.unlink')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
