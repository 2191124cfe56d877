// Every string a signed-in page may use before its area's own (the dashboard's, help's and the cart's
// pages too have theirs: src/app/area-strings.ts), in Indonesian only: the one group a
// signed-in page adds before its first render (src/app/main.tsx). It repeats what the login page's
// group holds for every page (common, errors, the 404) and the login pages' area names and placeholder,
// so a signed-in page loads one strings chunk and none of the login area's.
import type { ResourceLanguage } from 'i18next';
import * as common from '../../../locales/id/common.json?late';
import * as errors from '../../../locales/id/errors.json?late';
import * as engine from '../../../locales/id/engine.json?late';
import flows from '../../../locales/id/flows.json?flow-shared';
import * as help from '../../../locales/id/help.json?late';
import * as cart from '../../../locales/id/cart.json?late';
import * as engine2 from '../../../locales/id/engine2.json?late';
import * as shell from '../../../locales/id/shell.json?late';

export const strings: ResourceLanguage = {
  common: { ...common },
  errors: { ...errors },
  // the flow pages' forms; what the pages after them say loads with those pages (src/engine/strings)
  engine: {
    steps: engine.steps,
    casaRequired: engine.casaRequired,
    supplementaryBlocked: engine.supplementaryBlocked,
    inquiry: engine.inquiry,
    validation: engine.validation,
    largeArray: engine.largeArray,
    favourites: engine.favourites,
    promo: engine.promo,
    secret: engine.secret,
    routeUnknown: engine.routeUnknown,
    routeUnknownBack: engine.routeUnknownBack,
    when: engine.when,
  },
  flows,
  // the header's badges and the cart's logout question; the rest with the help and cart pages
  help: { badge: help.badge },
  cart: {
    badge: cart.badge,
    logout: cart.logout,
    addToCart: cart.addToCart,
    updateInCart: cart.updateInCart,
  },
  engine2: { gates: engine2.gates, multiStep: engine2.multiStep },
  shell: {
    appName: shell.appName,
    areas: shell.areas,
    placeholder: shell.placeholder,
    notFound: shell.notFound,
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
