/** A schema rule broken, in both languages (never ajv's own wording, such as "must be >= 1000000"). */
const RULE_TEXT: Record<string, { eng: string; idn: string }> = {
  required: { eng: 'is required', idn: 'wajib diisi' },
  additionalProperties: { eng: 'is not allowed', idn: 'tidak diperbolehkan' },
  minimum: { eng: 'is below the minimum', idn: 'di bawah batas minimum' },
  exclusiveMinimum: { eng: 'is below the minimum', idn: 'di bawah batas minimum' },
  maximum: { eng: 'is above the maximum', idn: 'melebihi batas maksimum' },
  exclusiveMaximum: { eng: 'is above the maximum', idn: 'melebihi batas maksimum' },
  minLength: { eng: 'is too short', idn: 'terlalu pendek' },
  maxLength: { eng: 'is too long', idn: 'terlalu panjang' },
  minItems: { eng: 'has too few entries', idn: 'isinya terlalu sedikit' },
  maxItems: { eng: 'has too many entries', idn: 'isinya terlalu banyak' },
  pattern: { eng: 'is not in the right format', idn: 'formatnya tidak sesuai' },
  format: { eng: 'is not in the right format', idn: 'formatnya tidak sesuai' },
  enum: { eng: 'is not one of the options', idn: 'bukan salah satu pilihan' },
  const: { eng: 'is not one of the options', idn: 'bukan salah satu pilihan' },
  type: { eng: 'is not valid', idn: 'tidak valid' },
};
const INVALID = { eng: 'is not valid', idn: 'tidak valid' };

export const ruleText = (keyword: string): { eng: string; idn: string } => RULE_TEXT[keyword] ?? INVALID;
