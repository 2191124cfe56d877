import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPost } from '@/shared/api/client';
import { CHAT_PANEL } from '@/shared/constants';
import { ErrorDialog } from '@/shared/ui/error-dialog';
import type { ErrorView } from '@/shared/api/error-catalogue';

type ChatState = { step: 'loading' } | { step: 'open'; url: string } | { step: 'error' };

/**
 * Live chat after login (spec section 4): closed -> open -> the chat URL loads; a loading image
 * meanwhile, and on error a dialog with a reload button.
 */
export function ChatPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['shell', 'errors']);
  const [state, setState] = useState<ChatState>({ step: 'loading' });

  const load = useCallback(() => {
    setState({ step: 'loading' });
    apiPost<{ usersettingsresponse?: { liveChatUrl?: string } }>(
      '/api/usersettings/v1/geturllivechatafterlogin',
      {},
    )
      .then((r) => {
        const url = r.usersettingsresponse?.liveChatUrl;
        if (!url) throw new Error('no chat url');
        sessionStorage.setItem('lc', 'open');
        sessionStorage.setItem('ULC', url);
        setState({ step: 'open', url });
      })
      .catch(() => setState({ step: 'error' }));
  }, []);

  useEffect(() => load(), [load]);

  const close = () => {
    if (sessionStorage.getItem('lc') === 'open') {
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
        {state.step === 'loading' && (
          <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', textAlign: 'center', p: 2 }}>
            <Box>
              <CircularProgress aria-label={t('shell:chat.loading')} />
              <Typography variant="body2" sx={{ mt: 2 }}>
                {t('shell:chat.loading')}
              </Typography>
            </Box>
          </Box>
        )}
        {state.step === 'open' && (
          <Box component="iframe" src={state.url} title={t('shell:chat.title')} sx={{ flex: 1, border: 0 }} />
        )}
      </Paper>
      <ErrorDialog view={errorView} onClose={close} onAction={() => load()} />
    </>
  );
}
