import type { ApiErrorBody, ApiErrorPayload } from '../../shared/api-error';

export interface ErrorText {
  titleEng: string;
  titleIdn: string;
  messageEng: string;
  messageIdn: string;
}

/** Thrown anywhere in a route; the error handler answers with the spec's apierror payload and this status. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly sourceSystem: string,
    readonly errorCode: string,
    readonly text: ErrorText,
    readonly fields?: ApiErrorBody['fields'],
  ) {
    super(`${sourceSystem} ${errorCode}: ${text.messageEng}`);
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
