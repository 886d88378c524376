// The client's conventions over real HTTP (SPEC §7, §8, §9).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES, flattenMessages, resources } from '@kh/i18n';
import { API_LIMITS, ApiError, ERROR_CATALOGUE, createApiClient, createEndpoints, createToastStore, canonicalString, hmacSha256, type ApiClientOptions } from '../src/index.ts';
import { envelope, fail, ok, sleep, startServer } from './server.ts';

let server: Awaited<ReturnType<typeof startServer>>;
let flaky = 0;

beforeAll(async () => {
  server = await startServer({
    '/api/echo': (req, res) => envelope(res, 200, ok({ method: req.method, query: Object.fromEntries(req.url.searchParams), body: req.body, contentType: req.headers['content-type'] })),
    '/api/slow': async (req, res) => {
      await sleep(Number(req.url.searchParams.get('ms')));
      envelope(res, 200, ok('late'));
    },
    '/api/flaky': (_req, res) => (flaky++ === 0 ? envelope(res, 503, fail(503, 'busy')) : envelope(res, 200, ok('second time'))),
    '/api/always503': (_req, res) => envelope(res, 503, fail(503)),
    '/api/code': (req, res) => envelope(res, 200, fail(req.url.searchParams.get('code')!, 'server says no')),
    '/api/success-code': (req, res) => envelope(res, 200, { success: false, code: req.url.searchParams.get('code'), msg: '', data: 'fine' }),
    '/api/status': (req, res) => envelope(res, Number(req.url.searchParams.get('status')), fail(Number(req.url.searchParams.get('status')))),
    '/api/html': (_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    },
  });
});
afterAll(() => server.close());

function client(extra: Partial<ApiClientOptions> = {}) {
  const toasts = createToastStore();
  const logins: string[] = [];
  const api = createApiClient({ baseUrl: server.baseUrl, prefix: '/api', language: () => 'zh-HK', toasts, onLoginRequired: (code) => logins.push(code), ...extra });
  return { api, toasts, logins };
}

describe('conventions of SPEC §7', () => {
  it('appends the language query parameter on every call', async () => {
    const { api } = client();
    const data = await api.call<{ query: Record<string, string> }>('/echo', { query: { a: 1 } });
    expect(data.query).toEqual({ a: '1', language: 'zh-HK' });
  });
  it('sends JSON by default', async () => {
    const data = await client().api.call<{ body: string; contentType: string }>('/echo', { json: { fillStep: 2003, data: { name: 'TAN' } } });
    expect(data.contentType).toContain('application/json');
    expect(JSON.parse(data.body)).toEqual({ fillStep: 2003, data: { name: 'TAN' } });
  });
  it('sends form-encoded bodies with arrays JSON-stringified', async () => {
    const data = await client().api.call<{ body: string; contentType: string }>('/echo', { form: { categories: ['Gender', 'Race'], mobile: '123' } });
    expect(data.contentType).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(data.body))).toEqual({ categories: '["Gender","Race"]', mobile: '123' });
  });
  it('accepts the success codes 10010000, 10000000 and 0', async () => {
    for (const code of ['10010000', '10000000', '0']) expect(await client().api.call('/success-code', { query: { code } })).toBe('fine');
  });
});

describe('timeout: default 6000 ms, adaptive (factor 1.5, min 6000, max 15000)', () => {
  it('uses the SPEC defaults', () => {
    expect(API_LIMITS.timeout).toEqual({ defaultMs: 6000, factor: 1.5, minMs: 6000, maxMs: 15000 });
    expect(client().api.currentTimeoutMs()).toBe(6000);
  });
  it('a slow endpoint times out at the adaptive limit (scaled down: 200-500 ms)', async () => {
    const { api, toasts } = client({ timeout: { initialMs: 200, factor: 1.5, minMs: 200, maxMs: 500 } });
    const started = Date.now();
    await expect(api.call('/slow', { query: { ms: 450 } })).rejects.toMatchObject({ code: 'ECONNABORTED' });
    const tookMs = Date.now() - started;
    expect(tookMs).toBeGreaterThanOrEqual(190);
    expect(tookMs).toBeLessThan(440);
    expect(toasts.get().map((t) => t.messageKey)).toEqual(['errors.timeout']);
    // After a timeout the limit widens (×1.5, within the maximum), so the same slow call now gets through.
    expect(api.currentTimeoutMs()).toBe(300);
    await expect(api.call('/slow', { query: { ms: 250 } })).resolves.toBe('late');
    expect(api.currentTimeoutMs()).toBeGreaterThanOrEqual(375);
  });
});

describe('retry: one retry with a base delay of 2060 ms, for idempotent calls only', () => {
  it('a 503 on an idempotent call is retried once after about 2 s', async () => {
    flaky = 0;
    const before = server.seen.length;
    const started = Date.now();
    await expect(client().api.call('/flaky', { method: 'GET' })).resolves.toBe('second time');
    const attempts = server.seen.slice(before).filter((s) => s.url.pathname === '/api/flaky');
    expect(attempts).toHaveLength(2);
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(2000);
    expect(Date.now() - started).toBeLessThan(4000);
  });
  it('retries only once', async () => {
    const before = server.seen.length;
    await expect(client({ retryDelayMs: 50 }).api.call('/always503', { method: 'GET' })).rejects.toMatchObject({ code: '503' });
    expect(server.seen.slice(before).filter((s) => s.url.pathname === '/api/always503')).toHaveLength(2);
  });
  it('a POST that is not idempotent is not retried', async () => {
    flaky = 0;
    const before = server.seen.length;
    await expect(client({ retryDelayMs: 50 }).api.call('/flaky', { json: { x: 1 } })).rejects.toBeInstanceOf(ApiError);
    expect(server.seen.slice(before).filter((s) => s.url.pathname === '/api/flaky')).toHaveLength(1);
  });
});

describe('duplicate cancelling: a repeated request to the same URL within 60 s is cancelled unless exempt', () => {
  it('a double tap makes one request; the duplicate is cancelled silently', async () => {
    const { api, toasts } = client();
    const before = server.seen.length;
    const first = api.call('/slow', { query: { ms: 100 }, json: { submit: true } });
    const second = api.call('/slow', { query: { ms: 100 }, json: { submit: true } });
    await expect(second).rejects.toMatchObject({ code: 'Cancellation Request' });
    await expect(first).resolves.toBe('late');
    expect(server.seen.slice(before)).toHaveLength(1);
    expect(toasts.get()).toEqual([]);
  });
  it('departs from SPEC deliberately: the same URL with another body is not a duplicate (two steps saved in a row share fill-data)', async () => {
    const { api } = client();
    const before = server.seen.length;
    const saves = [api.call('/slow', { query: { ms: 80 }, json: { fillStep: 2003 } }), api.call('/slow', { query: { ms: 80 }, json: { fillStep: 2004 } })];
    await expect(Promise.all(saves)).resolves.toEqual(['late', 'late']);
    expect(server.seen.slice(before)).toHaveLength(2);
  });
  it('an exempt call is not cancelled', async () => {
    const { api } = client();
    const calls = [api.call('/slow', { query: { ms: 50 }, exempt: true }), api.call('/slow', { query: { ms: 50 }, exempt: true })];
    await expect(Promise.all(calls)).resolves.toEqual(['late', 'late']);
  });
  it('the same request after the first has finished goes through', async () => {
    const { api } = client();
    await api.call('/echo', { query: { n: 1 } });
    await expect(api.call('/echo', { query: { n: 1 } })).resolves.toBeTruthy();
  });
});

describe('error catalogue of SPEC §8', () => {
  it('every catalogue code maps to a message in all three languages', () => {
    for (const lang of LANGUAGES) {
      const keys = new Map(flattenMessages(resources[lang] as unknown as Record<string, unknown>));
      for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) expect(keys.get(entry.messageKey), `${code} in ${lang}`).toBeTruthy();
    }
  });
  it.each(['10010001', '10010002', '10010003', '10010004', '10010005', '10010007'])('apiError code %s shows "service abnormal"', async (code) => {
    const { api, toasts } = client();
    await expect(api.call('/code', { query: { code } })).rejects.toMatchObject({ code, serverMessage: 'server says no' });
    expect(toasts.get().map((t) => t.messageKey)).toEqual(['errors.apiError']);
  });
  it.each([
    [400, 'errors.http400'],
    [404, 'errors.http404'],
    [500, 'errors.http500'],
    [501, 'errors.http501'],
  ])('HTTP %s shows %s', async (status, key) => {
    const { api, toasts } = client();
    await expect(api.call('/status', { query: { status } })).rejects.toMatchObject({ code: String(status), status });
    expect(toasts.get().map((t) => t.messageKey)).toEqual([key]);
  });
  it('a non-JSON error page gives the status code', async () => {
    await expect(client().api.call('/html')).rejects.toMatchObject({ code: '502' });
  });
  it('an unknown code shows the server message, or the default text', async () => {
    const { api, toasts } = client();
    await expect(api.call('/code', { query: { code: '99999' } })).rejects.toBeInstanceOf(ApiError);
    expect(toasts.get().map((t) => t.text)).toEqual(['server says no']);
  });
  it('Network Error when nothing answers', async () => {
    const { api, toasts } = client({ baseUrl: 'http://127.0.0.1:9' });
    await expect(api.call('/echo')).rejects.toMatchObject({ code: 'Network Error' });
    expect(toasts.get().map((t) => t.messageKey)).toEqual(['errors.network']);
  });
  it.each(['10010006', '10000006', 'api.unlogin'])('login code %s triggers login', async (code) => {
    const { api, logins } = client();
    await expect(api.call('/code', { query: { code } })).rejects.toMatchObject({ code });
    expect(logins).toEqual([code]);
  });
  it('401 triggers login', async () => {
    const { api, logins } = client();
    await expect(api.call('/status', { query: { status: 401 } })).rejects.toMatchObject({ code: '401' });
    expect(logins).toEqual(['401']);
  });
  it.each(['401', '10010006', '40071002', '20150023', '40011003', '40030405', 'payment record missing'])('silent code %s shows no toast', async (code) => {
    const { api, toasts } = client();
    await expect(api.call('/code', { query: { code } })).rejects.toBeInstanceOf(ApiError);
    expect(toasts.get()).toEqual([]);
  });
  it('10000006 and api.unlogin show the 401 message', async () => {
    const { api, toasts } = client();
    await expect(api.call('/code', { query: { code: '10000006' } })).rejects.toBeInstanceOf(ApiError);
    expect(toasts.get().map((t) => t.messageKey)).toEqual(['errors.http401']);
  });
});

describe('endpoints', () => {
  it('the dictionary call is form-encoded with arrays JSON-stringified, under /api/pdp', async () => {
    const seen: string[] = [];
    const probe = await startServer({
      '/api/pdp/dict/code-value/batch/queryList': (req, res) => {
        seen.push(req.body);
        envelope(res, 200, ok({ Gender: [] }));
      },
    });
    const endpoints = createEndpoints(createApiClient({ baseUrl: probe.baseUrl, prefix: '/api', language: () => 'en' }));
    await expect(endpoints.dictionary.codeValues(['Gender'])).resolves.toEqual({ Gender: [] });
    expect(Object.fromEntries(new URLSearchParams(seen[0]))).toEqual({ categories: '["Gender"]' });
    await probe.close();
  });
  it('send-auth-code asks the server for a nonce and signs with the key given with it, over the canonical fields', async () => {
    const seen: Record<string, string>[] = [];
    const probe = await startServer({
      '/api/passport/sms/auth-code/nonce': (_req, res) => envelope(res, 200, ok({ nonce: 'ab'.repeat(16), key: 'one-use-key', expiresInSeconds: 600 })),
      '/api/passport/sms/auth-code/send': (req, res) => {
        seen.push(Object.fromEntries(new URLSearchParams(req.body)));
        envelope(res, 200, ok({ sent: true, resendAfterSeconds: 60 }));
      },
    });
    const endpoints = createEndpoints(createApiClient({ baseUrl: probe.baseUrl, prefix: '/api', language: () => 'en' }));
    await endpoints.passport.sendAuthCode({ mobile: '123456789', countryCode: '60' });
    expect(seen[0]).toMatchObject({ mobile: '123456789', countryCode: '60', version: '1', saltVersion: '1', nonce: 'ab'.repeat(16) });
    const { signature, ...fields } = seen[0];
    expect(signature).toBe(await hmacSha256('one-use-key', canonicalString(fields)));
    await probe.close();
  });
  it('a failure carries the server\'s request id, for the error report', async () => {
    const probe = await startServer({
      '/api/kh/account/apply/check': (_req, res) => {
        res.setHeader('x-request-id', 'req-7');
        envelope(res, 500, { success: false, code: '500', msg: 'Server error', data: null });
      },
    });
    const endpoints = createEndpoints(createApiClient({ baseUrl: probe.baseUrl, prefix: '/api', language: () => 'en', retryDelayMs: 1 }));
    await expect(endpoints.apply.check()).rejects.toMatchObject({ name: 'ApiError', requestId: 'req-7' });
    await probe.close();
  });
  it('a refused nonce sends nothing', async () => {
    const sent: string[] = [];
    const probe = await startServer({
      '/api/passport/sms/auth-code/nonce': (_req, res) => envelope(res, 429, { success: false, code: '429', msg: 'Too many requests', data: null }),
      '/api/passport/sms/auth-code/send': (req, res) => {
        sent.push(req.body);
        envelope(res, 200, ok({ sent: true, resendAfterSeconds: 60 }));
      },
    });
    const endpoints = createEndpoints(createApiClient({ baseUrl: probe.baseUrl, prefix: '/api', language: () => 'en' }));
    await expect(endpoints.passport.sendAuthCode({ mobile: '1', countryCode: '60' })).rejects.toMatchObject({ name: 'ApiError' });
    expect(sent).toEqual([]);
    await probe.close();
  });
});
