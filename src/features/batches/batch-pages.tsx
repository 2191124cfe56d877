// The batch pages the routes load (one chunk): the inquiry, verify (batch-verify-page.tsx), the receipt,
// and editing a scheduled batch.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useNavigate, useSearchParams } from 'react-router';
import { formatBankDate } from '@/shared/bank-time';
import { useErrorHandler } from '@/shared/ui';
import { download } from '@/features/transfers/api';
import { batchApi, KIND_BASE, resultPath, type BatchKind } from './api';
import { BatchDraft } from './batch-draft';
import { Frame, Loading, stepPath, useBatch, useLang } from './batch-page-kit';
import { BatchRows } from './batch-rows';
import { BatchStart } from './batch-start';

export { BatchVerifyPage } from './batch-verify-page';

/**
 * The inquiry: the source of fund and the rows (a sheet uploaded, or typed: batch-start.tsx); then every
 * row with its own result of the check, to fix or remove, the totals, when to send, and the
 * verification's start (batch-draft.tsx).
 */
export function BatchInquiryPage({ kind }: { kind: BatchKind }) {
  const [batch, setBatch] = useBatch();
  if (batch === null) return <Loading />;
  return (
    <Frame kind={kind} testId="batch-inquiry">
      {batch && batch.kind === kind && (batch.status === 'draft' || batch.status === 'waiting') ? (
        <BatchDraft batch={batch} onChange={setBatch} />
      ) : batch && batch.kind === kind ? (
        <Navigate to={stepPath(kind, 'receipt', batch.batchId)} replace />
      ) : (
        <BatchStart kind={kind} />
      )}
    </Frame>
  );
}

/** Every row's own result, the counts, and the result file to download. */
export function BatchReceiptPage({ kind }: { kind: BatchKind }) {
  const { t } = useTranslation('batch');
  const lang = useLang();
  const errors = useErrorHandler();
  const [batch] = useBatch();
  if (batch === null) return <Loading />;
  if (!batch || batch.kind !== kind || !['done', 'scheduled', 'replaced'].includes(batch.status))
    return <Navigate to={stepPath(kind, 'inquiry', batch?.batchId)} replace />;
  const count = (s: string) => batch.rows.filter((r) => r.status === s).length;
  return (
    <Frame kind={kind} testId="batch-receipt">
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {t('results.heading')}
        </Typography>
        <Typography data-testid="batch-result-counts">
          {batch.status === 'done'
            ? t('results.counts', {
                success: count('success'),
                pending: count('pending'),
                failed: count('failed'),
              })
            : t('results.scheduledCounts', {
                count: batch.rows.length,
                date: batch.runDate ? formatBankDate(batch.runDate, lang, { dateStyle: 'medium' }) : '',
              })}
        </Typography>
        {count('pending') > 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('results.pendingNote')}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
          <Button
            variant="contained"
            onClick={() =>
              void download(resultPath(batch.batchId, lang), `${kind}-result.csv`).catch(errors.showError)
            }
            data-testid="batch-download-result"
          >
            {t('results.download')}
          </Button>
          {batch.status === 'scheduled' && (
            <Button component={RouterLink} to="/mytransaction/">
              {t('results.toScheduled')}
            </Button>
          )}
          <Button component={RouterLink} to={KIND_BASE[kind]}>
            {t('results.again')}
          </Button>
          <Button component={RouterLink} to="/dashboard/">
            {t('results.dashboard')}
          </Button>
        </Stack>
      </Paper>
      <BatchRows batch={batch} lang={lang} editable={false} />
    </Frame>
  );
}

/** /mytransaction/edit-scheduled-masstransaction/?id=<batch>: a draft of the scheduled batch, on its rows page. */
export function EditScheduledBatchPage() {
  const { t } = useTranslation('batch');
  const [params] = useSearchParams();
  const id = params.get('id');
  const errors = useErrorHandler();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(!id);
  useEffect(() => {
    if (!id) return;
    let live = true;
    batchApi.edit(id).then(
      (draft) => live && navigate(stepPath(draft.kind, 'inquiry', draft.batchId), { replace: true }),
      (err: unknown) => {
        if (!live) return;
        setFailed(true);
        errors.showError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [id, navigate, errors]);
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }} data-testid="batch-edit-scheduled">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {t('edit.title')}
      </Typography>
      {failed ? (
        <Alert severity="info">
          {t('edit.missing')}{' '}
          <Button component={RouterLink} to="/mytransaction/" size="small">
            {t('results.toScheduled')}
          </Button>
        </Alert>
      ) : (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', p: 4 }}>
          <CircularProgress size={24} aria-hidden />
          <Typography>{t('edit.loading')}</Typography>
        </Stack>
      )}
    </Box>
  );
}
