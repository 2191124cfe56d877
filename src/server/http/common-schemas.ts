/** JSON Schema pieces many routes answer with: one definition, so a money or a text in both languages looks the same everywhere. */
export const moneySchema = {
  type: 'object',
  additionalProperties: false,
  required: ['amount', 'currency'],
  properties: { amount: { type: 'integer' }, currency: { type: 'string' } },
} as const;

export const bilingualSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['eng', 'idn'],
  properties: { eng: { type: 'string' }, idn: { type: 'string' } },
} as const;

/** A text in both languages keyed by the app's language codes (names and notices the pages show). */
export const localizedTextSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['en', 'id'],
  properties: { en: { type: 'string' }, id: { type: 'string' } },
} as const;

/** A row id in a request: bigserial ids fit in 2^53, and a larger number must be a 400, not a database error. */
export const rowIdSchema = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } as const;
