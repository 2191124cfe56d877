import { useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import HomeIcon from '@mui/icons-material/HomeOutlined';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { setLanguage } from '../../shared/i18n/i18n';
import { LiveChatPanel } from './live-chat';

function Logo() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} aria-label="OCTO">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#ffffff" />
        <circle cx="16" cy="16" r="9" fill="none" stroke="#8B1A1A" strokeWidth="4" />
      </svg>
      <Typography component="span" sx={{ fontWeight: 800, letterSpacing: 1 }}>
        OCTO
      </Typography>
    </Box>
  );
}

/** Microsite header: logo, live chat, ENG/IDN, and home (to login; hidden on login itself). */
export function RegistrationHeader() {
  const { t, i18n } = useTranslation('register');
  const { pathname } = useLocation();
  const [chatOpen, setChatOpen] = useState(false);
  const onLogin = pathname.startsWith('/login');
  return (
    <>
      <AppBar position="sticky" color="primary" elevation={0}>
        <Toolbar sx={{ gap: 1 }}>
          <Logo />
          <Typography sx={{ flex: 1, ml: 1, display: { xs: 'none', sm: 'block' } }}>
            {t('header.title')}
          </Typography>
          <Box sx={{ flex: { xs: 1, sm: 0 } }} />
          <Button
            color="inherit"
            startIcon={<ChatIcon />}
            onClick={() => setChatOpen((o) => !o)}
            data-testid="chat-button"
          >
            {t('header.chat')}
          </Button>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={i18n.language === 'en' ? 'en' : 'id'}
            onChange={(_e, lang: 'en' | 'id' | null) =>
              lang && setLanguage(i18n, lang).catch(() => undefined)
            }
            aria-label={t('header.language')}
            sx={{ bgcolor: 'rgba(255,255,255,0.15)', '& .MuiToggleButton-root': { color: 'inherit', px: 1 } }}
          >
            <ToggleButton value="en" data-testid="lang-en">
              ENG
            </ToggleButton>
            <ToggleButton value="id" data-testid="lang-id">
              IDN
            </ToggleButton>
          </ToggleButtonGroup>
          {!onLogin && (
            <Button color="inherit" href="/login/" startIcon={<HomeIcon />} data-testid="home-button">
              {t('header.home')}
            </Button>
          )}
        </Toolbar>
      </AppBar>
      {chatOpen && <LiveChatPanel onClose={() => setChatOpen(false)} />}
    </>
  );
}
