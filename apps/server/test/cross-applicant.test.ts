// A second applicant replays every request the first one made, word for word but with their own
// session: the first one's login, uploads, identity check (on the PC and the handed-over phone),
// saves, reads, payment and submission. Written from outside the routes' own checks: whatever a
// route does with the ids it is given, no replay may answer with the first applicant's personal data
// or files, make the replayer anyone else, change anything the first applicant holds, or fail with
// a 500. Every applicant route the server declares is replayed or named below with the reason it is
// not, so a new route is judged here before it ships.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/http/session.ts';
import { STEP_CODES, answers, pngBytes, submitAll, upload, type FormStep } from './fixtures.ts';
import { client, login, startServer, type Client, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** Routes anyone may call and that hold nothing of an applicant's: configuration, dictionaries, health. */
const PUBLIC: Record<string, string> = {
  'GET /healthz': 'health',
  'GET /readyz': 'health',
  'GET /version': 'the build',
  'GET /metrics': 'counters, no applicant',
  'GET /assets/*': "the web app's files",
  'GET /console/assets/*': "the console's files",
  'GET /dev/config': 'development only: the settings a developer runs with',
  'GET /dev/openapi.json': 'the API description',
  'GET /kh/account/schema/steps/:stepId': 'a step document, the same for everyone',
  'GET /kh/account/schema/validators/:stepId/:file': "a step's validator code",
  'GET /pdp/dict/app-config/app/commons/multiple-value': 'app settings',
  'GET /pdp/dict/app-config/app/urls/multiple-value': 'app links',
  'GET /pdp/dict/countries/base': 'the country list',
  'POST /pdp/dict/code-value/batch/queryList': 'dictionaries',
  'GET /pdp/region/info': 'the region list',
  'GET /pdp/doc/:id/contentV2': 'the public agreements (PDFs), numbered',
  'GET /sandbox/assets/:name': "the sandbox provider pages' images",
  'GET /passport/bot-check': 'whether a login asks for the bot check',
  'GET /plat/app/dr/before/open': "a dealer's representative by code: staff, not applicants",
  'POST /passport/reg/isRegisterUser': 'whether a number is registered (rate-limited; names no one)',
  'POST /pdp/error/report': 'error reports in (nothing read back)',
  'POST /pdp/uba/report': 'analytics events in (nothing read back)',
  'GET /kh/account/apply/rpp-switch': 'a switch, the same for everyone',
  'POST /pdp/position/images': "the sample images shown beside an upload, the same for everyone",
};

/** Applicant routes the journey below does not reach, and where their ownership is tested instead. */
const NOT_REPLAYED: Record<string, string> = {
  'GET /dev/mail': "development only: every member's mail (not served in production: production.test.ts)",
  'GET /dev/outbox': 'development only: the SMS outbox (not served in production: production.test.ts)',
  'POST /passport/login': 'a password login (development members); the code login below is replayed',
  'POST /passport/mobile/modify': "needs a code sent to the new number, checked against the caller's own session (passport.test.ts)",
  'POST /pdp/finance-file/upload': "an upload like /pdp/upload, into the caller's own files (services.test.ts)",
  'POST /ekyc/zoloz/real-id/init': "the second provider's check, on the same relateId ownership as ctos/init (handoffs.test.ts)",
  'POST /ekyc/zoloz/real-id/check-result': "the second provider's result, on the same ownership as ctos/check-result (handoffs.test.ts)",
  'GET /ekyc/zoloz/real-id/return/:id': "the provider's return, signed by its token (zoloz.contract.test.ts)",
  'POST /ekyc/handoff/continue': 'the PC goes on after the phone (handoffs.test.ts: another application is 403)',
  'POST /ekyc/handoff/finish': 'the phone says it is done (handoffs.test.ts)',
  'POST /kh/account/supplement/check': "an approved member's markets, the caller's own (services.test.ts)",
  'POST /kh/account/supplement/create': "opens a market for the caller's own approved account (services.test.ts, concurrency.test.ts)",
  'POST /kh/account/supplement/submit': "submits the caller's own supplement (services.test.ts, review-console.test.ts)",
  'GET /money/ghl/return': "the gateway's signed return (ghl.contract.test.ts)",
  'POST /money/ghl/return': "the gateway's signed return (ghl.contract.test.ts)",
  'POST /money/ghl/callback': "the gateway's signed callback (ghl.contract.test.ts)",
  'POST /kh/account/apply/channelPaymentInfoSubmit': "confirms a payment named by the caller's own application (apply.test.ts)",
  'GET /account/fund-account/query-information': "the caller's own trading account, once approved (services.test.ts)",
  'GET /account/customer-info/query-information': "the caller's own markets, once approved (services.test.ts)",
};

/** A route template as a pattern over paths. */
const patternOf = (template: string) => new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}$`);

interface Recorded {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: BodyInit;
}

/** Every request to the server while `run` goes on, as it was sent (the cookie left out). */
async function recording(run: () => Promise<void>): Promise<Recorded[]> {
  const made: Recorded[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input);
    // The development outbox the test reads codes from is the test's, not the applicant's (not served in production).
    if (url.origin === new URL(server.baseUrl).origin && !url.pathname.startsWith('/dev/')) {
      const { cookie: _, ...headers } = (init.headers ?? {}) as Record<string, string>;
      made.push({ method: init.method ?? 'GET', url, headers, body: init.body ?? undefined });
    }
    return realFetch(input, init);
  }) as typeof fetch;
  try {
    await run();
  } finally {
    globalThis.fetch = realFetch;
  }
  return made;
}

/** What the first applicant has on the server, read by them. */
async function holdings(c: Client) {
  const steps: Record<string, unknown> = {};
  for (const [step, fillStep] of Object.entries(STEP_CODES)) steps[step] = (await c.post('/kh/account/apply/fetch-data', { fillStep, relatedType: 'INIT' })).body;
  return { check: (await c.post('/kh/account/apply/check')).body, record: (await c.post('/kh/account/apply/record')).body, steps, users: (await c.get('/passport/getUsers')).body };
}

const textOf = (body: unknown) => (Buffer.isBuffer(body) ? body.toString('latin1') : typeof body === 'string' ? body : JSON.stringify(body));

describe("a second applicant replaying the first one's requests", () => {
  it('gets none of their data or files, becomes no one else, changes nothing of theirs, and never a 500', { timeout: 180_000 }, async () => {
    const mobile = '131700001';
    const name = 'SITI AMINAH BINTI OSMAN';
    let first!: Client;
    let applyId = '';
    let data!: Record<FormStep, Record<string, unknown>>;
    const files: string[] = [];
    const journey = await recording(async () => {
      first = await login(server, mobile);
      applyId = (await first.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data.applyId;
      // Files of their own colour: a replay answered with one of them is found by its bytes.
      for (const color of [0xaa1122ff, 0x11aa22ff, 0x2211aaff]) {
        const uploaded = await upload(first, await pngBytes(64, 48, color));
        expect(uploaded.status).toBe(200);
        files.push(uploaded.body.data.filepath);
      }
      for (const path of files) {
        expect((await first.get('/pdp/info', { relativePath: path })).status).toBe(200);
        expect((await first.get('/pdp/preview', { relativePath: path })).status).toBe(200);
      }
      data = answers(1701, { proof: files[0]!, statement: files[1]!, signature: files[2]! }, mobile);
      Object.assign(data.personal, { regLine1: 'No 77, Jalan Rahsia Alpha' });
      Object.assign(data.work, { companyName: 'ALPHA SECRET SDN BHD', officePhone: '0377441122' });
      Object.assign(data.financial, { bankAccountNumber: '5566778899001' });
      // The PC hands the identity check to a phone, which opens the link.
      const { url } = (await first.form('/ekyc/handoff', { relateType: 'INIT', relateId: applyId })).body.data as { url: string };
      expect((await client(server).get(new URL(url).pathname)).status).toBeLessThan(400);
      expect((await first.get('/kh/account/apply/queryPaymentType', { applyId })).status).toBe(200);
      // The gateway's page for an order of theirs (submitAll pays a second one).
      const order = (await first.post('/money/payment/ghl/applyPay', { relateId: applyId, merchantReturnURL: '/payment/transit' })).body.data.result as { redirectUrl: string };
      expect((await first.get(new URL(order.redirectUrl).pathname)).status).toBe(200);
      await submitAll(first, applyId, data, {}, { name });
      for (const path of ['/ekyc/rest-api/ctos/fetch-ekyc-status', '/ekyc/rest-api/ctos/check-result']) expect((await first.form(path, { relateType: 'INIT', relateId: applyId })).status).toBe(200);
      expect((await first.post('/money/payment/ghl/queryPay', { relateId: applyId, merchantReturnURL: '/payment/transit' })).status).toBe(200);
      await holdings(first);
      expect((await first.request('GET', '/kh/account/apply/application-pdf')).status).toBe(200);
      expect((await first.form('/passport/login/check', {})).status).toBe(200);
      expect((await first.post('/passport/logout')).status).toBe(200);
    });
    // Back in (a second code within the minute is refused): the development password login.
    first = client(server);
    expect((await first.form('/passport/login', { mobile, countryCode: '60', password: 'sandbox' })).status).toBe(200);
    const fileBytes = await Promise.all(files.map(async (path) => (await first.get('/pdp/preview', { relativePath: path })).body as Buffer));
    const before = await holdings(first);
    const secrets = [String(data.identity.nricNumber), mobile, String(data.contact.email), String(data.contact.username), name, 'Jalan Rahsia Alpha', 'ALPHA SECRET', '0377441122', '5566778899001'];
    // The first applicant's ids: a replay naming one answers no file of theirs.
    const theirIds = [applyId, ...files];

    const second = await login(server, '131700002');
    expect((await second.post('/kh/account/apply/create', { relatedType: 'INIT' })).status).toBe(200);
    const replayed = new Set<string>();
    let replayerRead = 0;
    const templates = server.routes.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/') && !r.url.startsWith('/staff'));
    for (const request of journey) {
      const route = templates.find((r) => r.method === request.method && patternOf(r.url).test(request.url.pathname));
      if (route) replayed.add(`${route.method} ${route.url}`);
      const response = await fetch(request.url, { method: request.method, headers: { ...request.headers, cookie: second.cookie }, body: request.body, redirect: 'manual' });
      if (request.url.pathname === '/kh/account/apply/check') replayerRead = response.status;
      const body = Buffer.from(await response.arrayBuffer());
      const sent = `${request.url}${typeof request.body === 'string' ? request.body : ''}`;
      const what = `${request.method} ${request.url.pathname}${request.url.search} -> ${response.status}`;
      expect(response.status, what).toBeLessThan(500);
      // Nobody's session is handed to the replayer (the login's code, the phone's link, a token).
      expect(response.headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE}=`) && !line.startsWith(`${SESSION_COOKIE}=;`)), what).toEqual([]);
      const text = body.toString('latin1');
      for (const secret of secrets) if (!sent.includes(secret)) expect(text, `${what} answers ${secret}`).not.toContain(secret);
      for (const bytes of fileBytes) expect(body.equals(bytes), `${what} answers one of their files`).toBe(false);
      if (theirIds.some((id) => sent.includes(id)) && response.ok) expect(response.headers.get('content-type') ?? '', `${what} answers a document`).not.toMatch(/^(image|application\/pdf)/);
    }

    // The replays ran as the second applicant, logged in: their own application was read.
    expect(replayerRead).toBe(200);

    // Nothing the first applicant holds has changed, and their session still works.
    expect(await holdings(first)).toEqual(before);
    expect(textOf(before.check)).toContain(applyId);

    // Every applicant route is replayed above, public, or named with where it is tested instead.
    const unjudged = templates.map((r) => `${r.method} ${r.url}`).filter((route) => !replayed.has(route) && !(route in PUBLIC) && !(route in NOT_REPLAYED));
    expect(unjudged).toEqual([]);
    const stale = Object.keys(NOT_REPLAYED).filter((route) => replayed.has(route));
    expect(stale, 'replayed now: take them out of NOT_REPLAYED').toEqual([]);
  });
});
