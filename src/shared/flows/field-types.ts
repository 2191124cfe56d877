/**
 * The spec's generic field types (section 5): N digits only; AN letters and digits; ANS letters,
 * digits, spaces, comma, hyphen; ANSS also plus and exclamation; EMAIL a simple pattern with a 2-4
 * letter ending. A biller's customer number is one of them, with its own length
 * (providers/<category>.json, an entry's `number`: `{ "type": "N", "min": 12, "max": 12 }`).
 */
export type FieldType = 'N' | 'AN' | 'ANS' | 'ANSS' | 'EMAIL';

export const FIELD_TYPE_PATTERNS: Record<FieldType, RegExp> = {
  N: /^[0-9]+$/,
  AN: /^[A-Za-z0-9]+$/,
  ANS: /^[A-Za-z0-9 ,-]+$/,
  ANSS: /^[A-Za-z0-9 ,+!-]+$/,
  EMAIL: /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/,
};

export interface NumberRule {
  type: FieldType;
  min?: number;
  max?: number;
}

export function isNumberRule(v: unknown): v is NumberRule {
  const r = v as NumberRule | undefined;
  return !!r && typeof r === 'object' && typeof r.type === 'string' && r.type in FIELD_TYPE_PATTERNS;
}

/** Whether a value is of the rule's type and length. */
export function fitsRule(rule: NumberRule, value: string): boolean {
  if (!FIELD_TYPE_PATTERNS[rule.type].test(value)) return false;
  return value.length >= (rule.min ?? 1) && value.length <= (rule.max ?? Number.MAX_SAFE_INTEGER);
}

const KIND = {
  N: { en: 'digits', id: 'angka' },
  AN: { en: 'letters and digits', id: 'huruf dan angka' },
  ANS: {
    en: 'letters, digits, spaces, commas and hyphens',
    id: 'huruf, angka, spasi, koma dan tanda hubung',
  },
  ANSS: {
    en: 'letters, digits, spaces, commas, hyphens, plus and exclamation marks',
    id: 'huruf, angka, spasi, koma, tanda hubung, tanda plus dan tanda seru',
  },
} as const;

/** "12 digits", "6 to 8 letters and digits", "an email address" (and in Indonesian). */
export function describeRule(rule: NumberRule, lang: 'en' | 'id'): string {
  if (rule.type === 'EMAIL') return lang === 'en' ? 'an email address' : 'alamat email';
  const kind = KIND[rule.type][lang];
  const { min, max } = rule;
  if (min !== undefined && min === max) return `${min} ${kind}`;
  if (min !== undefined && max !== undefined)
    return lang === 'en' ? `${min} to ${max} ${kind}` : `${min} sampai ${max} ${kind}`;
  if (max !== undefined) return lang === 'en' ? `up to ${max} ${kind}` : `paling banyak ${max} ${kind}`;
  if (min !== undefined) return lang === 'en' ? `at least ${min} ${kind}` : `paling sedikit ${min} ${kind}`;
  return kind;
}

/**
 * What a biller's number must be, as the customer reads it under the field: "Tokopedia numbers are 16
 * digits" / "Nomor Tokopedia terdiri dari 16 angka" (the page's own check and the server's refusal).
 */
export function billerNumberMessage(
  biller: { en: string; id: string },
  rule: NumberRule,
): { eng: string; idn: string } {
  return {
    eng: `${biller.en} numbers are ${describeRule(rule, 'en')}`,
    idn: `Nomor ${biller.id} terdiri dari ${describeRule(rule, 'id')}`,
  };
}
