/** The error payload every API error carries (spec section 3, "Error payload"). */
export interface ApiErrorBody {
  sourceSystem: string;
  errorCode: string;
  message: string;
  errorTitleEng: string;
  errorTitleIdn: string;
  errorMessageEng: string;
  errorMessageIdn: string;
  /** Per-field problems, for inline messages (keys are JSON pointers into the request body). */
  fields?: Record<string, { eng: string; idn: string }>;
}

export interface ApiErrorPayload {
  apierror: ApiErrorBody;
}

export function isApiErrorPayload(value: unknown): value is ApiErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const e = (value as { apierror?: unknown }).apierror;
  return typeof e === 'object' && e !== null && typeof (e as ApiErrorBody).errorCode === 'string';
}

/** An error body from a title and a message in each language ([title, message]). */
export function apiErrorBody(
  sourceSystem: string,
  errorCode: string,
  eng: [string, string],
  idn: [string, string],
): ApiErrorBody {
  return {
    sourceSystem,
    errorCode,
    message: eng[1],
    errorTitleEng: eng[0],
    errorTitleIdn: idn[0],
    errorMessageEng: eng[1],
    errorMessageIdn: idn[1],
  };
}
