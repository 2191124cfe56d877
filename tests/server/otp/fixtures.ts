// Moved to the test kit (tests/kit); this re-export goes once every file imports the kit.
export { insertCustomer, uniquePhone } from '../../kit/customers';
export { latestCode } from '../../kit/sms';
