import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { initI18n } from '@/shared/i18n/i18n';
import { theme } from '@/shared/ui/theme';
import { StyleCacheProvider } from '@/shared/ui/style-cache';
import enCommon from '../../locales/en/common.json';
import idCommon from '../../locales/id/common.json';
import enMobile from '../../locales/en/mobile.json';
import idMobile from '../../locales/id/mobile.json';
import { CompanionApp } from './companion-app';

// The companion app carries only its own strings (and the shared language switch's).
const i18n = initI18n({
  en: { common: enCommon, mobile: enMobile },
  id: { common: idCommon, mobile: idMobile },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <StyleCacheProvider>
        <ThemeProvider theme={theme}>
          <CssBaseline />
          <CompanionApp />
        </ThemeProvider>
      </StyleCacheProvider>
    </I18nextProvider>
  </StrictMode>,
);
