import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { formatBankDate } from '@/shared/bank-time';
import { formatMoney } from '@/shared/money';
import { useErrorHandler } from '@/shared/ui';
import { VerifyOncePanel } from '@/engine/ui/verify-once-panel';
import { batchApi, type BatchKind, type BatchVerification } from './api';
import { Frame, stepPath, useLang } from './batch-page-kit';

/** The one verification of the batch (OTP or approval); confirmed, the results page. */
export function BatchVerifyPage({ kind }: { kind: BatchKind }) {
  const { t } = useTranslation(['batch', 'cart']);
  const lang = useLang();
  const errors = useErrorHandler();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const batchId = params.get('batch');
  const first = (location.state as { verification?: BatchVerification } | null)?.verification;
  const [verification, setVerification] = useState(first);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [approval, setApproval] = useState<'waiting' | 'rejected' | 'expired'>('waiting');

  const confirm = useCallback(
    async (otp?: string) => {
      if (!batchId) return;
      setBusy(true);
      try {
        await batchApi.confirm(batchId, otp);
        navigate(stepPath(kind, 'receipt', batchId), { replace: true });
      } catch (err) {
        errors.showError(err);
      } finally {
        setBusy(false);
      }
    },
    [batchId, kind, navigate, errors],
  );

  useEffect(() => {
    if (!batchId || verification?.method !== 'approval' || approval !== 'waiting') return;
    const timer = window.setInterval(() => {
      batchApi.status(batchId).then(
        (s) => {
          if (s.status === 'approved') {
            window.clearInterval(timer);
            void confirm();
          } else if (s.status !== 'waiting') setApproval(s.status);
        },
        () => undefined,
      );
    }, 2000);
    return () => window.clearInterval(timer);
  }, [batchId, verification, approval, confirm]);

  // Entered without the step before it (a reload, a typed address): back to the rows.
  if (!batchId || !verification || verification.batchId !== batchId)
    return <Navigate to={stepPath(kind, 'inquiry', batchId ?? undefined)} replace />;
  const v = verification;
  return (
    <Frame kind={kind} testId="batch-verify-page">
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="batch-verify-summary">
        <Typography>{t('batch:verify.rows', { count: v.valid })}</Typography>
        <Typography sx={{ fontWeight: 700 }}>
          {t('batch:summary.total')}: {formatMoney(v.total, lang)}
        </Typography>
        <Typography variant="body2">
          {v.runDate
            ? t('batch:verify.date', { date: formatBankDate(v.runDate, lang, { dateStyle: 'medium' }) })
            : t('batch:verify.now')}
        </Typography>
      </Paper>
      <VerifyOncePanel
        verification={v}
        busy={busy}
        code={code}
        setCode={setCode}
        approval={approval}
        onConfirm={() => void confirm(code)}
        onCancel={() => navigate(stepPath(kind, 'inquiry', batchId))}
        onResend={async () => {
          try {
            const again = await batchApi.resend(batchId);
            setCode('');
            setVerification({ ...v, ...again } as BatchVerification);
          } catch (err) {
            errors.showError(err);
            throw err;
          }
        }}
        testId="batch"
        labels={{
          heading: t('batch:verify.heading'),
          sentTo: (phone, ref) => t('cart:verify.sentTo', { phone, ref }),
          code: t('cart:verify.code'),
          confirm: t('batch:verify.heading'),
          waiting: t('cart:verify.waiting'),
          rejected: t('cart:verify.rejected'),
          expired: t('cart:verify.expired'),
          cancel: t('cart:verify.cancel'),
          resend: t('batch:verify.resend'),
          resent: t('batch:verify.resent'),
        }}
      />
    </Frame>
  );
}
