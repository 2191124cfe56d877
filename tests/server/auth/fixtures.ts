// Moved to the test kit (tests/kit); this re-export goes once every file imports the kit.
export { makeCustomer, type CustomerFixture, type CreatedCustomer } from '../../kit/customers';
export { client, freshIp, type Client } from '../../kit/requests';
export { lastOtp, lastSms } from '../../kit/sms';
export { writeCounts } from '../../kit/write-counts';
