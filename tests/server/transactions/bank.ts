// Moved to the test kit (tests/kit); this re-export goes once every file imports the kit.
export { insertAccount, setLimits, balanceOf, unbalancedJournals } from '../../kit/accounts';
export { customerWithSession, sessionHeaders, type Customer } from '../../kit/sessions';
export { post } from '../../kit/requests';
export { quoteAndSendOtp, transact } from '../../kit/transact';
