// The transfer area's route schemas they share.
export const money = {
  type: 'object',
  properties: { amount: { type: 'integer' }, currency: { type: 'string' } },
  required: ['amount', 'currency'],
} as const;
export const empty = { type: 'object', additionalProperties: false, properties: {} } as const;
export const idBody = {
  type: 'object',
  additionalProperties: false,
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[0-9]{1,15}$' } },
} as const;
export const documentSchema = {
  type: 'object',
  required: ['id', 'docType', 'fileName', 'mime', 'size', 'uploadedAt'],
  properties: {
    id: { type: 'string' },
    docType: { type: 'string' },
    description: { type: 'string' },
    fileName: { type: 'string' },
    mime: { type: 'string' },
    size: { type: 'integer' },
    uploadedAt: { type: 'string' },
  },
} as const;
