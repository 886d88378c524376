// The staff API on the same origin. The session is the kh_staff cookie (HttpOnly, Path=/staff):
// the console never holds a token. The server's message (translated by ?language=) is the error shown.
import ky, { HTTPError } from 'ky';

export class StaffApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** What the server said beside its message (the keys a publish would drop…), whatever the language. */
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

let language = 'en';
export const setApiLanguage = (next: string) => void (language = next);
/** Called when the session ends (401 outside the sign-in): the app shows the sign-in page. */
let onSessionEnded: () => void = () => {};
export const whenSessionEnds = (callback: () => void) => void (onSessionEnded = callback);

const http = ky.create({ prefixUrl: '/staff/', credentials: 'same-origin', retry: 0, timeout: 30_000 });

async function call<T>(method: 'get' | 'post' | 'put', path: string, options: { json?: unknown; body?: Blob; contentType?: string; searchParams?: Record<string, string | number | boolean | undefined> } = {}): Promise<T> {
  const searchParams = new URLSearchParams({ language });
  for (const [key, value] of Object.entries(options.searchParams ?? {})) if (value !== undefined && value !== '') searchParams.set(key, String(value));
  try {
    // A file of tens of megabytes may take minutes on an office line: its upload is not cut at 30 s.
    const request = options.body ? { method, body: options.body, headers: { 'content-type': options.contentType ?? 'application/octet-stream' }, searchParams, timeout: 300_000 } : { method, json: options.json, searchParams };
    const body = await http(path, request).json<{ data: T }>();
    return body.data;
  } catch (error) {
    if (error instanceof HTTPError) {
      const body = ((await error.response.json().catch(() => undefined)) ?? {}) as { msg?: string; data?: unknown };
      if (error.response.status === 401 && !path.startsWith('login')) onSessionEnded();
      throw new StaffApiError(error.response.status, body.msg ?? error.message, body.data ?? null);
    }
    throw new StaffApiError(0, '');
  }
}

export const get = <T>(path: string, searchParams?: Record<string, string | number | boolean | undefined>) => call<T>('get', path, { searchParams });
export const post = <T>(path: string, json: unknown = {}) => call<T>('post', path, { json });
export const put = <T>(path: string, json: unknown) => call<T>('put', path, { json });
/** A file as the request's body, as it is (a list file): never read into JSON by the page or the server. */
export const upload = <T>(path: string, file: Blob, searchParams: Record<string, string>) => call<T>('post', path, { body: file, contentType: 'application/octet-stream', searchParams });
/** A document's address: the browser fetches it with the cookie, the server stamps and audits it. */
export const documentUrl = (caseId: string, ref: string) => `/staff/applications/${encodeURIComponent(caseId)}/documents/${encodeURIComponent(ref)}`;

/** A decided case's evidence pack (a ZIP), downloaded with the cookie; the server audits it. */
export const evidencePackUrl = (caseId: string) => `/staff/applications/${encodeURIComponent(caseId)}/evidence-pack`;

/** What to tell the reviewer about a failed call: the server's message, else "no connection". */
export const failureMessage = (caught: unknown, t: (key: string) => string) => (caught instanceof StaffApiError && caught.message ? caught.message : t('error.network'));
