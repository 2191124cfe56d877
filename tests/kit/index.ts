// The server tests' kit: `import { useTestApp, customerWithSession, transact } from '../../kit'`.
// The browser tests' kit is tests/kit/browser (it loads Playwright). See tests/kit/README.md.
export {
  bothEngines,
  testDbs,
  itOnOneEngine,
  openMigratedPglite,
  urlOf,
  withAdmin,
  type TestDb,
} from './engines';
export { tablespaceClause } from './scratch-tablespace';
export {
  useTestApp,
  openTestApp,
  useTwoTestApps,
  openTwoTestApps,
  type TestApp,
  type TestAppOptions,
  type TwoTestApps,
} from './test-app';
export {
  insertCustomer,
  makeCustomer,
  uniquePhone,
  type CustomerFixture,
  type CreatedCustomer,
} from './customers';
export { insertAccount, setLimits, balanceOf, unbalancedJournals } from './accounts';
export {
  customerWithSession,
  sessionHeaders,
  openSession,
  signedIn,
  signInCustomer,
  signInPersona,
  TEST_BROWSER_ID,
  type Customer,
  type SignedIn,
} from './sessions';
export { PERSONAS, BUDI_PHONES, type Persona, type PersonaName } from './personas';
export { post, client, freshIp, followToken, type Answer, type Client } from './requests';
export { latestCode, lastOtp, lastSms } from './sms';
export { quoteAndSendOtp, transact, requestApproval, transactWithApproval } from './transact';
export { mobileLogin } from './companion-app';
export { writeCounts } from './write-counts';
export { multipartBody, upload } from './multipart';
export { projectCopy } from './project-copy';
