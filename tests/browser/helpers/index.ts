// Shared helpers of the browser tests: the real server, Debian's Chromium, logging in as a persona.
export { startServer, outbox, latestOtp, type TestServer } from './server';
export {
  launchBrowser,
  newContext,
  screenshot,
  keepEvidence,
  VIEWPORTS,
  CHROMIUM_ARGS,
  type ContextOptions,
  type ViewportName,
} from './browser';
export { login, enterUserId, PERSONAS, type Persona } from './login';
export { serverAndBrowser, signedInSession, type ServerAndBrowser, type SignedInSession } from './fixture';
export { companionLogin } from './companion';
