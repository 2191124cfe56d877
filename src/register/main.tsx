import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { initI18n } from '../shared/i18n/i18n';
import enRegister from '../../locales/en/register.json';
import idRegister from '../../locales/id/register.json';
import enErrors from '../../locales/en/errors.json';
import idErrors from '../../locales/id/errors.json';
import enCommon from '../../locales/en/common.json';
import idCommon from '../../locales/id/common.json';
import { StyleCacheProvider } from '../shared/ui/style-cache';
import { micrositeRoutes } from './routes';

// The microsite's own strings only: no internet-banking namespaces in this bundle.
const i18n = initI18n({
  en: { register: enRegister, errors: enErrors, common: enCommon },
  id: { register: idRegister, errors: idErrors, common: idCommon },
});

const router = createBrowserRouter(micrositeRoutes, { basename: '/register' });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <StyleCacheProvider>
        <RouterProvider router={router} />
      </StyleCacheProvider>
    </I18nextProvider>
  </StrictMode>,
);
