// What only the authenticated pages use, in English only: loaded with the authenticated routes.
import type { ResourceLanguage } from 'i18next';
import dashboard from '../../../locales/en/dashboard.json';
import engine from '../../../locales/en/engine.json';
import flows from '../../../locales/en/flows.json?flow-shared';
import help from '../../../locales/en/help.json';
import cart from '../../../locales/en/cart.json';
import engine2 from '../../../locales/en/engine2.json';
import * as shell from '../../../locales/en/shell.json?late';

export const strings: ResourceLanguage = {
  dashboard,
  engine,
  flows,
  help,
  cart,
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
