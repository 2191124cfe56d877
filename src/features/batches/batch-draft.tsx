// A checked batch: every row with its own result, to fix or remove, the totals, when to send, and the
// verification's start.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiFailure } from '@/shared/api/client';
import { formatBankDate } from '@/shared/bank-time';
import { useErrorHandler } from '@/shared/ui';
import { batchApi, type Batch } from './api';
import { BatchRows, BatchSummary } from './batch-rows';
import { stepPath, useLang } from './batch-page-kit';

export function BatchDraft({ batch, onChange }: { batch: Batch; onChange: (b: Batch) => void }) {
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
