import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/shared/money';
import { EXTRA_COLUMNS, KIND_COLUMNS, type Batch, type BatchKind, type BatchRow } from './api';

const PAGE = 50;
type Lang = 'en' | 'id';

/** The cells a row shows in its title: who or what it pays. */
function headline(kind: BatchKind, r: BatchRow): string {
  const c = r.cells;
  if (kind === 'transfer')
    return [c.account_no, c.bank_code ? `${c.bank_code} ${c.method ?? ''}`.trim() : '']
      .filter(Boolean)
      .join(' · ');
  return [c.biller, c.customer_no, c.product].filter(Boolean).join(' · ');
}

const STATUS_COLOUR = { success: 'success', pending: 'info', failed: 'error', scheduled: 'default' } as const;

/**
 * A batch's rows, 50 to a page: each with what the quote found (name, total) and its errors on its
 * columns; on the inquiry page each can be fixed (checked again) or removed, and after the confirm
 * each shows its own result.
 */
export function BatchRows(p: {
  batch: Batch;
  lang: Lang;
  editable: boolean;
  busy?: boolean;
  onFix?: (line: number, cells: Record<string, string>) => Promise<boolean>;
  onRemove?: (lines: number[]) => void;
}) {
  const { t } = useTranslation('batch');
  const [onlyErrors, setOnlyErrors] = useState(p.batch.invalid > 0);
  const [page, setPage] = useState(0);
  const [fixing, setFixing] = useState<BatchRow>();
  const rows = onlyErrors && p.batch.invalid > 0 ? p.batch.rows.filter((r) => !r.ok) : p.batch.rows;
  const pages = Math.max(1, Math.ceil(rows.length / PAGE));
  const at = Math.min(page, pages - 1);
  const shown = rows.slice(at * PAGE, at * PAGE + PAGE);
  const money = (m: { amount: number; currency: string }) => formatMoney(m, p.lang);
  const text = (e: { eng: string; idn: string }) => (p.lang === 'en' ? e.eng : e.idn);
  return (
    <Box data-testid="batch-rows">
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
          {t('rows.heading')}
        </Typography>
        {p.batch.invalid > 0 && (
          <FormControlLabel
            control={
              <Switch checked={onlyErrors} onChange={(e) => (setOnlyErrors(e.target.checked), setPage(0))} />
            }
            label={t('rows.onlyErrors')}
          />
        )}
        {p.editable && p.batch.invalid > 0 && p.onRemove && (
          <Button
            size="small"
            color="error"
            disabled={p.busy}
            onClick={() => p.onRemove!(p.batch.rows.filter((r) => !r.ok).map((r) => r.line))}
            data-testid="batch-remove-bad"
          >
            {t('rows.removeBad')}
          </Button>
        )}
      </Stack>
      <Stack component="ol" spacing={1} sx={{ p: 0, m: 0 }}>
        {shown.map((r) => (
          <Paper
            component="li"
            variant="outlined"
            key={r.line}
            sx={{ p: 1.5, listStyle: 'none', borderColor: r.ok ? undefined : 'error.main' }}
            data-testid="batch-row"
            data-line={r.line}
            data-ok={String(r.ok)}
            data-status={r.status ?? ''}
          >
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography variant="caption" color="text.secondary">
                  {t('rows.line', { line: r.line })}
                </Typography>
                <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {headline(p.batch.kind, r)}
                </Typography>
                {(r.name || r.bankName) && (
                  <Typography variant="body2" data-testid="batch-row-name">
                    {[r.name, r.bankName].filter(Boolean).join(' · ')}
                  </Typography>
                )}
                {r.errors.map((e, i) => (
                  <Typography
                    key={i}
                    variant="body2"
                    color="error"
                    data-testid="batch-row-error"
                    data-field={e.field}
                  >
                    {t(`columns.${e.field}`, { defaultValue: e.field })}: {text(e)}
                  </Typography>
                ))}
                {r.status && (
                  <Typography variant="body2" data-testid="batch-row-result">
                    {[
                      r.referenceNo ? t('results.reference', { ref: r.referenceNo }) : '',
                      r.reason ? text(r.reason) : '',
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                )}
              </Box>
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', flexShrink: 0, flexWrap: 'wrap' }}
              >
                {(r.total ?? r.amount) && (
                  <Typography sx={{ fontWeight: 700 }}>{money((r.total ?? r.amount)!)}</Typography>
                )}
                {r.status ? (
                  <Chip size="small" color={STATUS_COLOUR[r.status]} label={t(`results.${r.status}`)} />
                ) : (
                  <Chip
                    size="small"
                    variant="outlined"
                    color={r.ok ? 'success' : 'error'}
                    label={r.ok ? t('rows.ok') : t('rows.error')}
                  />
                )}
                {p.editable && p.onFix && (
                  <Button
                    size="small"
                    onClick={() => setFixing(r)}
                    disabled={p.busy}
                    data-testid="batch-row-fix"
                  >
                    {t('rows.edit')}
                  </Button>
                )}
                {p.editable && p.onRemove && (
                  <Button
                    size="small"
                    color="error"
                    onClick={() => p.onRemove!([r.line])}
                    disabled={p.busy}
                    data-testid="batch-row-remove"
                  >
                    {t('rows.remove')}
                  </Button>
                )}
              </Stack>
            </Stack>
          </Paper>
        ))}
      </Stack>
      {pages > 1 && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
          <Button size="small" disabled={at === 0} onClick={() => setPage(at - 1)}>
            {t('rows.previous')}
          </Button>
          <Typography variant="body2">
            {t('rows.page', {
              from: at * PAGE + 1,
              to: Math.min(rows.length, at * PAGE + PAGE),
              count: rows.length,
            })}
          </Typography>
          <Button size="small" disabled={at >= pages - 1} onClick={() => setPage(at + 1)}>
            {t('rows.next')}
          </Button>
        </Stack>
      )}
      {fixing && p.onFix && (
        <FixDialog
          kind={p.batch.kind}
          row={fixing}
          lang={p.lang}
          busy={!!p.busy}
          onClose={() => setFixing(undefined)}
          onSave={async (cells) => {
            if (await p.onFix!(fixing.line, cells)) setFixing(undefined);
          }}
        />
      )}
    </Box>
  );
}

function FixDialog(p: {
  kind: BatchKind;
  row: BatchRow;
  lang: Lang;
  busy: boolean;
  onClose: () => void;
  onSave: (cells: Record<string, string>) => void;
}) {
  const { t } = useTranslation('batch');
  const columns = [...KIND_COLUMNS[p.kind], ...EXTRA_COLUMNS[p.kind]];
  const [cells, setCells] = useState<Record<string, string>>(() =>
    Object.fromEntries(columns.map((c) => [c, p.row.cells[c] ?? ''])),
  );
  const errorOf = (c: string) => p.row.errors.find((e) => e.field === c);
  const general = p.row.errors.filter((e) => !columns.includes(e.field));
  return (
    <Dialog open onClose={p.onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('rows.editTitle', { line: p.row.line })}</DialogTitle>
      <DialogContent>
        {general.map((e, i) => (
          <Alert key={i} severity="error" sx={{ mb: 1 }}>
            {p.lang === 'en' ? e.eng : e.idn}
          </Alert>
        ))}
        <Box
          component="form"
          id="batch-fix-form"
          onSubmit={(e) => (e.preventDefault(), p.onSave(cells))}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}
        >
          {columns.map((c) => {
            const err = errorOf(c);
            return (
              <TextField
                key={c}
                label={t(`columns.${c}`)}
                value={cells[c]}
                onChange={(e) => setCells({ ...cells, [c]: e.target.value })}
                error={!!err}
                helperText={err ? (p.lang === 'en' ? err.eng : err.idn) : undefined}
                slotProps={{ htmlInput: { maxLength: 200, 'data-testid': `batch-fix-${c}` } }}
              />
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={p.onClose}>{t('rows.cancel')}</Button>
        <Button
          type="submit"
          form="batch-fix-form"
          variant="contained"
          disabled={p.busy}
          data-testid="batch-fix-save"
        >
          {t('rows.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The batch's totals: rows ready and to fix, the total with fees, each source account against its balance. */
export function BatchSummary(p: { batch: Batch; lang: Lang }) {
  const { t } = useTranslation('batch');
  const b = p.batch;
  const money = (amount: number, currency = 'IDR') => formatMoney({ amount, currency }, p.lang);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="batch-summary">
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, mb: 1 }}>
        <Chip
          color="success"
          variant="outlined"
          label={t('summary.valid', { count: b.valid })}
          data-testid="batch-valid"
        />
        {b.invalid > 0 && (
          <Chip
            color="error"
            variant="outlined"
            label={t('summary.invalid', { count: b.invalid })}
            data-testid="batch-invalid"
          />
        )}
      </Stack>
      <Typography>
        {t('summary.total')}: <strong data-testid="batch-total">{money(b.total.amount)}</strong>
        {b.fees.amount > 0 && ` (${t('summary.fees')} ${money(b.fees.amount)})`}
      </Typography>
      {b.totals.map((tot) => (
        <Typography
          key={`${tot.accountId}-${tot.currency}`}
          variant="body2"
          color={tot.enough ? 'text.secondary' : 'error'}
          data-testid="batch-account-total"
        >
          {t('summary.account', { account: tot.accountNo })}: {money(tot.amount, tot.currency)} ·{' '}
          {tot.enough
            ? t('summary.available', { available: money(tot.available, tot.currency) })
            : t('summary.short', { available: money(Math.max(0, tot.available), tot.currency) })}
        </Typography>
      ))}
      {b.overLimit && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('summary.overLimit', {
            amount: money(b.overLimit.amount.amount),
            unused: money(b.overLimit.unused.amount),
          })}
        </Alert>
      )}
    </Paper>
  );
}
