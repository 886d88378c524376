// A second applicant replays every request the first one makes, word for word but with their own
// session, each the moment the first one has made it (while a draft is still a draft and a link still
// unused): the first one's login, uploads, identity check (on the PC and the handed-over phone),
// saves, reads, payment and submission, and once their account is open, a market added. Written from
// outside the routes' own checks: whatever a route does with the ids it is given, no replay may answer
// with the first applicant's personal data or files, hand the replayer a session, change any row the
// first applicant owns, or fail with a 500. Every applicant route the server declares is replayed or
// named below with the reason it is not, so a new route is judged here before it ships.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications } from '../src/db/schema.ts';
import { SESSION_COOKIE } from '../src/http/session.ts';
import { STEP_CODES, answers, fill, pngBytes, submitAll, upload } from './fixtures.ts';
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
  'GET /passport/login-countries': 'the calling codes login codes go to, the same for everyone',
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
  'POST /passport/session/keep': "keeps the caller's own session alive (applicant-sessions.test.ts); it reads and writes no one else's",
  'POST /ekyc/handoff/confirm': "the PC answers for its phone's check, on the caller's own application (handoffs.test.ts: a phone's session is refused, a disowned check never counts)",
  'GET /money/ghl/return': "the gateway's signed return (ghl.contract.test.ts)",
  'POST /money/ghl/return': "the gateway's signed return (ghl.contract.test.ts)",
  'POST /money/ghl/callback': "the gateway's signed callback (ghl.contract.test.ts)",
  'POST /kh/account/apply/channelPaymentInfoSubmit': "confirms a payment named by the caller's own application (apply.test.ts)",
};

/** A route template as a pattern over paths. */
const patternOf = (template: string) => new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}$`);

interface Sent {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body?: BodyInit;
  /** What the first applicant was answered, when it was a document (an image or a PDF). */
  document?: Buffer;
}

/**
 * Runs `journey`, handing each request it makes to the server (answered first) to `replay`. The
 * development outbox the test reads codes from is the test's, not the applicant's: left alone.
 */
async function replayingEach(journey: () => Promise<void>, replay: (sent: Sent) => Promise<void>): Promise<void> {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input);
    const answer = await realFetch(input, init);
    if (url.origin === new URL(server.baseUrl).origin && !url.pathname.startsWith('/dev/')) {
      const { cookie: _, ...headers } = (init.headers ?? {}) as Record<string, string>;
      const document = isDocument(answer) ? Buffer.from(await answer.clone().arrayBuffer()) : undefined;
      globalThis.fetch = realFetch;
      try {
        await replay({ method: init.method ?? 'GET', url, headers, body: init.body ?? undefined, document });
      } finally {
        globalThis.fetch = replaying;
      }
    }
    return answer;
  }) as typeof fetch;
  const replaying = globalThis.fetch;
  try {
    await journey();
  } finally {
    globalThis.fetch = realFetch;
  }
}

const isDocument = (response: Response) => response.ok && /^(image|application\/pdf)/.test(response.headers.get('content-type') ?? '');

/** Every row the member with this phone number owns, as the database holds it (sessions by id only: a read moves their last-seen time). */
async function rowsOf(mobile: string): Promise<unknown> {
  const owned = (table: string) => sql.raw(`(select coalesce(json_agg(t order by t::text), '[]') from ${table} t where t.member_id = m.id)`);
  const result = await server.database.db.execute(sql`
    select m as member, ${owned('applications')} as applications, ${owned('supplements')} as supplements, ${owned('ekyc_checks')} as checks,
      ${owned('payments')} as payments, ${owned('files')} as files,
      (select coalesce(json_agg(c order by c.kind), '[]') from member_claims c where c.member_id = m.id) as claims,
      (select coalesce(json_agg(s order by s.application_id, s.step_id), '[]') from application_steps s join applications a on a.id = s.application_id where a.member_id = m.id) as steps,
      (select coalesce(json_agg(s.id order by s.id), '[]') from sessions s where s.member_id = m.id) as sessions
    from members m where m.mobile = ${mobile}`);
  return (result as unknown as { rows: unknown[] }).rows;
}

/** What the first applicant has on the server, read by them. */
async function holdings(c: Client, supplementId: string) {
  const steps: Record<string, unknown> = {};
  for (const [step, fillStep] of Object.entries(STEP_CODES)) {
    steps[step] = (await c.post('/kh/account/apply/fetch-data', { fillStep, relatedType: 'INIT' })).body;
    steps[`supplement ${step}`] = (await c.post('/kh/account/apply/fetch-data', { fillStep, relatedType: 'SUPPLEMENT', applyId: supplementId })).body;
  }
  return {
    check: (await c.post('/kh/account/apply/check')).body,
    record: (await c.post('/kh/account/apply/record')).body,
    markets: (await c.post('/kh/account/supplement/check')).body,
    steps,
    users: (await c.get('/passport/getUsers')).body,
  };
}

/** An account opened for Malaysia, as an approval leaves it. */
const openAccount = (applicationId: string) => server.database.db.update(applications).set({ status: 4, opened: 16, masClientCodeActive: true }).where(eq(applications.id, applicationId));

describe("a second applicant replaying the first one's requests as they are made", () => {
  it('gets none of their data or files, no session, changes no row of theirs, and never a 500', { timeout: 180_000 }, async () => {
    const mobile = '131700001';
    const name = 'SITI AMINAH BINTI OSMAN';
    // The second applicant, with an account of their own: a replay is not stopped by an account the first one has and they lack.
    const second = await login(server, '131700002');
    await openAccount((await second.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data.applyId);

    let first!: Client;
    let applyId = '';
    let supplementId = '';
    const files: string[] = [];
    // Every document they were answered (their files, their application's PDF): a replay answered with one is found by its bytes.
    const documents: Buffer[] = [];
    const data = answers(1701, { proof: '', statement: '', signature: '' }, mobile);
    Object.assign(data.personal, { regLine1: 'No 77, Jalan Rahsia Alpha' });
    Object.assign(data.work, { companyName: 'ALPHA SECRET SDN BHD', officePhone: '0377441122' });
    Object.assign(data.financial, { bankAccountNumber: '5566778899001' });
    const secrets = [String(data.identity.nricNumber), mobile, String(data.contact.email), String(data.contact.username), name, 'Jalan Rahsia Alpha', 'ALPHA SECRET', '0377441122', '5566778899001'];

    const replayed = new Set<string>();
    let replayerReadTheirOwn = false;
    let lastSeenByThem: Awaited<ReturnType<typeof holdings>> | undefined;
    const templates = server.routes.filter((r) => r.method !== 'HEAD' && !r.url.startsWith('/api/') && !r.url.startsWith('/staff'));
    await replayingEach(
      async () => {
        first = await login(server, mobile);
        applyId = (await first.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data.applyId;
        // Files of their own colour, not the second applicant's.
        for (const color of [0xaa1122ff, 0x11aa22ff, 0x2211aaff]) {
          const uploaded = await upload(first, await pngBytes(64, 48, color));
          expect(uploaded.status).toBe(200);
          files.push(uploaded.body.data.filepath);
          expect((await first.get('/pdp/preview', { relativePath: uploaded.body.data.filepath })).status).toBe(200);
          expect((await first.get('/pdp/info', { relativePath: uploaded.body.data.filepath })).status).toBe(200);
        }
        Object.assign(data.work, { incomeProof: files[0] });
        Object.assign(data.financial, { bankStatement: files[1] });
        Object.assign(data.signature, { signature: files[2] });
        Object.assign(data.documentUpload, { idFront: files[0], idBack: files[1] });
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
        expect((await first.request('GET', '/kh/account/apply/application-pdf')).status).toBe(200);
        expect((await first.form('/passport/login/check', {})).status).toBe(200);
        // Their account opens (the review itself is the console's tests'), and they add Hong Kong.
        await openAccount(applyId);
        supplementId = (await first.post('/kh/account/supplement/create', {}, { market: '1' })).body.data.applyId;
        expect((await first.get('/kh/account/apply/queryPaymentType', { applyId: supplementId, relatedType: 'SUPPLEMENT' })).status).toBe(200);
        for (const step of ['agreement', 'signature'] as const) expect((await fill(first, step, data[step], { relatedType: 'SUPPLEMENT', applyId: supplementId })).status).toBe(200);
        expect((await first.post('/kh/account/supplement/submit', { applyId: supplementId, marketType: 1 })).body.data).toMatchObject({ status: 2 });
        for (const path of ['/account/customer-info/query-information', '/account/fund-account/query-information']) expect((await first.get(path)).status).toBe(200);
        lastSeenByThem = await holdings(first, supplementId);
        expect((await first.post('/passport/logout')).status).toBe(200);
      },
      async (sent) => {
        if (sent.document) documents.push(sent.document);
        const route = templates.find((r) => r.method === sent.method && patternOf(r.url).test(sent.url.pathname));
        const routeName = route ? `${route.method} ${route.url}` : `${sent.method} ${sent.url.pathname}`;
        replayed.add(routeName);
        const before = await rowsOf(mobile);
        const response = await fetch(sent.url, { method: sent.method, headers: { ...sent.headers, cookie: second.cookie }, body: sent.body, redirect: 'manual' });
        const body = Buffer.from(await response.arrayBuffer());
        if (routeName === 'POST /kh/account/apply/check' && response.status === 200) replayerReadTheirOwn = true;
        const said = `${sent.url}${typeof sent.body === 'string' ? sent.body : ''}`;
        const what = `${sent.method} ${sent.url.pathname}${sent.url.search} -> ${response.status}`;
        expect(response.status, what).toBeLessThan(500);
        // Nobody's session is handed to the replayer (the login's code, the phone's link, a token).
        expect(response.headers.getSetCookie().filter((line) => line.startsWith(`${SESSION_COOKIE}=`) && !line.startsWith(`${SESSION_COOKIE}=;`)), what).toEqual([]);
        expect(await rowsOf(mobile), `${what} changed what the first applicant holds`).toEqual(before);
        // The provider's and the gateway's pages are theirs, opened by the link they gave (its token), not by a session of ours.
        if (sent.url.pathname.startsWith('/sandbox/')) return;
        const text = body.toString('latin1');
        for (const secret of secrets) if (!said.includes(secret)) expect(text, `${what} answers ${secret}`).not.toContain(secret);
        for (const document of documents) expect(body.equals(document), `${what} answers a document of theirs`).toBe(false);
        if ([applyId, supplementId, ...files].some((id) => id && said.includes(id))) expect(isDocument(response), `${what} answers a document`).toBe(false);
      },
    );

    // The replays ran as the second applicant, logged in: their own application was read.
    expect(replayerReadTheirOwn).toBe(true);
    // What the first applicant last saw of their own is what they see now, after the replays of those reads and their logout.
    first = client(server);
    expect((await first.form('/passport/login', { mobile, countryCode: '60', password: 'sandbox' })).status).toBe(200);
    const seen = await holdings(first, supplementId);
    expect(seen).toEqual(lastSeenByThem);
    expect(JSON.stringify(seen.check)).toContain(applyId);
    expect(seen.steps['supplement signature']).toMatchObject({ data: { signImgPath: files[2], _revision: 1 } });

    // Every applicant route is replayed above, public, or named with where it is tested instead.
    const unjudged = templates.map((r) => `${r.method} ${r.url}`).filter((route) => !replayed.has(route) && !(route in PUBLIC) && !(route in NOT_REPLAYED));
    expect(unjudged).toEqual([]);
    const stale = Object.keys(NOT_REPLAYED).filter((route) => replayed.has(route));
    expect(stale, 'replayed now: take them out of NOT_REPLAYED').toEqual([]);
  });
});
