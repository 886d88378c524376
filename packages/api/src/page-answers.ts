// Answers the server gives with a logged-in page: it asks its own API what the app's boot will ask
// (boot-requests.ts) and writes the answers into the page, so a reload mid-flow paints its step without
// a round trip (on a slow phone network each costs 0.6 s). The app answers a call from them only when
// it asks the very same request (method, path, query, language, body), once; the rest is dropped when
// its first page shows. apps/server/src/pages/page-answers.ts writes them, apps/web services.ts reads them.
import type { ApiClient, CallOptions, WireRequest } from './client.ts';
import { wireRequest } from './client.ts';

/** The id of the page's `<script type="application/json">` holding the answers. */
export const PAGE_ANSWERS_ELEMENT = 'kh-page-answers';

/** The answers as the page's data block: JSON with every `<` escaped, so no answer can close the element. */
export function pageAnswersElement(answers: Record<string, unknown>): string {
  return `<script type="application/json" id="${PAGE_ANSWERS_ELEMENT}">${JSON.stringify(answers).replace(/</g, '\\u003c')}</script>`;
}

/** The answers in a page's data block, or none when it has none or it cannot be read. */
export function readPageAnswers(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const answers: unknown = JSON.parse(text);
    return answers && typeof answers === 'object' && !Array.isArray(answers) ? (answers as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A client that sends nothing: it writes down each request the endpoints would send (the server
 * lists the boot's requests with the app's own endpoints). Its calls never settle.
 */
export function recordingClient(addressing: { prefix: string; language: string }, record: (request: WireRequest) => void): ApiClient {
  const options = { baseUrl: '', prefix: addressing.prefix, language: () => addressing.language };
  return {
    call: <T>(path: string, call?: CallOptions) => (record(wireRequest(options, path, call)), new Promise<T>(() => undefined)),
    url: (path, query) => wireRequest(options, path, { method: 'GET', query }).url,
    currentTimeoutMs: () => 0,
  };
}
