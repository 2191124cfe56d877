/**
 * The three kinds of batch and how a sheet row of each becomes a flow's form: a mass transfer row is a
 * same-bank, online, BI-FAST, SKN or RTGS transfer; a mass payment or mass purchase row is one of the
 * billers (or operators) of the payment or purchase area, found from what its flow file declares (its
 * choices and its form's fields): nothing here knows a particular biller.
 */
export * from './batch-kind';
export { transferKind } from './transfer-kind';
export { billerCodes, billsKind, type BillerCode } from './bill-kinds';
