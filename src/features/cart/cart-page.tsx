import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatBankDate } from '@/shared/bank-time';
import { stepUrl } from '@/shared/flows';
import { formatMoney } from '@/shared/money';
import { useErrorHandler } from '@/shared/ui';
import {
  CART_ITEM_PARAM,
  cartApi,
  type CartItem,
  type CartItemResult,
  type CartList,
  type CartVerification,
} from '@/shared/cart/cart-api';
import { flowMetaById } from '@/engine/flows-data';
import { VerifyOncePanel } from '@/engine/ui/verify-once-panel';
import { deviceCancelled, passkeysSupported, signWithPasskey } from '@/shared/passkeys/sign';

/** The cart: each item with its summary, Edit and Remove, totals per account, one verification, then results. */
export function CartPage() {
  const { t, i18n } = useTranslation('cart');
  const en = i18n.language.startsWith('en');
  const errors = useErrorHandler();
  const navigate = useNavigate();
  const [cart, setCart] = useState<CartList>();
  const [verification, setVerification] = useState<CartVerification>();
  const [results, setResults] = useState<CartItemResult[]>();
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [approval, setApproval] = useState<'waiting' | 'rejected' | 'expired'>('waiting');

  const reload = useCallback(
    () =>
      cartApi.list().then(setCart, (err: unknown) => {
        setCart({ items: [], count: 0, totals: [], maxItems: 0 });
        errors.showError(err);
      }),
    [errors],
  );
  useEffect(() => void reload(), [reload]);

  const confirm = useCallback(
    async (checkoutId: string, otp?: string, passkey?: unknown) => {
      setBusy(true);
      try {
        setResults((await cartApi.confirm(checkoutId, otp, passkey)).results);
        setVerification(undefined);
        await reload();
      } catch (err) {
        errors.showError(err);
      } finally {
        setBusy(false);
      }
    },
    [errors, reload],
  );

  // The approval's outcome, asked every 2 seconds while it waits; approved confirms the cart.
  useEffect(() => {
    if (verification?.method !== 'approval' || approval !== 'waiting') return;
    const timer = window.setInterval(() => {
      cartApi.status(verification.checkoutId).then(
        (s) => {
          if (s.status === 'approved') {
            window.clearInterval(timer);
            void confirm(verification.checkoutId);
          } else if (s.status !== 'waiting') setApproval(s.status);
        },
        () => undefined,
      );
    }, 2000);
    return () => window.clearInterval(timer);
  }, [verification, approval, confirm]);

  const verify = async (method: 'otp' | 'approval') => {
    setBusy(true);
    setResults(undefined);
    try {
      const v = await cartApi.verify(method);
      setApproval('waiting');
      setCode('');
      setVerification(v);
      setCart(v);
    } catch (err) {
      errors.showError(err);
      await reload();
    } finally {
      setBusy(false);
    }
  };

  // One passkey signature over every item as quoted: the request, the device, then the confirm.
  const verifyWithPasskey = async () => {
    setBusy(true);
    setResults(undefined);
    try {
      const v = await cartApi.verifyWithPasskey();
      setCart(v);
      const signed = await signWithPasskey(v.passkey.options);
      await confirm(v.checkoutId, undefined, signed);
    } catch (err) {
      if (!deviceCancelled(err)) errors.showError(err);
      await reload();
    } finally {
      setBusy(false);
    }
  };

  const remove = async (item: CartItem) => {
    try {
      await cartApi.remove(item.itemId);
    } catch (err) {
      errors.showError(err);
    }
    await reload();
  };

  const edit = (item: CartItem) => {
    const meta = flowMetaById(item.flowId);
    if (!meta) return;
    const url = stepUrl(meta, 'inquiry/');
    navigate(`${url}${url.includes('?') ? '&' : '?'}${CART_ITEM_PARAM}=${item.itemId}`);
  };

  const text = (v: { en: string; id: string }) => (en ? v.en : v.id);
  if (!cart)
    return (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <CircularProgress aria-label={t('common:loading')} />
      </Box>
    );
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }} data-testid="cart-page">
      <Typography variant="h5" component="h1" sx={{ mb: 1, fontWeight: 700 }}>
        {t('title')}
      </Typography>
      {results && <Results results={results} />}
      {!cart.items.length ? (
        !results && <Alert severity="info">{t('empty')}</Alert>
      ) : (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('keptNote')}
          </Typography>
          {cart.items.map((item) => (
            <Card
              variant="outlined"
              sx={{ mb: 2 }}
              key={item.itemId}
              data-testid="cart-item"
              data-flow={item.flowId}
            >
              <CardContent>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                  <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
                    {text(item.title)}
                  </Typography>
                  {item.quote.total && (
                    <Typography sx={{ fontWeight: 700 }}>
                      {formatMoney(item.quote.total, en ? 'en' : 'id')}
                    </Typography>
                  )}
                </Box>
                <Box
                  component="dl"
                  sx={{ m: 0, mt: 1, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2 }}
                >
                  {item.rows.map((r) => (
                    <Box key={r.labelEng} sx={{ display: 'contents' }}>
                      <Typography component="dt" variant="body2" color="text.secondary">
                        {en ? r.labelEng : r.labelIdn}
                      </Typography>
                      <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                        {en ? r.valueEng : r.valueIdn}
                      </Typography>
                    </Box>
                  ))}
                </Box>
                <Box sx={{ mt: 1, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  {item.expired ? (
                    <Chip color="warning" size="small" label={t('expired')} />
                  ) : (
                    <Typography variant="caption" color="text.secondary">
                      {t('keptUntil', { time: new Date(item.expiresAt).toLocaleString(i18n.language) })}
                    </Typography>
                  )}
                  <Box sx={{ flex: 1 }} />
                  {!verification && !item.expired && (
                    <Button size="small" onClick={() => edit(item)} data-testid="cart-edit">
                      {t('edit')}
                    </Button>
                  )}
                  {!verification && (
                    <Button
                      size="small"
                      color="error"
                      onClick={() => void remove(item)}
                      data-testid="cart-remove"
                    >
                      {t('remove')}
                    </Button>
                  )}
                </Box>
              </CardContent>
            </Card>
          ))}
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mt: 2 }}>
            {t('totals.heading')}
          </Typography>
          <Box data-testid="cart-totals" sx={{ mb: 2 }}>
            {cart.totals.map((tot) => {
              const money = (amount: number) =>
                formatMoney({ amount, currency: tot.currency }, en ? 'en' : 'id');
              return (
                <Box
                  key={`${tot.accountId}-${tot.currency}`}
                  sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}
                >
                  <Typography>{t('totals.account', { account: tot.accountNo })}</Typography>
                  <Typography sx={{ fontWeight: 700 }}>{money(tot.amount)}</Typography>
                  <Typography color={tot.enough ? 'text.secondary' : 'error'}>
                    {tot.enough
                      ? t('totals.available', { available: money(tot.available) })
                      : t('totals.short', { available: money(Math.max(0, tot.available)) })}
                  </Typography>
                </Box>
              );
            })}
          </Box>
          {verification ? (
            <VerifyPanel
              verification={verification}
              count={cart.items.length}
              busy={busy}
              code={code}
              setCode={setCode}
              approval={approval}
              onConfirm={() => void confirm(verification.checkoutId, code)}
              onCancel={() => setVerification(undefined)}
            />
          ) : (
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                disabled={busy}
                onClick={() => void verify('otp')}
                data-testid="cart-verify-otp"
              >
                {t('verify.otp')}
              </Button>
              <Button
                variant="outlined"
                disabled={busy}
                onClick={() => void verify('approval')}
                data-testid="cart-verify-approval"
              >
                {t('verify.approval')}
              </Button>
              {cart.passkeyEnrolled && passkeysSupported() && (
                <Button
                  variant="outlined"
                  disabled={busy}
                  onClick={() => void verifyWithPasskey()}
                  data-testid="cart-verify-passkey"
                >
                  {t('verify.passkey')}
                </Button>
              )}
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

function VerifyPanel(p: {
  verification: CartVerification;
  count: number;
  busy: boolean;
  code: string;
  setCode: (c: string) => void;
  approval: 'waiting' | 'rejected' | 'expired';
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('cart');
  return (
    <VerifyOncePanel
      {...p}
      testId="cart"
      labels={{
        heading: t('verify.heading'),
        sentTo: (phone, ref) => t('verify.sentTo', { phone, ref }),
        code: t('verify.code'),
        confirm: t('verify.confirm', { count: p.count }),
        waiting: t('verify.waiting'),
        rejected: t('verify.rejected'),
        expired: t('verify.expired'),
        cancel: t('verify.cancel'),
      }}
    />
  );
}

function Results({ results }: { results: CartItemResult[] }) {
  const { t, i18n } = useTranslation('cart');
  const en = i18n.language.startsWith('en');
  return (
    <Box data-testid="cart-results" sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
        {t('results.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('results.note')}
      </Typography>
      {results.map((r) => {
        // A transfer for later: its confirm stored the schedule; nothing moved yet.
        const scheduled = r.receipt?.scheduled;
        return (
          <Alert
            key={r.itemId}
            severity={
              scheduled
                ? 'info'
                : r.status === 'success'
                  ? 'success'
                  : r.status === 'pending'
                    ? 'info'
                    : 'error'
            }
            sx={{ mb: 1 }}
            data-testid="cart-result"
            data-status={scheduled ? 'scheduled' : r.status}
          >
            <strong>{en ? r.title.en : r.title.id}</strong>:{' '}
            {scheduled
              ? t('results.scheduled', {
                  date: formatBankDate(scheduled.nextRunDate, en ? 'en' : 'id', { dateStyle: 'medium' }),
                })
              : t(`results.${r.status}`)}
            {r.receipt && (
              <>
                {' · '}
                {t('results.reference', { ref: r.receipt.referenceNo })}
                {r.receipt.total && (
                  <> · {t('results.total', { total: formatMoney(r.receipt.total, en ? 'en' : 'id') })}</>
                )}
              </>
            )}
            {r.error && <> · {en ? r.error.errorMessageEng : r.error.errorMessageIdn}</>}
          </Alert>
        );
      })}
      <Button component={Link} to="/dashboard/">
        {t('results.dashboard')}
      </Button>
      {results.some((r) => r.receipt?.scheduled) && (
        <Button component={Link} to="/mytransaction/" data-testid="cart-scheduled-link">
          {t('results.scheduledLink')}
        </Button>
      )}
    </Box>
  );
}
