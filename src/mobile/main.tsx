import { createRoot } from 'react-dom/client';
import { initI18n } from '@/shared/i18n/i18n';
import { AppProviders } from '@/shared/ui/app-providers';
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
  <AppProviders i18n={i18n}>
    <CompanionApp />
  </AppProviders>,
);
