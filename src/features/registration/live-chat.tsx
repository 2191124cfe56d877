import { useCallback, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { CHAT_PANEL } from '../../shared/constants';
import { registrationApi } from './api';

// A small spinning ring as an image (the spec's loading image); data: URLs pass the CSP's img-src.
const LOADING_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48"><circle cx="24" cy="24" r="18" fill="none" stroke="#ddd" stroke-width="5"/><path d="M24 6a18 18 0 0 1 18 18" fill="none" stroke="#8B1A1A" stroke-width="5"><animateTransform attributeName="transform" type="rotate" from="0 24 24" to="360 24 24" dur="0.9s" repeatCount="indefinite"/></path></svg>',
  );

type ChatState = { phase: 'loading' } | { phase: 'ready'; url: string } | { phase: 'error' };

/** The pre-login live chat: closed, then open, then the chat URL loads (loading image; error dialog with reload). */
export function LiveChatPanel({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation('register');
  const [state, setState] = useState<ChatState>({ phase: 'loading' });
  const [frameLoaded, setFrameLoaded] = useState(false);
  const load = useCallback(() => {
    setState({ phase: 'loading' });
    setFrameLoaded(false);
    registrationApi.liveChatUrl(i18n.language === 'en' ? 'en' : 'id').then(
      (r) => setState({ phase: 'ready', url: r.usersettingsresponse.liveChatUrl }),
      () => setState({ phase: 'error' }),
    );
  }, [i18n.language]);
  useEffect(() => {
    load();
  }, [load]);
  return (
    <Paper
      elevation={8}
      role="dialog"
      aria-label={t('chat.title')}
      data-testid="chat-panel"
      sx={{
        position: 'fixed',
        right: 16,
        bottom: 16,
        width: CHAT_PANEL.width,
        height: CHAT_PANEL.height,
        maxWidth: 'calc(100vw - 32px)',
        display: 'flex',
        flexDirection: 'column',
        zIndex: (theme) => theme.zIndex.modal - 1,
        overflow: 'hidden',
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          px: 2,
          py: 1,
          bgcolor: 'primary.main',
          color: 'primary.contrastText',
        }}
      >
        <Typography sx={{ flex: 1, fontWeight: 600 }}>{t('chat.title')}</Typography>
        <IconButton size="small" onClick={onClose} aria-label={t('chat.close')} sx={{ color: 'inherit' }}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ position: 'relative', flex: 1 }}>
        {(state.phase === 'loading' || (state.phase === 'ready' && !frameLoaded)) && (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <img
              src={LOADING_IMAGE}
              alt={t('chat.loading')}
              width={48}
              height={48}
              data-testid="chat-loading"
            />
          </Box>
        )}
        {state.phase === 'ready' && (
          <Box
            component="iframe"
            title={t('chat.title')}
            src={state.url}
            onLoad={() => setFrameLoaded(true)}
            sx={{ border: 0, width: '100%', height: '100%', visibility: frameLoaded ? 'visible' : 'hidden' }}
          />
        )}
      </Box>
      <Dialog open={state.phase === 'error'} aria-labelledby="chat-error-title" data-testid="chat-error">
        <DialogTitle id="chat-error-title">{t('chat.errorTitle')}</DialogTitle>
        <DialogContent>{t('chat.errorMessage')}</DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="secondary">
            {t('chat.close')}
          </Button>
          <Button variant="contained" onClick={load}>
            {t('chat.reload')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}
