import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '@/shared/api/client';
import { LanguageSwitch } from '@/shared/ui/language-switch';
import {
  decide,
  failureText,
  followApprovals,
  listApprovals,
  logout,
  type MobileCustomer,
  type PendingApproval,
} from './api';
import { ApprovalCard } from './approval-card';

export function ApprovalsScreen({
  customer,
  onSessionEnded,
}: {
  customer: MobileCustomer;
  onSessionEnded: () => void;
}) {
  const { t, i18n } = useTranslation('mobile');
  const [approvals, setApprovals] = useState<PendingApproval[] | null>(null);
  const [live, setLive] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const stop = followApprovals({ onList: setApprovals, onState: setLive, onUnauthorized: onSessionEnded });
    // The first list without waiting for the stream.
    listApprovals().then(
      (r) => setApprovals((cur) => cur ?? r.approvals),
      (err: unknown) => {
        if (err instanceof ApiFailure && err.kind === 'invalid_token') onSessionEnded();
      },
    );
    return stop;
  }, [onSessionEnded]);

  const act = async (a: PendingApproval, decision: 'approve' | 'reject', matchNumber?: number) => {
    setBusy(a.approvalId);
    setError(null);
    try {
      const r = await decide(a.approvalId, decision, matchNumber);
      setApprovals((cur) => cur?.filter((x) => x.approvalId !== a.approvalId) ?? null);
      // Approved only when the server says so: a wrong number rejects the request.
      setNotice(
        r.status === 'approved'
          ? t('result.approved')
          : decision === 'approve'
            ? t('card.matchWrong')
            : t('result.rejected'),
      );
    } catch (err) {
      if (err instanceof ApiFailure && err.kind === 'invalid_token') return onSessionEnded();
      setError(
        failureText(err, i18n.language, { generic: t('errors.generic'), noResponse: t('errors.noResponse') }),
      );
      listApprovals().then(
        (r) => setApprovals(r.approvals),
        () => undefined,
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" elevation={0}>
        <Toolbar sx={{ gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="subtitle1" component="h1" noWrap sx={{ fontWeight: 700 }}>
              {t('appName')}
            </Typography>
            <Typography variant="caption" noWrap component="p">
              {t('list.greeting', { name: `${customer.title} ${customer.displayName}` })}
            </Typography>
          </Box>
          <LanguageSwitch />
          <Button
            color="inherit"
            size="small"
            onClick={() => void logout().then(onSessionEnded)}
            data-testid="mobile-logout"
          >
            {t('list.logout')}
          </Button>
        </Toolbar>
      </AppBar>
      <Stack spacing={2} sx={{ p: 2, maxWidth: 560, mx: 'auto' }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {t('list.waitingTitle')}
          </Typography>
          <Chip
            size="small"
            color={live ? 'success' : 'default'}
            label={live ? t('list.live') : t('list.reconnecting')}
            data-testid="mobile-live"
          />
        </Stack>
        {error && (
          <Alert severity="error" role="alert" onClose={() => setError(null)}>
            {error}
          </Alert>
        )}
        {approvals?.length === 0 && (
          <Box sx={{ textAlign: 'center', color: 'text.secondary', py: 6 }} data-testid="mobile-empty">
            <Typography>{t('list.empty')}</Typography>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t('list.emptyHint')}
            </Typography>
          </Box>
        )}
        {approvals?.map((a) => (
          <ApprovalCard
            key={a.approvalId}
            approval={a}
            busy={busy === a.approvalId}
            onApprove={(n) => void act(a, 'approve', n)}
            onReject={() => void act(a, 'reject')}
          />
        ))}
      </Stack>
      <Snackbar open={!!notice} autoHideDuration={5000} onClose={() => setNotice(null)} message={notice} />
    </Box>
  );
}
