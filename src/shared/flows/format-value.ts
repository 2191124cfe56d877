import { formatBankDate, formatBankDateTime } from '../bank-time';
import { formatDecimal, formatRate } from '../decimal';
import type { RowFormat } from './types';

/**
 * A summary row's value of a plain format as text in one language. The web (verify, receipt, its
 * PDF) and the server (the companion app's copy of the details) both write rows with it, so the
 * customer approves exactly what the web showed.
 */
export function formatPlainValue(value: string, format: RowFormat | undefined, lang: 'id' | 'en'): string {
  switch (format) {
    case 'account':
      return value.replace(/(\d{4})(?=\d)/g, '$1 ');
    case 'date':
      return formatBankDate(value, lang);
    case 'datetime':
      return formatBankDateTime(value, lang);
    case 'rate':
    case 'decimal': {
      // A number with its unit after it ("4.25%", "0.3015 g") keeps the unit. A rate shows the
      // decimals that carry a value (at least two); a decimal quantity every one it is written with.
      const m = /^(-?\d+(?:\.(\d+))?)(\s?%|\s[a-zA-Z]{1,5})?$/.exec(value.trim());
      if (!m) return value;
      const number =
        format === 'rate' ? formatRate(m[1]!, lang) : formatDecimal(m[1]!, lang, m[2]?.length ?? 0);
      return `${number}${m[3] ?? ''}`;
    }
    case 'yesno':
      return value === 'true'
        ? lang === 'en'
          ? 'Yes'
          : 'Ya'
        : value === 'false'
          ? lang === 'en'
            ? 'No'
            : 'Tidak'
          : value;
    case 'token':
      return value.replace(/\s+/g, '').replace(/(\w{4})(?=\w)/g, '$1 ');
    case 'phone':
      // A local mobile number in the groups it is read out in: 0812-9876-5431.
      return /^0\d{9,12}$/.test(value) ? value.replace(/^(\d{4})(\d{4})(\d+)$/, '$1-$2-$3') : value;
    default:
      return value;
  }
}
