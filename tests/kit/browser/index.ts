// The browser tests' kit: the real server on the demo data, Debian's Chromium, a page signed in as a
// persona, and what the pages' steps share (picking a select's option, the page's own API calls).
export { startServer, outbox, latestOtp, otpSentBy, type TestServer } from './test-server';
export {
  launchBrowser,
  sharedBrowser,
  newContext,
  screenshot,
  keepEvidence,
  VIEWPORTS,
  CHROMIUM_ARGS,
  type ContextOptions,
  type ViewportName,
} from './chromium';
export { login, signIn, enterUserId, PERSONAS, type Persona } from './login';
export {
  serverAndBrowser,
  signedInSession,
  type ServerAndBrowser,
  type SignedInSession,
} from './signed-in-page';
export { companionLogin } from './companion';
export { chooseOption, type OptionChoice } from './choose-option';
export {
  BUDI_PHONES,
  sessionHeaders,
  postApi,
  postAsPage,
  accountOf,
  accountAsPage,
  jsonOf,
  isCall,
  openInApp,
} from './page-api';
