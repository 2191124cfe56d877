import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Snackbar from '@mui/material/Snackbar';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { ErrorView } from '@/shared/api/error-catalogue';
import { useErrorHandler } from '@/shared/ui';
import { helpApi, mailboxChanged, pick, type Folder, type MessagePage, type MessageSummary } from './api';
import { langOf, messageDate } from './format';
import { PageHeader } from './page-header';
import { VISUALLY_HIDDEN } from '@/shared/ui/visually-hidden';

/** Notices other mailbox pages hand back to the list (router state). */
export interface MailboxNotice {
  notice?: 'deleted' | 'sent';
  reference?: string;
}

function MessageRow({ m, lang }: { m: MessageSummary; lang: 'en' | 'id' }) {
  const { t } = useTranslation('help');
  const unread = !m.read;
  return (
    <ListItemButton
      component={Link}
      to={`/help/mailbox/message/?id=${m.id}`}
      data-testid="mailbox-message"
      data-unread={unread}
      divider
      sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.5 }}
    >
      <Box
        aria-hidden
        sx={{
          width: 8,
          height: 8,
          mt: 1,
          borderRadius: '50%',
          flexShrink: 0,
          bgcolor: unread ? 'primary.main' : 'transparent',
        }}
      />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
          <Typography
            sx={{
              flex: 1,
              minWidth: 0,
              fontWeight: unread ? 700 : 500,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {unread && (
              <Box component="span" sx={VISUALLY_HIDDEN}>
                {t('mailbox.unreadPrefix')}{' '}
              </Box>
            )}
            {pick(m.subject, lang)}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {messageDate(m.createdAt, lang)}
          </Typography>
        </Box>
        <Typography
          variant="caption"
          color={m.category === 'promo' ? 'primary' : 'text.secondary'}
          sx={{ fontWeight: 600 }}
        >
          {t(`category.${m.category}`, { defaultValue: t('category.other') })}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {pick(m.preview, lang)}
        </Typography>
      </Box>
    </ListItemButton>
  );
}

/** /help/mailbox/: inbox and sent messages, newest first; the spec's 0030 "no message" when a folder is empty. */
export function MailboxPage() {
  const { t, i18n } = useTranslation(['help', 'errors']);
  const lang = langOf(i18n.language);
  const errors = useErrorHandler();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const folder: Folder = params.get('folder') === 'sent' ? 'sent' : 'inbox';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [data, setData] = useState<{ key: string; page?: MessagePage; empty?: ErrorView }>();
  const [note, setNote] = useState<string>();
  const key = `${folder}:${page}`;

  useEffect(() => {
    const ctrl = new AbortController();
    helpApi.list(folder, page, ctrl.signal).then(
      (r) => {
        setData({ key, page: r });
        mailboxChanged();
      },
      (err: unknown) => {
        if (ctrl.signal.aborted) return;
        const view = errors.showError(err, { inlineHandled: true });
        setData({ key, empty: view.kind === 'inline' ? view : undefined });
      },
    );
    return () => ctrl.abort();
  }, [folder, page, key, errors]);

  // A notice from the message or compose page, said once.
  useEffect(() => {
    const n = location.state as MailboxNotice | null;
    if (n?.notice === 'deleted') setNote(t('mailbox.deleted'));
    if (n?.notice === 'sent') setNote(t('compose.sentNote', { reference: n.reference }));
    if (n?.notice) navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [location, navigate, t]);

  const current = data?.key === key ? data : undefined;
  const setFolder = (f: Folder) => setParams(f === 'inbox' ? {} : { folder: f });

  return (
    <Box sx={{ maxWidth: 900, mx: 'auto' }} data-testid="mailbox-page">
      <PageHeader
        title={t('mailbox.title')}
        back={{ to: '/help/', label: t('back') }}
        actions={
          <Button
            variant="contained"
            startIcon={<EditOutlinedIcon />}
            component={Link}
            to="/help/compose/"
            data-testid="mailbox-compose"
          >
            {t('mailbox.compose')}
          </Button>
        }
      />
      <Paper variant="outlined">
        <Tabs
          value={folder}
          onChange={(_e, f: Folder) => setFolder(f)}
          aria-label={t('mailbox.folders')}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          <Tab
            value="inbox"
            data-testid="folder-inbox"
            label={
              folder === 'inbox' && current?.page && current.page.unread > 0
                ? t('mailbox.inboxUnread', { count: current.page.unread })
                : t('mailbox.inbox')
            }
          />
          <Tab value="sent" label={t('mailbox.sent')} data-testid="folder-sent" />
        </Tabs>
        {!current ? (
          <Box sx={{ p: 4, textAlign: 'center' }}>
            <CircularProgress aria-label={t('common:loading')} />
          </Box>
        ) : current.empty ? (
          <Alert severity="info" sx={{ m: 2 }} data-testid="mailbox-empty" data-code={current.empty.code}>
            <AlertTitle>{current.empty.title}</AlertTitle>
            {current.empty.message}
          </Alert>
        ) : current.page ? (
          <>
            <List disablePadding aria-label={folder === 'inbox' ? t('mailbox.inbox') : t('mailbox.sent')}>
              {current.page.messages.map((m) => (
                <MessageRow key={m.id} m={m} lang={lang} />
              ))}
            </List>
            {current.page.total > current.page.pageSize && (
              <Pagination
                sx={{ p: 2, display: 'flex', justifyContent: 'center' }}
                page={page}
                count={Math.ceil(current.page.total / current.page.pageSize)}
                onChange={(_e, p) =>
                  setParams(folder === 'inbox' ? { page: String(p) } : { folder, page: String(p) })
                }
              />
            )}
          </>
        ) : null}
      </Paper>
      <Snackbar open={!!note} autoHideDuration={6000} onClose={() => setNote(undefined)} message={note} />
    </Box>
  );
}
