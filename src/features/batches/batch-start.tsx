// A batch's start: its source of fund and its rows, a sheet uploaded (from the template) or typed.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiFailure } from '@/shared/api/client';
import type { ChoiceOption } from '@/shared/flows';
import { useErrorHandler } from '@/shared/ui';
import { download } from '@/features/transfers/api';
import { batchApi, KIND_COLUMNS, templatePath, type Batch, type BatchKind, type BillerCode } from './api';
import { Loading, stepPath, useLang, type Lang } from './batch-page-kit';

/** The source of fund and the rows (a sheet uploaded, or typed). */
export function BatchStart({ kind }: { kind: BatchKind }) {
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
