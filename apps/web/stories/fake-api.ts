// A fetch double for the stories: the app's /api calls are answered from the story's table, in the
// server's envelope, so the real pages run with their real API client and nothing leaves the page.
export type Answer = unknown;
export type Route = Answer | ((request: { body: unknown; query: URLSearchParams }) => Answer | Promise<Answer>);
export type FakeApi = Record<string, Route>;

/** A refusal, as the server sends it: HTTP status, code and message. */
export class Refusal {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly msg: string,
  ) {}
}

/** An answer that never comes (a request still on its way). */
export const neverAnswered = (): Promise<never> => new Promise<never>(() => undefined);

const envelope = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Installs the double; the returned function puts the real fetch back. Paths are the app's, without /api. */
export function installFakeApi(routes: FakeApi): () => void {
  const real = window.fetch;
  window.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/api/')) return real(input, init);
    const path = url.pathname.slice('/api'.length);
    // Unless a story says otherwise, every step is drawn from the build-time schema (version 0).
    const bundledStep = /^\/kh\/account\/schema\/steps\/(\w+)$/.exec(path);
    const route = routes[path] ?? (bundledStep ? { stepId: bundledStep[1], version: 0, document: null, translations: {}, validator: null } : undefined);
    if (route === undefined) return envelope(404, { success: false, code: '404', msg: `The story has no answer for ${url.pathname}`, data: null });
    const body = request.method === 'GET' ? undefined : await request.clone().json().catch(() => undefined);
    const answer = typeof route === 'function' ? await route({ body, query: url.searchParams }) : route;
    // A document (a PDF) goes out as it is, not in the envelope.
    if (answer instanceof Response) return answer;
    if (answer instanceof Refusal) return envelope(answer.status, { success: false, code: answer.code, msg: answer.msg, data: null });
    return envelope(200, { success: true, code: '0', msg: '', data: answer });
  };
  return () => void (window.fetch = real);
}

/** Story hook: installs the double from the story's `parameters.api`, and removes it afterwards. */
export const withFakeApi = ({ parameters }: { parameters: { api?: FakeApi } }) => installFakeApi(parameters.api ?? {});
