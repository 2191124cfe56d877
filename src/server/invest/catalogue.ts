// The investment catalogue's reads, one file a kind of product: the bank's own products
// (catalogue-products.ts), mutual funds (catalogue-funds.ts) and bonds (catalogue-bonds.ts).
export { listProducts, timeDepositRate } from './catalogue-products';
export { fundDetail, listFunds, periodReturns, RETURN_DAYS, RETURNS_WINDOW_DAYS } from './catalogue-funds';
export { bondDetail, bondHoldings, listBonds, nextCouponDate, offerStatus } from './catalogue-bonds';
