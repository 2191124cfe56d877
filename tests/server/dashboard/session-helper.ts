// Moved to the test kit (tests/kit/sessions.ts); this re-export goes once every file imports the kit.
export { openSession, TEST_BROWSER_ID } from '../../kit/sessions';
