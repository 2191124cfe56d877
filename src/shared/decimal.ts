/** "16185.5000" -> "16.185,50" (id) / "16,185.50" (en): rates are ratios kept as decimal text, never floats. */
export function formatDecimal(text: string, lang: 'id' | 'en', decimals = 2): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return text;
  const [, sign, whole, frac = ''] = m;
  // round half up on the decimal text itself
  const digits = (whole! + frac.padEnd(decimals + 1, '0').slice(0, decimals + 1)).replace(/^0+(?=\d)/, '');
  let n = BigInt(digits);
  n = (n + 5n) / 10n;
  const s = n.toString().padStart(decimals + 1, '0');
  const intPart = s.slice(0, s.length - decimals);
  const fracPart = s.slice(s.length - decimals);
  const grouped = intPart.replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'id' ? '.' : ',');
  return `${sign}${grouped}${decimals > 0 ? (lang === 'id' ? ',' : '.') + fracPart : ''}`;
}

/**
 * An exchange rate as booked, exactly: every decimal that carries a value, and at least two
 * ("16185.0000" -> "16.185,00" (id) / "16,185.00" (en); "0.6123" -> "0,6123"). Rounding the rate a
 * transaction used would misstate it.
 */
export function formatRate(text: string, lang: 'id' | 'en'): string {
  const significant = /\.(\d*?)0*$/.exec(text.trim())?.[1]?.length ?? 0;
  return formatDecimal(text, lang, Math.max(2, significant));
}
