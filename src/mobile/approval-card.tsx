import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRate } from '@/shared/decimal';
import { formatMoney, type Money } from '@/shared/money';
import type { PendingApproval } from './api';

function useSecondsLeft(until: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, []);
  return Math.max(0, Math.ceil((Date.parse(until) - now) / 1000));
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.5 }}>
      {/* The label keeps its line while a long value (an account's name and number) wraps. */}
      <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0, maxWidth: '45%' }}>
        {label}
      </Typography>
      <Typography
        variant="body2"
        sx={{ fontWeight: strong ? 700 : 500, textAlign: 'right', minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** One request with the exact details the customer is asked to approve. */
export function ApprovalCard({
  approval,
  busy,
  onApprove,
  onReject,
}: {
  approval: PendingApproval;
  busy: boolean;
  /** The number tapped (number matching): the one internet banking shows approves. */
  onApprove: (matchNumber: number) => void;
  onReject: () => void;
}) {
  const { t, i18n } = useTranslation('mobile');
  const en = i18n.language === 'en';
  const lang = en ? 'en' : 'id';
  const money = (m: Money) => formatMoney(m, lang);
  const s = approval.summary;
  const left = useSecondsLeft(approval.expiresAt);
  const [confirmReject, setConfirmReject] = useState(false);
  const time = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;

  return (
    <Card variant="outlined" data-testid="approval-card">
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
            {en ? s.title.eng : s.title.idn}
          </Typography>
          <Typography
            variant="caption"
            sx={{ color: left > 0 ? 'warning.main' : 'error.main', whiteSpace: 'nowrap' }}
            aria-live="off"
          >
            {left > 0 ? t('card.expiresIn', { time }) : t('card.expired')}
          </Typography>
        </Box>
        {s.total && (
          <Typography
            variant="h5"
            component="p"
            sx={{ my: 1, fontWeight: 700, color: 'primary.main' }}
            data-testid="approval-total"
          >
            {money(s.total)}
          </Typography>
        )}
        <Divider sx={{ mb: 1 }} />
        {s.rows.map((r, i) => (
          // A cart's request repeats labels (each item has its own source of fund): the key is the place.
          <Row key={i} label={en ? r.labelEng : r.labelIdn} value={en ? r.valueEng : r.valueIdn} />
        ))}
        <Divider sx={{ my: 1 }} />
        {s.amount && <Row label={t('card.amount')} value={money(s.amount)} />}
        {s.fees.map((f) => (
          <Row key={f.kind} label={t(`card.fee.${f.kind}`)} value={money(f.amount)} />
        ))}
        {s.exchangeRate && <Row label={t('card.exchangeRate')} value={formatRate(s.exchangeRate, lang)} />}
        {s.equivalent && <Row label={t('card.equivalent')} value={money(s.equivalent)} />}
        {s.total && <Row label={t('card.total')} value={money(s.total)} strong />}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {confirmReject ? t('card.confirmReject') : t('card.check')}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, gap: 1 }}>
        <Button
          fullWidth
          variant="outlined"
          color={confirmReject ? 'error' : 'secondary'}
          disabled={busy || left === 0}
          onClick={() => (confirmReject ? onReject() : setConfirmReject(true))}
          data-testid="approval-reject"
        >
          {t('card.reject')}
        </Button>
      </CardActions>
      <Box sx={{ px: 2, pb: 2 }}>
        <Typography variant="body2" sx={{ mb: 1, fontWeight: 600 }} id={`match-${approval.approvalId}`}>
          {t('card.match')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1 }} role="group" aria-labelledby={`match-${approval.approvalId}`}>
          {approval.matchChoices.map((n) => (
            <Button
              key={n}
              fullWidth
              variant="contained"
              size="large"
              disabled={busy || left === 0}
              onClick={() => onApprove(n)}
              data-testid={`approval-match-${n}`}
              aria-label={`${t('card.approve')} ${n}`}
              sx={{ fontSize: '1.5rem', fontWeight: 700 }}
            >
              {n}
            </Button>
          ))}
        </Box>
      </Box>
    </Card>
  );
}
