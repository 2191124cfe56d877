// What only the authenticated pages use, in English only: loaded with the authenticated routes.
import type { ResourceLanguage } from 'i18next';
import dashboard from '../../../locales/en/dashboard.json';
import engine from '../../../locales/en/engine.json';
import flows from '../../../locales/en/flows.json?flow-shared';
import myaccount from '../../../locales/en/myaccount.json';
import settings from '../../../locales/en/settings.json';
import register from '../../../locales/en/register.json';
import transfer from '../../../locales/en/transfer.json';
import invest from '../../../locales/en/invest.json';
import gold from '../../../locales/en/gold.json';
import help from '../../../locales/en/help.json';
import business from '../../../locales/en/business.json';
import pfm from '../../../locales/en/pfm.json';
import living from '../../../locales/en/living.json';
import bills from '../../../locales/en/bills.json';
import cart from '../../../locales/en/cart.json';
import batch from '../../../locales/en/batch.json';
import engine2 from '../../../locales/en/engine2.json';
import * as shell from '../../../locales/en/shell.json?late';

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
