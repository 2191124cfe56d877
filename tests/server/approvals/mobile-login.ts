// Moved to the test kit (tests/kit/companion-app.ts); this re-export goes once every file imports the kit.
export { mobileLogin } from '../../kit/companion-app';
