import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import OpenInNewIcon from '@mui/icons-material/ArrowForward';
import ReplyIcon from '@mui/icons-material/Reply';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { formatBankDateTime } from '@/shared/bank-time';
import { useErrorHandler } from '@/shared/ui';
import { helpApi, mailboxChanged, pick, type MessageDetail } from './api';
import { langOf } from './format';
import type { MailboxNotice } from './mailbox-page';
import { PageHeader } from './page-header';

/** /help/mailbox/message/?id=: one message; opening it marks it read. Reply and delete from here. */
export function MessagePage() {
  const { t, i18n } = useTranslation('help');
  const lang = langOf(i18n.language);
  const errors = useErrorHandler();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [message, setMessage] = useState<MessageDetail | null>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const back = message?.folder === 'sent' ? '/help/mailbox/?folder=sent' : '/help/mailbox/';

  useEffect(() => {
    if (!/^\d{1,15}$/.test(id)) {
      setMessage(null);
      return;
    }
    const ctrl = new AbortController();
    helpApi.message(id, ctrl.signal).then(
      (m) => {
        setMessage(m);
        mailboxChanged();
      },
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        const view = errors.showError(err, { inlineHandled: true });
        if (view.kind !== 'none') setMessage(null);
      },
    );
    return () => ctrl.abort();
  }, [id, errors]);

  const remove = async () => {
    setBusy(true);
    try {
      await helpApi.remove(id);
      mailboxChanged();
      navigate(back, { replace: true, state: { notice: 'deleted' } satisfies MailboxNotice });
    } catch (err) {
      setConfirming(false);
      errors.showError(err);
    } finally {
      setBusy(false);
    }
  };

  if (message === undefined)
    return (
      <Box sx={{ p: 4, textAlign: 'center' }}>
        <CircularProgress aria-label={t('common:loading')} />
      </Box>
    );
  if (message === null)
    return (
      <Box sx={{ maxWidth: 900, mx: 'auto' }}>
        <PageHeader title={t('mailbox.title')} back={{ to: '/help/mailbox/', label: t('back') }} />
        <Alert
          severity="warning"
          data-testid="message-missing"
          action={
            <Button color="inherit" component={RouterLink} to="/help/mailbox/">
              {t('message.toMailbox')}
            </Button>
          }
        >
          {t('message.missing')}
        </Alert>
      </Box>
    );

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }} data-testid="message-page">
      <PageHeader title={t('mailbox.title')} back={{ to: back, label: t('back') }} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip
            size="small"
            label={t(`category.${message.category}`, { defaultValue: t('category.other') })}
            color={message.category === 'promo' ? 'primary' : 'default'}
          />
          <Typography variant="body2" color="text.secondary">
            {message.folder === 'sent' ? t('message.sentAt') : t('message.receivedAt')}{' '}
            {formatBankDateTime(message.createdAt, lang)}
          </Typography>
        </Stack>
        <Typography
          variant="h6"
          component="h2"
          sx={{ fontWeight: 700, mb: 2, overflowWrap: 'anywhere' }}
          data-testid="message-subject"
        >
          {pick(message.subject, lang)}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="message-body">
          {pick(message.body, lang)}
        </Typography>
        {(message.reference || message.replyTo) && <Divider sx={{ my: 2 }} />}
        {message.reference && (
          <Typography variant="body2" color="text.secondary">
            {t('message.reference')}: <strong>{message.reference}</strong>
          </Typography>
        )}
        {message.replyTo && (
          <Typography variant="body2" color="text.secondary">
            {t('message.inReplyTo')}{' '}
            <Link component={RouterLink} to={`/help/mailbox/message/?id=${message.replyTo.id}`}>
              {pick(message.replyTo.subject, lang)}
            </Link>
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 3 }}>
          {message.link && (
            <Button
              variant="contained"
              endIcon={<OpenInNewIcon />}
              component={RouterLink}
              to={message.link}
              data-testid="message-link"
            >
              {t('message.open')}
            </Button>
          )}
          {message.folder === 'inbox' && (
            <Button
              variant="outlined"
              startIcon={<ReplyIcon />}
              component={RouterLink}
              to={`/help/compose/?replyTo=${message.id}`}
              data-testid="message-reply"
            >
              {t('message.reply')}
            </Button>
          )}
          <Button
            color="error"
            startIcon={<DeleteOutlineIcon />}
            onClick={() => setConfirming(true)}
            data-testid="message-delete"
          >
            {t('message.delete')}
          </Button>
        </Stack>
      </Paper>
      <Dialog
        open={confirming}
        onClose={busy ? undefined : () => setConfirming(false)}
        aria-labelledby="delete-message-title"
      >
        <DialogTitle id="delete-message-title">{t('message.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('message.deleteText')}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(false)} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            variant="contained"
            color="error"
            onClick={() => void remove()}
            disabled={busy}
            data-testid="message-delete-confirm"
          >
            {t('message.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
