// Moved to the test kit (tests/kit/multipart.ts); this re-export goes once every file imports the kit.
export { multipartBody, upload } from '../../kit/multipart';
