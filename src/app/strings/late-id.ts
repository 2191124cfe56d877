// What only the authenticated pages use, in Indonesian only: loaded with the authenticated routes.
import type { ResourceLanguage } from 'i18next';
import dashboard from '../../../locales/id/dashboard.json';
import engine from '../../../locales/id/engine.json';
import flows from '../../../locales/id/flows.json?flow-shared';
import myaccount from '../../../locales/id/myaccount.json';
import settings from '../../../locales/id/settings.json';
import register from '../../../locales/id/register.json';
import transfer from '../../../locales/id/transfer.json';
import invest from '../../../locales/id/invest.json';
import gold from '../../../locales/id/gold.json';
import help from '../../../locales/id/help.json';
import business from '../../../locales/id/business.json';
import pfm from '../../../locales/id/pfm.json';
import living from '../../../locales/id/living.json';
import bills from '../../../locales/id/bills.json';
import cart from '../../../locales/id/cart.json';
import batch from '../../../locales/id/batch.json';
import engine2 from '../../../locales/id/engine2.json';
import * as shell from '../../../locales/id/shell.json?late';

export const strings: ResourceLanguage = {
  dashboard,
  engine,
  flows,
  myaccount,
  settings,
  register,
  transfer,
  invest,
  gold,
  help,
  business,
  pfm,
  living,
  bills,
  cart,
  batch,
  engine2,
  shell: {
    logoAlt: shell.logoAlt,
    header: shell.header,
    menu: shell.menu,
    chooser: shell.chooser,
    recipients: shell.recipients,
    idle: shell.idle,
    chat: shell.chat,
    search: shell.search,
    session: shell.session,
  },
};
