import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '@/shared/api/client';
import { formatBankDate } from '@/shared/bank-time';
import { formatMoney } from '@/shared/money';
import { ConfirmDeleteDialog, useErrorHandler } from '@/shared/ui';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TYPES,
  deleteDocument,
  download,
  listDocuments,
  monthDeclaration,
  uploadDocument,
  type Declaration,
  type DocumentType,
  type UnderlyingDocument,
} from './api';

type Lang = 'en' | 'id';
const ACCEPT = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

const sizeText = (bytes: number, lang: Lang) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toLocaleString(lang === 'en' ? 'en-GB' : 'id-ID', { maximumFractionDigits: 1 })} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function MonthSummary(p: { d: Declaration; lang: Lang }) {
  const { t } = useTranslation('transfer');
  const m = (x: Declaration['monthTotalUsd']) => formatMoney(x, p.lang);
  const monthName = new Date(`${p.d.month}-01T00:00:00Z`).toLocaleDateString(
    p.lang === 'en' ? 'en-GB' : 'id-ID',
    {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    },
  );
  const share = Math.min(100, (p.d.monthTotalUsd.amount / p.d.thresholdUsd.amount) * 100);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2.5 }} data-testid="declaration-summary">
      <Typography variant="body2" color="text.secondary">
        {t('documents.monthTotal', { month: monthName })}
      </Typography>
      <Typography sx={{ fontWeight: 700 }} data-testid="declaration-total">
        {t('documents.ofThreshold', { total: m(p.d.monthTotalUsd), threshold: m(p.d.thresholdUsd) })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={share}
        color={p.d.documentRequired ? 'warning' : 'primary'}
        sx={{ my: 1, height: 6, borderRadius: 3 }}
        aria-hidden
      />
      {p.d.documentRequired && (
        <Alert severity={p.d.documentsOnFile > 0 ? 'info' : 'warning'} sx={{ mb: 1 }}>
          {t('documents.needed')}
        </Alert>
      )}
      <Typography variant="body2">{t('documents.rule', { threshold: m(p.d.thresholdUsd) })}</Typography>
      <Typography variant="body2">
        {t('documents.receiptDeclaration', { amount: m(p.d.receiptDeclarationUsd) })}
      </Typography>
      <Typography variant="body2">{t('documents.exempt')}</Typography>
    </Paper>
  );
}

/** /transfer/manage-underlaying-document/: the month's purchases against the threshold, and the documents on file. */
export function DocumentsPage() {
  const { t, i18n } = useTranslation(['transfer', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'id';
  const errors = useErrorHandler();
  const [docs, setDocs] = useState<UnderlyingDocument[]>();
  const [declaration, setDeclaration] = useState<Declaration>();
  const [docType, setDocType] = useState<DocumentType | ''>('');
  const [description, setDescription] = useState('');
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<{ field: 'file' | 'type' | 'form'; text: string }>();
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<UnderlyingDocument>();
  const [note, setNote] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);

  const load = useCallback(() => {
    let live = true;
    Promise.all([listDocuments(), monthDeclaration()]).then(
      ([l, d]) => {
        if (!live) return;
        setDocs(l.documents);
        setDeclaration(d);
      },
      (err: unknown) => {
        if (!live) return;
        setDocs([]);
        errors.showError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [errors]);
  useEffect(load, [load]);

  const choose = (f: File | undefined) => {
    setProblem(undefined);
    if (!f) return setFile(undefined);
    // A first check here; the server decides by the file's bytes.
    if (!/\.(pdf|jpe?g|png)$/i.test(f.name)) setProblem({ field: 'file', text: t('documents.badType') });
    else if (f.size > DOCUMENT_MAX_BYTES) setProblem({ field: 'file', text: t('documents.tooLarge') });
    setFile(f);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!docType) return setProblem({ field: 'type', text: t('documents.noType') });
    if (!file) return setProblem({ field: 'file', text: t('documents.noFile') });
    if (problem) return;
    setBusy(true);
    try {
      const doc = await uploadDocument({ file, docType, description });
      setDocs((l) => [doc, ...(l ?? [])]);
      setNote(t('documents.uploaded', { name: doc.fileName }));
      setFile(undefined);
      setDescription('');
      setDocType('');
      if (fileInput.current) fileInput.current.value = '';
      monthDeclaration().then(setDeclaration, () => undefined);
    } catch (err) {
      const body = err instanceof ApiFailure ? err.body : undefined;
      const why = body ? (lang === 'en' ? body.errorMessageEng : body.errorMessageIdn) : '';
      setProblem({ field: 'form', text: why });
    } finally {
      setBusy(false);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteDocument(deleting.id);
      setDocs((l) => l?.filter((d) => d.id !== deleting.id));
      setNote(t('documents.deleted', { name: deleting.fileName }));
      monthDeclaration().then(setDeclaration, () => undefined);
    } catch (err) {
      errors.showError(err);
    } finally {
      setDeleting(undefined);
      setBusy(false);
    }
  };

  return (
    <Box sx={{ maxWidth: 800, mx: 'auto' }} data-testid="documents-page">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('documents.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        {t('documents.intro')}
      </Typography>
      {declaration && <MonthSummary d={declaration} lang={lang} />}

      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={(e) => void submit(e)}
        sx={{ p: 2, mb: 2.5 }}
      >
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1.5 }}>
          {t('documents.uploadHeading')}
        </Typography>
        {problem?.field === 'form' && (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="upload-failed">
            <strong>{t('documents.uploadFailed')}</strong>
            {problem.text ? ` ${problem.text}` : ''}
          </Alert>
        )}
        <Stack spacing={2}>
          <TextField
            select
            label={t('documents.type')}
            value={docType}
            onChange={(e) => {
              setDocType(e.target.value as DocumentType);
              if (problem?.field === 'type') setProblem(undefined);
            }}
            error={problem?.field === 'type'}
            helperText={problem?.field === 'type' ? problem.text : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'document-type' } }}
            required
          >
            {DOCUMENT_TYPES.map((k) => (
              <MenuItem key={k} value={k}>
                {t(`documents.types.${k}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('documents.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value.slice(0, 100))}
          />
          <Box>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
              <Button variant="outlined" component="label">
                {t('documents.chooseFile')}
                <input
                  ref={fileInput}
                  hidden
                  type="file"
                  accept={ACCEPT}
                  data-testid="document-file"
                  onChange={(e) => choose(e.target.files?.[0])}
                />
              </Button>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="document-file-name">
                {file ? `${file.name} (${sizeText(file.size, lang)})` : t('documents.noFileChosen')}
              </Typography>
            </Stack>
            <Typography
              variant="caption"
              color={problem?.field === 'file' ? 'error' : 'text.secondary'}
              component="p"
              sx={{ mt: 0.5 }}
              data-testid="document-file-help"
            >
              {problem?.field === 'file' ? problem.text : t('documents.fileHelp')}
            </Typography>
          </Box>
          <Box>
            <Button type="submit" variant="contained" disabled={busy} data-testid="document-upload">
              {t('documents.upload')}
            </Button>
          </Box>
        </Stack>
      </Paper>

      <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
        {t('documents.list')}
      </Typography>
      {!docs ? (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      ) : docs.length === 0 ? (
        <Alert severity="info" data-testid="documents-empty">
          {t('documents.empty')}
        </Alert>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {docs.map((d) => (
            <Paper
              key={d.id}
              component="li"
              variant="outlined"
              sx={{ p: 2, listStyle: 'none' }}
              data-testid="document"
            >
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={1}
                sx={{ alignItems: { sm: 'center' } }}
              >
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{d.fileName}</Typography>
                  {d.description && <Typography variant="body2">{d.description}</Typography>}
                  <Typography variant="caption" color="text.secondary">
                    {t('documents.uploadedOn', {
                      type: t(`documents.types.${d.docType}`),
                      date: formatBankDate(d.uploadedAt, lang, { dateStyle: 'medium' }),
                      size: sizeText(d.size, lang),
                    })}
                  </Typography>
                </Box>
                <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                  <Button
                    size="small"
                    onClick={() => setDeleting(d)}
                    aria-label={t('documents.deleteNamed', { name: d.fileName })}
                    data-testid="document-delete"
                  >
                    {t('documents.delete')}
                  </Button>
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() =>
                      void download(`/api/transfer/v1/underlying-document/${d.id}`, d.fileName).catch(
                        errors.showError,
                      )
                    }
                    aria-label={t('documents.downloadNamed', { name: d.fileName })}
                  >
                    {t('documents.download')}
                  </Button>
                </Stack>
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <ConfirmDeleteDialog
        open={!!deleting}
        id="delete-document"
        title={t('documents.deleteTitle')}
        message={t('documents.deleteMessage', { name: deleting?.fileName ?? '' })}
        cancelLabel={t('documents.cancel')}
        deleteLabel={t('documents.delete')}
        busy={busy}
        onCancel={() => setDeleting(undefined)}
        onConfirm={() => void confirmDelete()}
      />
      <Snackbar open={!!note} autoHideDuration={5000} onClose={() => setNote(undefined)} message={note} />
    </Box>
  );
}
