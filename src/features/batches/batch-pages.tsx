import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiFailure } from '@/shared/api/client';
import { formatBankDate } from '@/shared/bank-time';
import type { ChoiceOption } from '@/shared/flows';
import { formatMoney } from '@/shared/money';
import { useErrorHandler } from '@/shared/ui';
import { VerifyOncePanel } from '@/engine/ui/verify-once-panel';
import { download } from '@/features/transfers/api';
import {
  batchApi,
  KIND_BASE,
  KIND_COLUMNS,
  resultPath,
  templatePath,
  type Batch,
  type BatchKind,
  type BatchVerification,
  type BillerCode,
} from './api';
import { BatchRows, BatchSummary } from './batch-rows';

type Lang = 'en' | 'id';
const useLang = (): Lang => (useTranslation().i18n.language === 'en' ? 'en' : 'id');
const stepPath = (kind: BatchKind, step: 'inquiry' | 'verify' | 'receipt', batchId?: string) =>
  `${KIND_BASE[kind]}${step}/${batchId ? `?batch=${encodeURIComponent(batchId)}` : ''}`;

function Loading() {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <CircularProgress aria-label={t('loading')} />
    </Box>
  );
}

function Frame(p: { kind: BatchKind; children: React.ReactNode; testId: string }) {
  const { t } = useTranslation('batch');
  return (
    <Box sx={{ maxWidth: 880, mx: 'auto' }} data-testid={p.testId}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t(`title.${p.kind}`)}
      </Typography>
      {p.children}
    </Box>
  );
}

/** Loads the batch named by ?batch= (null while loading, undefined when there is none). */
function useBatch() {
  const [params] = useSearchParams();
  const id = params.get('batch');
  const errors = useErrorHandler();
  const [batch, setBatch] = useState<Batch | null | undefined>(id ? null : undefined);
  useEffect(() => {
    if (!id) return setBatch(undefined);
    let live = true;
    setBatch(null);
    batchApi.get(id).then(
      (b) => live && setBatch(b),
      (err: unknown) => {
        if (!live) return;
        setBatch(undefined);
        errors.showError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [id, errors]);
  return [batch, setBatch] as const;
}

/**
 * The inquiry: the source of fund and the rows (a sheet uploaded, or typed); then every row with its
 * own result of the check, to fix or remove, the totals, when to send, and the verification's start.
 */
export function BatchInquiryPage({ kind }: { kind: BatchKind }) {
  const [batch, setBatch] = useBatch();
  if (batch === null) return <Loading />;
  return (
    <Frame kind={kind} testId="batch-inquiry">
      {batch && batch.kind === kind && (batch.status === 'draft' || batch.status === 'waiting') ? (
        <Draft batch={batch} onChange={setBatch} />
      ) : batch && batch.kind === kind ? (
        <Navigate to={stepPath(kind, 'receipt', batch.batchId)} replace />
      ) : (
        <Start kind={kind} />
      )}
    </Frame>
  );
}

function Start({ kind }: { kind: BatchKind }) {
  const { t } = useTranslation('batch');
  const lang = useLang();
  const errors = useErrorHandler();
  const navigate = useNavigate();
  const [sources, setSources] = useState<ChoiceOption[]>();
  const [source, setSource] = useState('');
  const [busy, setBusy] = useState(false);
  const [sheetError, setSheetError] = useState<string>();
  const [billers, setBillers] = useState<BillerCode[]>();
  const columns = KIND_COLUMNS[kind];
  const blank = () => Object.fromEntries(columns.map((c) => [c, '']));
  const [typed, setTyped] = useState<Record<string, string>[]>(() => [blank()]);
  const file = useRef<HTMLInputElement>(null);

  useEffect(() => {
    batchApi.sources(kind).then(
      (s) => {
        setSources(s);
        if (s.length === 1) setSource(s[0]!.value);
      },
      (err: unknown) => {
        setSources([]);
        errors.showError(err);
      },
    );
    if (kind !== 'transfer')
      batchApi.billers(kind).then(
        (b) => setBillers(b.billers),
        () => undefined,
      );
  }, [kind, errors]);

  const opened = (b: Batch) => navigate(stepPath(kind, 'inquiry', b.batchId));
  const run = async (work: () => Promise<Batch>) => {
    setBusy(true);
    setSheetError(undefined);
    try {
      opened(await work());
    } catch (err) {
      // A sheet the server cannot read: said under the upload, in the customer's language.
      const f = err instanceof ApiFailure ? err.body?.fields?.['/file'] : undefined;
      if (f) setSheetError(lang === 'en' ? f.eng : f.idn);
      else errors.showError(err);
    } finally {
      setBusy(false);
      if (file.current) file.current.value = '';
    }
  };
  const label = (o: ChoiceOption) => (lang === 'en' ? o.labelEng : o.labelIdn);

  if (!sources) return <Loading />;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{t(`intro.${kind}`)}</Typography>
      <TextField
        select
        label={t('sourceOfFund')}
        value={source}
        onChange={(e) => setSource(e.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'batch-source' } }}
        sx={{ maxWidth: 480 }}
      >
        {sources.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {label(o)}
          </MenuItem>
        ))}
      </TextField>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          <Button
            variant="outlined"
            onClick={() =>
              void download(templatePath(kind), `mass-${kind}-template.csv`).catch(errors.showError)
            }
            data-testid="batch-template"
          >
            {t('template')}
          </Button>
          <Button
            variant="contained"
            component="label"
            disabled={busy || !source}
            data-testid="batch-upload-button"
          >
            {busy ? t('uploading') : t('upload')}
            <input
              ref={file}
              hidden
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              data-testid="batch-file"
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) void run(() => batchApi.upload(kind, source, f));
              }}
            />
          </Button>
        </Stack>
        {!source && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('sourceRequired')}
          </Typography>
        )}
        {sheetError && (
          <Alert severity="error" sx={{ mt: 1 }} data-testid="batch-sheet-error">
            {sheetError}
          </Alert>
        )}
      </Paper>
      {billers && <BillerCodes billers={billers} lang={lang} />}
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {t('typeRows')}
        </Typography>
        <Stack spacing={1}>
          {typed.map((row, i) => (
            <Box
              key={i}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: '1fr 1fr', md: `repeat(${columns.length}, 1fr)` },
                gap: 1,
              }}
              data-testid="batch-typed-row"
            >
              {columns.map((c) => (
                <TextField
                  key={c}
                  size="small"
                  label={t(`columns.${c}`)}
                  value={row[c]}
                  onChange={(e) =>
                    setTyped(typed.map((r, j) => (j === i ? { ...r, [c]: e.target.value } : r)))
                  }
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
              ))}
            </Box>
          ))}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          <Button onClick={() => setTyped([...typed, blank()])}>{t('addRow')}</Button>
          <Button
            variant="contained"
            disabled={busy || !source || typed.every((r) => Object.values(r).every((v) => !v.trim()))}
            onClick={() =>
              void run(() =>
                batchApi.create(
                  kind,
                  source,
                  typed.filter((r) => Object.values(r).some((v) => v.trim())),
                ),
              )
            }
            data-testid="batch-check-typed"
          >
            {t('checkRows')}
          </Button>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** The codes a payment or purchase sheet's "biller" column takes, shown on demand. */
function BillerCodes({ billers, lang }: { billers: BillerCode[]; lang: Lang }) {
  const { t } = useTranslation('batch');
  const [open, setOpen] = useState(false);
  return (
    <Box>
      <Button
        size="small"
        onClick={() => setOpen(!open)}
        aria-expanded={open}
        data-testid="batch-biller-toggle"
      >
        {open ? t('billers.hide') : t('billers.show')}
      </Button>
      {open && (
        <Paper
          variant="outlined"
          component="ul"
          sx={{ m: 0, mt: 1, p: 1.5, pl: 4, maxHeight: 280, overflow: 'auto' }}
          data-testid="batch-biller-codes"
        >
          {billers.map((b) => (
            <Typography component="li" variant="body2" key={`${b.flowId}-${b.code}`}>
              <strong>{b.code}</strong> {lang === 'en' ? b.labelEng : b.labelIdn}
              {(b.needsProduct || b.needsAmount) &&
                ` (${[
                  b.needsProduct ? t('billers.needs.product') : '',
                  b.needsAmount ? t('billers.needs.amount') : '',
                ]
                  .filter(Boolean)
                  .join(', ')})`}
            </Typography>
          ))}
        </Paper>
      )}
    </Box>
  );
}

function Draft({ batch, onChange }: { batch: Batch; onChange: (b: Batch) => void }) {
  const { t } = useTranslation('batch');
  const lang = useLang();
  const errors = useErrorHandler();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [when, setWhen] = useState<'now' | 'date'>(batch.runDate ? 'date' : 'now');
  const [date, setDate] = useState(batch.runDate ?? '');
  const [dateError, setDateError] = useState<string>();
  const act = async (work: () => Promise<Batch>) => {
    setBusy(true);
    try {
      onChange(await work());
      return true;
    } catch (err) {
      errors.showError(err);
      return false;
    } finally {
      setBusy(false);
    }
  };
  const verify = async (method: 'otp' | 'approval') => {
    setBusy(true);
    setDateError(undefined);
    try {
      const v = await batchApi.verify(batch.batchId, method, when === 'date' ? date || null : null);
      navigate(stepPath(batch.kind, 'verify', batch.batchId), { state: { verification: v } });
    } catch (err) {
      const f = err instanceof ApiFailure ? err.body?.fields?.['/date'] : undefined;
      if (f) setDateError(lang === 'en' ? f.eng : f.idn);
      else errors.showError(err);
      // The rows as checked now (a quote may have changed).
      batchApi.get(batch.batchId).then(onChange, () => undefined);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box>
      {batch.replaces && batch.runDate && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="batch-editing">
          {t('editing', { date: formatBankDate(batch.runDate, lang, { dateStyle: 'medium' }) })}
        </Alert>
      )}
      <BatchSummary batch={batch} lang={lang} />
      {batch.invalid > 0 && (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="batch-fix-first">
          {t('summary.fixFirst')}
        </Alert>
      )}
      <BatchRows
        batch={batch}
        lang={lang}
        editable
        busy={busy}
        onFix={(line, cells) => act(() => batchApi.updateRow(batch.batchId, line, cells))}
        onRemove={(lines) => void act(() => batchApi.removeRows(batch.batchId, lines))}
      />
      <Paper variant="outlined" sx={{ p: 2, mt: 2 }}>
        <Typography component="h2" sx={{ fontWeight: 700 }}>
          {t('when.label')}
        </Typography>
        <RadioGroup row value={when} onChange={(e) => setWhen(e.target.value as 'now' | 'date')}>
          <FormControlLabel value="now" control={<Radio />} label={t('when.now')} />
          <FormControlLabel
            value="date"
            control={<Radio data-testid="batch-when-date" />}
            label={t('when.date')}
          />
        </RadioGroup>
        {when === 'date' && (
          <>
            <TextField
              type="date"
              label={t('when.dateLabel')}
              value={date}
              onChange={(e) => setDate(e.target.value)}
              error={!!dateError}
              helperText={dateError ?? t('when.scheduledNote')}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'batch-date' } }}
              sx={{ mt: 1 }}
            />
          </>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <Button
            variant="contained"
            disabled={busy || batch.valid === 0}
            onClick={() => void verify('otp')}
            data-testid="batch-verify-otp"
          >
            {t('verify.otp')}
          </Button>
          <Button
            variant="outlined"
            disabled={busy || batch.valid === 0}
            onClick={() => void verify('approval')}
            data-testid="batch-verify-approval"
          >
            {t('verify.approval')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}

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
