import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiPost } from '@/shared/api/client';
import { formatBankDate } from '@/shared/bank-time';
import { formatMoney, type Money } from '@/shared/money';
import { useErrorHandler } from '@/shared/ui';

export interface Vcn {
  id: string;
  number: string;
  expiry: string;
  validUntil: string;
  nickname?: string;
  limit: Money;
  spent: Money;
  remaining: Money;
  status: 'active' | 'blocked' | 'expired';
  card: { name: string; number: string };
  createdAt: string;
}

const CREATE_PATH = '/virtual-card-number/inquiry/';
const STATUS_COLOR = { active: 'success', blocked: 'default', expired: 'warning' } as const;

/**
 * /virtual-card-number/: the customer's virtual card numbers (by their last four digits: the number
 * itself was shown once, on the receipt that issued it), what each may still spend, and a block.
 */
export function VcnPage() {
  const { t, i18n } = useTranslation('bills');
  const lang = i18n.language === 'en' ? 'en' : 'id';
  const errors = useErrorHandler();
  const [vcns, setVcns] = useState<Vcn[]>();
  const [blocking, setBlocking] = useState<Vcn>();
  const [busy, setBusy] = useState(false);
  const load = useCallback(() => {
    apiPost<{ vcns: Vcn[] }>('/api/vcn/v1/list').then(
      (r) => setVcns(r.vcns),
      (err: unknown) => {
        setVcns([]);
        errors.showError(err);
      },
    );
  }, [errors]);
  useEffect(load, [load]);
  const block = async (v: Vcn) => {
    setBusy(true);
    try {
      await apiPost('/api/vcn/v1/block', { id: Number(v.id) });
      setBlocking(undefined);
      load();
    } catch (err) {
      errors.showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('vcn.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('vcn.subtitle')}
      </Typography>
      <Button
        variant="contained"
        startIcon={<AddIcon />}
        component={Link}
        to={CREATE_PATH}
        sx={{ mb: 2 }}
        data-testid="vcn-create"
      >
        {t('vcn.create')}
      </Button>
      {!vcns && (
        <Box sx={{ p: 2, textAlign: 'center' }}>
          <CircularProgress aria-label={t('common:loading')} />
        </Box>
      )}
      {vcns?.length === 0 && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography color="text.secondary">{t('vcn.none')}</Typography>
        </Paper>
      )}
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }} data-testid="vcn-list">
        {vcns?.map((v) => (
          <Paper
            key={v.id}
            component="li"
            variant="outlined"
            sx={{ p: 2, listStyle: 'none' }}
            data-testid="vcn"
            data-status={v.status}
          >
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography component="h2" sx={{ fontWeight: 700 }}>
                  {v.nickname ?? t('vcn.unnamed')}
                </Typography>
                <Typography sx={{ fontFamily: 'monospace', letterSpacing: 1 }}>{v.number}</Typography>
              </Box>
              <Chip
                size="small"
                label={t(`vcn.status.${v.status}`)}
                color={STATUS_COLOR[v.status]}
                variant={v.status === 'active' ? 'filled' : 'outlined'}
              />
            </Box>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {t('vcn.validUntil', {
                date: formatBankDate(v.validUntil, lang, { dateStyle: 'medium' }),
                expiry: v.expiry,
              })}
              {' · '}
              {t('vcn.charges', { card: `${v.card.name} ${v.card.number}` })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={Math.min(100, (v.spent.amount / v.limit.amount) * 100)}
              sx={{ mt: 1.5, height: 6, borderRadius: 3 }}
              aria-label={t('vcn.usedOfLimit')}
            />
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 0.5, flexWrap: 'wrap' }}>
              <Typography variant="body2">
                {t('vcn.spent', { spent: formatMoney(v.spent, lang), limit: formatMoney(v.limit, lang) })}
              </Typography>
              <Typography variant="body2" sx={{ fontWeight: 700 }} data-testid="vcn-remaining">
                {t('vcn.remaining', { amount: formatMoney(v.remaining, lang) })}
              </Typography>
            </Box>
            {v.status === 'active' && (
              <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setBlocking(v)}
                  aria-label={t('vcn.blockNamed', { name: v.nickname ?? v.number })}
                  data-testid="vcn-block"
                >
                  {t('vcn.block')}
                </Button>
              </Box>
            )}
          </Paper>
        ))}
      </Stack>
      <Dialog open={!!blocking} onClose={() => !busy && setBlocking(undefined)}>
        <DialogTitle>{t('vcn.blockTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {t('vcn.blockBody', { name: blocking?.nickname ?? blocking?.number ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setBlocking(undefined)} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy}
            onClick={() => blocking && void block(blocking)}
            data-testid="vcn-block-confirm"
          >
            {t('vcn.block')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
