import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatBankDate } from '@/shared/bank-time';
import { formatMoney } from '@/shared/money';
import { useErrorHandler } from '@/shared/ui';
import { listScheduled, type ScheduledTransfer } from './api';

type Lang = 'en' | 'id';
const STATUS_COLOUR = {
  active: 'success',
  finished: 'default',
  cancelled: 'default',
  suspended: 'warning',
} as const;

function useWhen(lang: Lang) {
  const { t } = useTranslation('transfer');
  const date = (d: string) => formatBankDate(d, lang, { dateStyle: 'medium' });
  return (s: ScheduledTransfer): string[] => {
    if (s.kind === 'once') return [t('scheduled.once', { date: date(s.startDate) })];
    const r = s.recurrence!;
    const rule =
      r.every === 'day'
        ? t('scheduled.everyDays', { count: r.interval })
        : r.every === 'week'
          ? t('scheduled.everyWeek', { day: t(`scheduled.days.${r.dayOfWeek}`) })
          : r.dayOfMonth === 'EOM'
            ? t('scheduled.everyMonthEnd')
            : t('scheduled.everyMonthDay', { day: r.dayOfMonth });
    const end = s.endDate
      ? t('scheduled.until', { date: date(s.endDate) })
      : t('scheduled.times', { done: s.runsDone, count: s.maxRuns ?? 0 });
    return [`${rule}, ${end}`];
  };
}

function ScheduledCard(p: { s: ScheduledTransfer; lang: Lang }) {
  const { t } = useTranslation('transfer');
  const when = useWhen(p.lang);
  const s = p.s;
  const name = s.summary.beneficiaryName || s.summary.beneficiaryAccountNo || '';
  const open = s.status === 'active' || s.status === 'suspended';
  const last = s.runs[0];
  const date = (d: string) => formatBankDate(d, p.lang, { dateStyle: 'medium' });
  return (
    <Paper
      component="li"
      variant="outlined"
      sx={{ p: 2, listStyle: 'none' }}
      data-testid="scheduled"
      data-id={s.id}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
              {s.mass
                ? t('scheduled.mass')
                : s.summary.beneficiaryName
                  ? t('scheduled.to', { name })
                  : t('scheduled.toAccount', { account: name })}
            </Typography>
            <Chip
              size="small"
              label={t(`scheduled.status.${s.status}`)}
              color={STATUS_COLOUR[s.status]}
              variant="outlined"
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {[s.summary.bankName, s.summary.beneficiaryName ? s.summary.beneficiaryAccountNo : undefined]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          <Typography sx={{ fontWeight: 700, mt: 0.5 }} data-testid="scheduled-amount">
            {formatMoney(s.amount, p.lang)}
          </Typography>
          <Typography variant="body2" data-testid="scheduled-when">
            {when(s).join(' ')}
          </Typography>
          {open && s.nextRunDate && (
            <Typography variant="body2" data-testid="scheduled-next">
              {t('scheduled.next', { date: date(s.nextRunDate) })}
            </Typography>
          )}
          {last && (
            <Typography
              variant="caption"
              color={last.status === 'failed' ? 'error' : 'text.secondary'}
              component="p"
            >
              {t('scheduled.lastRun', {
                date: date(last.runDate),
                status: t(`scheduled.run.${last.status}`),
              })}
              {last.referenceNo ? ` · ${t('scheduled.reference', { ref: last.referenceNo })}` : ''}
            </Typography>
          )}
          {open && s.businessDaysOnly && (
            <Typography variant="caption" color="text.secondary" component="p">
              {t('scheduled.businessDays')}
            </Typography>
          )}
        </Box>
        {open && (
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0, justifyContent: 'flex-end' }}>
            {/* A mass transfer is deleted as a whole (every transfer of it), or changed on its edit page. */}
            <Button
              size="small"
              component={RouterLink}
              to={`/mytransaction/delete-scheduled/?instruction=${encodeURIComponent(s.mass ? `batch:${s.id}` : s.id)}`}
              aria-label={s.mass ? t('scheduled.deleteMass') : t('scheduled.deleteNamed', { name })}
              data-testid="scheduled-delete"
            >
              {t('scheduled.delete')}
            </Button>
            <Button
              size="small"
              variant="outlined"
              component={RouterLink}
              to={
                s.mass
                  ? `/mytransaction/edit-scheduled-masstransaction/?id=${encodeURIComponent(s.id)}`
                  : `/mytransaction/edit-scheduled/?instruction=${encodeURIComponent(s.id)}`
              }
              aria-label={t('scheduled.editNamed', { name })}
              data-testid="scheduled-edit"
            >
              {t('scheduled.edit')}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

/** /mytransaction/: the customer's scheduled and recurring transfers, with their next run and last result. */
export function ScheduledPage() {
  const { t, i18n } = useTranslation(['transfer', 'common']);
  const lang: Lang = i18n.language === 'en' ? 'en' : 'id';
  const errors = useErrorHandler();
  const [list, setList] = useState<ScheduledTransfer[]>();

  useEffect(() => {
    let live = true;
    listScheduled().then(
      (r) => live && setList(r.instructions),
      (err: unknown) => {
        if (!live) return;
        setList([]);
        errors.showError(err);
      },
    );
    return () => {
      live = false;
    };
  }, [errors]);

  return (
    <Box sx={{ maxWidth: 800, mx: 'auto' }} data-testid="scheduled-page">
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('scheduled.title')}
      </Typography>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {t('scheduled.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2.5 }}>
        {t('scheduled.intro')} {t('scheduled.shortBalance')}
      </Typography>
      {!list ? (
        <Box sx={{ p: 4, textAlign: 'center' }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      ) : list.length === 0 ? (
        <Alert severity="info" data-testid="scheduled-empty">
          {t('scheduled.empty')}
        </Alert>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {list.map((s) => (
            <ScheduledCard key={s.id} s={s} lang={lang} />
          ))}
        </Stack>
      )}
    </Box>
  );
}
