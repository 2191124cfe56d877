import type { ApiErrorBody, ApiErrorPayload } from '../../shared/api-error';

export interface ErrorText {
  titleEng: string;
  titleIdn: string;
  messageEng: string;
  messageIdn: string;
}

/**
 * An answer names at most this many fields: 60,000 unknown keys made a 4 MB answer. Enough for any
 * form of ours; the rest are what the customer sees after fixing these.
 */
export const MAX_ERROR_FIELDS = 20;

/** The first MAX_ERROR_FIELDS entries of a field map. */
export function capFields(fields: ApiErrorBody['fields']): ApiErrorBody['fields'] {
  if (!fields) return fields;
  const capped: NonNullable<ApiErrorBody['fields']> = {};
  let n = 0;
  for (const key in fields) {
    if (n++ >= MAX_ERROR_FIELDS) break;
    capped[key] = fields[key]!;
  }
  return capped;
}

/** Thrown anywhere in a route; the error handler answers with the spec's apierror payload and this status. */
export class ApiError extends Error {
  readonly fields?: ApiErrorBody['fields'];
  constructor(
    readonly statusCode: number,
    readonly sourceSystem: string,
    readonly errorCode: string,
    readonly text: ErrorText,
    fields?: ApiErrorBody['fields'],
  ) {
    super(`${sourceSystem} ${errorCode}: ${text.messageEng}`);
    this.fields = capFields(fields);
  }

  toPayload(): ApiErrorPayload {
    return {
      apierror: {
        sourceSystem: this.sourceSystem,
        errorCode: this.errorCode,
        message: this.text.messageEng,
        errorTitleEng: this.text.titleEng,
        errorTitleIdn: this.text.titleIdn,
        errorMessageEng: this.text.messageEng,
        errorMessageIdn: this.text.messageIdn,
        ...(this.fields ? { fields: this.fields } : {}),
      },
    };
  }
}

export const INVALID_REQUEST: ErrorText = {
  titleEng: 'Invalid request',
  titleIdn: 'Permintaan tidak valid',
  messageEng: 'Your request cannot be processed. Please check your input.',
  messageIdn: 'Permintaan Anda tidak dapat diproses. Silakan periksa kembali data Anda.',
};

export const GENERIC_ERROR: ErrorText = {
  titleEng: 'Your request cannot be processed',
  titleIdn: 'Permintaan Anda tidak dapat diproses',
  messageEng: 'Please try again in a few minutes',
  messageIdn: 'Silakan coba beberapa saat lagi',
};

export const invalidRequest = (fields?: ApiErrorBody['fields']) =>
  new ApiError(400, 'CLICKS', 'INVALID_REQUEST', INVALID_REQUEST, fields);
