// What only the authenticated pages use, in Indonesian only: loaded with the authenticated routes.
import type { ResourceLanguage } from 'i18next';
import dashboard from '../../../locales/id/dashboard.json';
import engine from '../../../locales/id/engine.json';
import flows from '../../../locales/id/flows.json?flow-shared';
import help from '../../../locales/id/help.json';
import cart from '../../../locales/id/cart.json';
import engine2 from '../../../locales/id/engine2.json';
import * as shell from '../../../locales/id/shell.json?late';

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
