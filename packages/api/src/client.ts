// The HTTP client (ky) with the conventions of SPEC §7 and §9: credentials, the language parameter,
// JSON / form / multipart bodies, an adaptive timeout, one retry for idempotent calls, duplicate
// cancelling, the {success, code, msg, data} envelope, and the error catalogue of SPEC §8.
import ky, { isHTTPError, isTimeoutError } from 'ky';
import { API_LIMITS, SUCCESS_CODES } from './constants.ts';
import { CANCELLED, NETWORK_ERROR, TIMEOUT, describeError, type CatalogueEntry } from './error-catalogue.ts';
import { createAdaptiveTimeout, type AdaptiveTimeoutOptions } from './timing.ts';
import type { ToastStore } from './toasts.ts';
import { givenAnswerKey, type GivenAnswers } from './given-answers.ts';

export interface Envelope<T = unknown> {
  success: boolean;
  code: string | number;
  msg: string;
  data: T;
}

export const isSuccessEnvelope = (envelope: Pick<Envelope, 'success' | 'code'>): boolean =>
  envelope.success === true || (SUCCESS_CODES as readonly string[]).includes(String(envelope.code));

export class ApiError extends Error {
  readonly entry: CatalogueEntry;
  constructor(
    readonly code: string,
    readonly serverMessage?: string,
    readonly status?: number,
    readonly data?: unknown,
    /** The server's id of the failed request (X-Request-Id): error reports carry it to the server's logs. */
    readonly requestId?: string,
  ) {
    super(serverMessage || code);
    this.name = 'ApiError';
    this.entry = describeError(code);
  }
}

export type Query = Record<string, string | number | boolean | null | undefined>;
export type FormBody = Record<string, unknown>;

export interface CallOptions {
  method?: 'GET' | 'POST';
  query?: Query;
  /** JSON body (the default encoding). */
  json?: unknown;
  /** Form-encoded body; arrays and objects are JSON-stringified (SPEC §7). */
  form?: FormBody;
  /** Safe to send twice: allows the one retry (GET always is). */
  idempotent?: boolean;
  /** Not cancelled when the same request is already on its way (polling, analytics). */
  exempt?: boolean;
  /** No toast, whatever the code says. */
  silent?: boolean;
  signal?: AbortSignal;
}

export interface ApiClientOptions {
  /** Origin of the API ('' for the page's own origin). */
  baseUrl: string;
  /** The one-origin prefix the web app calls through (SPEC §7: /api/*). */
  prefix?: string;
  language: () => string;
  toasts?: ToastStore;
  /** Called for the login codes: the app opens its login page or asks the native side. */
  onLoginRequired?: (code: string) => void;
  fetch?: typeof fetch;
  timeout?: AdaptiveTimeoutOptions;
  retryDelayMs?: number;
  duplicateWindowMs?: number;
  /** Answers the server gave with the page: a call asking the very same is answered from them, once. */
  given?: GivenAnswers;
}

/** Arrays and objects travel JSON-stringified in form bodies. */
export function encodeForm(body: FormBody): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined || value === null) continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  return params;
}

/** A call as it goes on the wire: its method, its URL (with the language), its body as sent. */
export interface WireRequest {
  method: 'GET' | 'POST';
  url: string;
  body?: string;
  contentType?: 'application/json' | 'application/x-www-form-urlencoded';
}

type Addressing = Pick<ApiClientOptions, 'baseUrl' | 'prefix' | 'language'>;

function urlOf(options: Addressing, path: string, query: Query = {}): string {
  const base = `${options.baseUrl}${options.prefix ?? ''}${path}`;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null) params.set(key, String(value));
  params.set('language', options.language());
  return `${base}?${params}`;
}

/** What a call sends (multipart uploads go their own way, upload.ts). */
export function wireRequest(options: Addressing, path: string, call: CallOptions = {}): WireRequest {
  const method = call.method ?? (call.json !== undefined || call.form !== undefined ? 'POST' : 'GET');
  const url = urlOf(options, path, call.query);
  if (call.json !== undefined) return { method, url, body: JSON.stringify(call.json), contentType: 'application/json' };
  if (call.form) return { method, url, body: encodeForm(call.form).toString(), contentType: 'application/x-www-form-urlencoded' };
  return { method, url };
}

export function createApiClient(options: ApiClientOptions) {
  const timeout = createAdaptiveTimeout(options.timeout);
  const duplicateWindowMs = options.duplicateWindowMs ?? API_LIMITS.duplicateWindowMs;
  const pending = new Map<string, number>();
  const url = (path: string, query?: Query): string => urlOf(options, path, query);

  /** Handles a failure the way SPEC §8 says: login codes ask for login; non-silent codes show a toast. */
  function report(error: ApiError, silent: boolean | undefined) {
    if (error.entry.login) options.onLoginRequired?.(error.code);
    if (silent || error.entry.silent) return;
    const useServerText = error.serverMessage && error.entry.messageKey === 'errors.default';
    options.toasts?.show(useServerText ? { kind: 'error', text: error.serverMessage } : { kind: 'error', messageKey: error.entry.messageKey });
  }

  async function toApiError(error: unknown): Promise<ApiError> {
    if (error instanceof ApiError) return error;
    if (isTimeoutError(error)) return new ApiError(TIMEOUT);
    if (isHTTPError(error)) {
      // Our server answers failures with the envelope too: its code is more precise than the status.
      const envelope = (await error.response.json().catch(() => undefined)) as Partial<Envelope> | undefined;
      if (envelope && typeof envelope === 'object' && 'code' in envelope)
        return new ApiError(String(envelope.code), envelope.msg, error.response.status, envelope.data, error.response.headers.get('x-request-id') ?? undefined);
      return new ApiError(String(error.response.status), undefined, error.response.status, undefined, error.response.headers.get('x-request-id') ?? undefined);
    }
    if (error instanceof DOMException && error.name === 'AbortError') return new ApiError(CANCELLED);
    return new ApiError(NETWORK_ERROR);
  }

  async function readEnvelope<T>(response: Response): Promise<T> {
    let envelope: Envelope<T>;
    try {
      envelope = (await response.json()) as Envelope<T>;
    } catch {
      throw new ApiError(String(response.status >= 400 ? response.status : 500), undefined, response.status, undefined, response.headers.get('x-request-id') ?? undefined);
    }
    if (!isSuccessEnvelope(envelope)) throw new ApiError(String(envelope.code), envelope.msg, response.status, envelope.data, response.headers.get('x-request-id') ?? undefined);
    return envelope.data;
  }

  /** A request with its envelope unwrapped; failures are ApiError with a catalogue entry. */
  async function call<T>(path: string, call: CallOptions = {}): Promise<T> {
    const request = wireRequest(options, path, call);
    const { method, url: target } = request;
    const given = options.given?.take(givenAnswerKey(request));
    if (given) return given.data as T;
    const key = `${method} ${target} ${request.body ?? ''}`;
    const started = Date.now();
    if (!call.exempt) {
      const since = pending.get(key);
      if (since !== undefined && started - since < duplicateWindowMs) {
        const error = new ApiError(CANCELLED);
        report(error, call.silent);
        throw error;
      }
      pending.set(key, started);
    }
    const idempotent = method === 'GET' || call.idempotent === true;
    try {
      const response = await ky(target, {
        method,
        credentials: 'include',
        json: call.json,
        body: call.form ? encodeForm(call.form) : undefined,
        timeout: timeout.current(),
        retry: idempotent
          ? { limit: API_LIMITS.retry.limit, methods: ['get', 'post'], delay: () => options.retryDelayMs ?? API_LIMITS.retry.baseDelayMs, retryOnTimeout: false }
          : 0,
        signal: call.signal,
        fetch: options.fetch,
      });
      const data = await readEnvelope<T>(response);
      timeout.record(Date.now() - started);
      return data;
    } catch (error) {
      const apiError = await toApiError(error);
      if (apiError.code === TIMEOUT) timeout.widen();
      report(apiError, call.silent);
      throw apiError;
    } finally {
      if (!call.exempt) pending.delete(key);
    }
  }

  return { call, url, currentTimeoutMs: () => timeout.current() };
}

export type ApiClient = ReturnType<typeof createApiClient>;
