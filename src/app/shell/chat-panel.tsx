import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPost } from '@/shared/api/client';
import { CHAT_PANEL } from '@/shared/constants';
import { ErrorDialog } from '@/shared/ui/error-dialog';
import type { ErrorView } from '@/shared/api/error-catalogue';
import { disconnectChat, saveChatKeys, type ChatKeys } from '../session/chat-session';

// The spec's loading image: a small spinning ring as an image; data: URLs pass the CSP's img-src.
const LOADING_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48"><circle cx="24" cy="24" r="18" fill="none" stroke="#ddd" stroke-width="5"/><path d="M24 6a18 18 0 0 1 18 18" fill="none" stroke="#8B1A1A" stroke-width="5"><animateTransform attributeName="transform" type="rotate" from="0 24 24" to="360 24 24" dur="0.9s" repeatCount="indefinite"/></path></svg>',
  );

type ChatState = { step: 'loading' } | { step: 'open'; url: string } | { step: 'error' };

/**
 * Live chat after login (spec section 4): closed -> open -> the chat URL loads; a loading image
 * meanwhile, and on error a dialog with a reload button.
 */
export function ChatPanel({ onClose }: { onClose: () => void }) {
  const { t, i18n } = useTranslation(['shell', 'errors']);
  const [state, setState] = useState<ChatState>({ step: 'loading' });
  const [frameLoaded, setFrameLoaded] = useState(false);
  const lang = i18n.language === 'en' ? 'en' : 'id';

  const load = useCallback(() => {
    setState({ step: 'loading' });
    setFrameLoaded(false);
    apiPost<{ usersettingsresponse?: { liveChatUrl?: string } & Partial<ChatKeys> }>(
      '/api/usersettings/v1/geturllivechatafterlogin',
      { lang },
    )
      .then((r) => {
        const { liveChatUrl: url, ...keys } = r.usersettingsresponse ?? {};
        if (!url) throw new Error('no chat url');
        sessionStorage.setItem('lc', 'open');
        sessionStorage.setItem('ULC', url);
        if (keys.chatId && keys.chatServiceUrl && keys.secureKey)
          saveChatKeys({
            chatId: keys.chatId,
            alias: keys.alias ?? '',
            secureKey: keys.secureKey,
            userId: keys.userId ?? '',
            chatServiceUrl: keys.chatServiceUrl,
          });
        setState({ step: 'open', url });
      })
      .catch(() => setState({ step: 'error' }));
  }, [lang]);

  useEffect(() => load(), [load]);

  const close = () => {
    if (sessionStorage.getItem('lc') === 'open') {
      void disconnectChat();
      apiPost('/api/usersettings/v1/geturllivechatclose', {}).catch(() => undefined);
      sessionStorage.removeItem('lc');
      sessionStorage.removeItem('ULC');
    }
    onClose();
  };

  const errorView: ErrorView | null =
    state.step === 'error'
      ? {
          kind: 'dialog',
          key: 'chat',
          title: t('errors:chat.title'),
          message: t('errors:chat.message'),
          action: 'reload',
        }
      : null;

  return (
    <>
      <Paper
        elevation={8}
        role="dialog"
        aria-label={t('shell:chat.title')}
        data-testid="chat-panel"
        sx={{
          position: 'fixed',
          right: 16,
          bottom: 16,
          width: CHAT_PANEL.width,
          height: CHAT_PANEL.height,
          maxWidth: 'calc(100vw - 32px)',
          display: state.step === 'error' ? 'none' : 'flex',
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
          <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
            {t('shell:chat.title')}
          </Typography>
          <IconButton size="small" color="inherit" onClick={close} aria-label={t('shell:chat.close')}>
            <CloseIcon fontSize="small" />
          </IconButton>
        </Box>
        <Box sx={{ position: 'relative', flex: 1 }}>
          {(state.step === 'loading' || (state.step === 'open' && !frameLoaded)) && (
            <Box
              sx={{
                position: 'absolute',
                inset: 0,
                display: 'grid',
                placeItems: 'center',
                textAlign: 'center',
                p: 2,
              }}
            >
              <Box>
                <img src={LOADING_IMAGE} alt="" width={48} height={48} data-testid="chat-loading" />
                <Typography variant="body2" sx={{ mt: 2 }} role="status">
                  {t('shell:chat.loading')}
                </Typography>
              </Box>
            </Box>
          )}
          {state.step === 'open' && (
            <Box
              component="iframe"
              src={state.url}
              title={t('shell:chat.title')}
              onLoad={() => setFrameLoaded(true)}
              data-testid="chat-frame"
              sx={{
                border: 0,
                width: '100%',
                height: '100%',
                visibility: frameLoaded ? 'visible' : 'hidden',
              }}
            />
          )}
        </Box>
      </Paper>
      <ErrorDialog view={errorView} onClose={close} onAction={() => load()} />
    </>
  );
}
