/** '5481170012345678' -> '5481 17** **** 5678': the first six (the issuer) and the last four only. */
export function maskCardNumber(cardNo: string): string {
  const d = cardNo.replace(/\D/g, '');
  return d.length >= 12 ? `${d.slice(0, 4)} ${d.slice(4, 6)}** **** ${d.slice(-4)}` : `**** ${d.slice(-4)}`;
}
