import ky, { HTTPError, TimeoutError, type KyInstance } from 'ky';
import { HTTP_TIMEOUT } from '../constants';
import { isApiErrorPayload, type ApiErrorBody } from '../api-error';
import { getBrowserId, getCredentials, setCredentials } from './session-store';
import { answeredCredentials } from './rotated-token';

/** Why a call failed; the error catalogue turns it into words in the user's language. */
export type FailureKind =
  'api' | 'invalid_token' | 'empty' | 'timeout' | 'no_response' | 'invalid_request' | 'cancelled';

export class ApiFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    readonly status: number,
    readonly body?: ApiErrorBody,
  ) {
    super(body ? `${body.sourceSystem} ${body.errorCode}: ${body.message}` : `${kind} (${status})`);
  }
  get sourceSystem(): string | undefined {
    return this.body?.sourceSystem;
  }
  get errorCode(): string | undefined {
    return this.body?.errorCode;
  }
}

export interface CallOptions {
  /** Transaction-type calls wait 60 s instead of 30 s. */
  kind?: 'default' | 'transaction';
  /** 'none' for visitor calls (registration, pre-login chat). */
  auth?: 'session' | 'none';
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

const base: KyInstance = ky.create({ retry: 0, throwHttpErrors: true, timeout: HTTP_TIMEOUT.defaultMs });

const invalidTokenListeners = new Set<(failure: ApiFailure) => void>();

/** Called when a call sent with the session's token fails with INVALID_TOKEN (or a bare 401). */
export function onInvalidToken(listener: (failure: ApiFailure) => void): () => void {
  invalidTokenListeners.add(listener);
  return () => invalidTokenListeners.delete(listener);
}

/** One POST with the session's headers; a refusal becomes an ApiFailure (and INVALID_TOKEN ends the session). */
async function send(path: string, body: unknown, opts: CallOptions): Promise<Response> {
  const headers: Record<string, string> = { 'x-browser-id': getBrowserId(), ...opts.headers };
  const creds = opts.auth === 'none' ? null : getCredentials();
  if (creds) headers.authorization = `Bearer ${creds.accessToken}`;
  let res: Response;
  try {
    res = await base.post(path, {
      // A form (an upload) goes as multipart/form-data; anything else as JSON.
      ...(body instanceof FormData ? { body } : { json: body ?? {} }),
      headers,
      signal: opts.signal,
      timeout: opts.kind === 'transaction' ? HTTP_TIMEOUT.transactionMs : HTTP_TIMEOUT.defaultMs,
    });
  } catch (err) {
    const failure = await toFailure(err, opts.signal, creds?.accessToken);
    // An authenticated call refused for the token: the app shell takes the session-expiry path.
    if (failure.kind === 'invalid_token' && creds) for (const l of invalidTokenListeners) l(failure);
    throw failure;
  }
  renewCredentials(res, creds?.accessToken);
  return res;
}

/** All calls are POST with a JSON body (default {}), per spec section 7. */
export async function apiPost<T>(path: string, body: unknown = {}, opts: CallOptions = {}): Promise<T> {
  const res = await send(path, body, opts);
  const text = await res.text();
  if (!text) throw new ApiFailure('empty', res.status);
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ApiFailure('invalid_request', res.status);
  }
}

/** An upload: multipart/form-data (fields first, then the file, as the server reads them), answered in JSON. */
export async function apiPostForm<T>(path: string, form: FormData, opts: CallOptions = {}): Promise<T> {
  return apiPost<T>(path, form, { kind: 'transaction', ...opts });
}

/** A document the server writes (a statement, a history as PDF or CSV): its bytes and file name. */
export async function apiPostFile(
  path: string,
  body: unknown = {},
  opts: CallOptions = {},
): Promise<{ blob: Blob; fileName: string }> {
  const res = await send(path, body, opts);
  const blob = await res.blob();
  if (blob.size === 0) throw new ApiFailure('empty', res.status);
  const fileName = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'document';
  return { blob, fileName };
}

/**
 * Response headers access_token and expires replace the stored credentials. The server rotates the
 * token, so an answer to a call sent with a token the store no longer holds (a parallel call answered
 * after the one that brought the new token, or a call that outlived a logout) changes nothing.
 */
export function renewCredentials(res: Response, sentToken: string | undefined): void {
  const next = answeredCredentials(getCredentials()?.accessToken, sentToken, (name) => res.headers.get(name));
  if (next) setCredentials(next);
}

async function toFailure(err: unknown, signal?: AbortSignal, sentToken?: string): Promise<ApiFailure> {
  if (signal?.aborted || (err instanceof DOMException && err.name === 'AbortError'))
    return new ApiFailure('cancelled', 0);
  if (err instanceof TimeoutError) return new ApiFailure('timeout', 0);
  if (err instanceof HTTPError) {
    const res = err.response;
    renewCredentials(res, sentToken);
    let payload: unknown;
    try {
      payload = await res.json();
    } catch {
      payload = undefined;
    }
    if (isApiErrorPayload(payload)) {
      const kind = payload.apierror.errorCode.toLowerCase() === 'invalid_token' ? 'invalid_token' : 'api';
      return new ApiFailure(kind, res.status, payload.apierror);
    }
    if (res.status === 401) return new ApiFailure('invalid_token', 401);
    return new ApiFailure(res.status === 400 ? 'invalid_request' : 'empty', res.status);
  }
  return new ApiFailure('no_response', 0);
}
