// dictionary, file, help, analytics, supplement and account over real HTTP.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, applications, errorReports } from '../src/db/schema.ts';
import { client, login, startServer, type TestServer } from './harness.ts';
import { ConfigError, embedOriginsFrom } from '../src/config.ts';
import { answers, fill, pngBytes, upload, uploadedPath } from './fixtures.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
const db = () => server.database.db;

describe('dictionary', () => {
  it('code-value categories in three languages, form-encoded with a JSON array, with cache headers', async () => {
    const en = await client(server, 'en').form('/pdp/dict/code-value/batch/queryList', { categories: ['Gender', 'MaritalStatus'] });
    expect(en.body.data.Gender).toEqual([{ value: 1, label: 'Male' }, { value: 2, label: 'Female' }]);
    expect(en.headers.get('cache-control')).toBe('public, max-age=120');
    const hk = await client(server, 'zh-HK').form('/pdp/dict/code-value/batch/queryList', { categories: ['MaritalStatus'] });
    expect(hk.body.data.MaritalStatus[1]).toEqual({ value: 2, label: '已婚' });
    const ms = await client(server, 'ms').form('/pdp/dict/code-value/batch/queryList', { categories: ['Gender'] });
    expect(ms.body.data.Gender[0].label).toBe('Male');
  });
  it('every category of SPEC §3 is served', async () => {
    const categories = ['Relationship', 'InvestmentObjective', 'TotalNetWorth', 'SourceOfWealth', 'AnnualIncome', 'EmploymentStatus', 'EducationLevel', 'Industry', 'Position', 'Gender', 'MaritalStatus', 'IdentityType', 'Race', 'State', 'RiskTolerance', 'InvestmentTerm', 'EstimatedNetWorth', 'StockInvestment', 'ExistingCDS', 'NotTinReason', 'IslamicBank', 'Non-IslamicBank', 'FEA-RulesStatement', 'NoTIN-UnableReason', 'Agreement', 'RejectReason', 'Countries', 'CountriesWithoutMalaysia'];
    const res = await client(server).form('/pdp/dict/code-value/batch/queryList', { categories });
    expect(Object.keys(res.body.data).sort()).toEqual([...categories].sort());
    for (const category of categories) expect(res.body.data[category].length).toBeGreaterThan(0);
  });
  it('an unknown category is an envelope 400 naming it', async () => {
    const res = await client(server).form('/pdp/dict/code-value/batch/queryList', { categories: ['Ethnicity'] });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe('Unknown dictionary categories: Ethnicity');
  });
  it('real ISO countries with dialing codes', async () => {
    const res = await client(server, 'zh-CN').get('/pdp/dict/countries/base', { withTel: 'true' });
    expect(res.body.data.length).toBeGreaterThan(240);
    expect(res.body.data.find((c: { code: string }) => c.code === 'MYS')).toMatchObject({ name: '马来西亚', tel: '60' });
    expect(res.body.data.find((c: { code: string }) => c.code === 'SGP').tel).toBe('65');
  });
  it('the region info list (SPEC §3) is Malaysia\'s states, in the language asked', async () => {
    const regions = (await client(server, 'zh-HK').get('/api/pdp/region/info')).body.data as { code: string; name: string }[];
    expect(regions.length).toBeGreaterThanOrEqual(16);
    expect(regions.every((r) => /^\d{2}$/.test(r.code) && r.name.length > 0)).toBe(true);
    const english = (await client(server).get('/pdp/region/info')).body.data as { code: string; name: string }[];
    expect(english.map((r) => r.name)).toContain('Johor');
    expect(regions.map((r) => r.code)).toEqual(english.map((r) => r.code));
  });
  it('app config carries ctosValid, ghlValid and myCtosSpecialState, and the service phone and e-mail; urls are configurable', async () => {
    const configured = await startServer({ appConfig: { ctosValid: false, ghlValid: true, myCtosSpecialState: ['12'], rppEnabled: false }, service: { phone: '03-1234 5678', email: 'help@broker.example' } });
    const res = await client(configured).get('/api/pdp/dict/app-config/app/commons/multiple-value');
    expect(res.body.data.h5Config.kh).toEqual({ ctosValid: false, ghlValid: true, myCtosSpecialState: ['12'] });
    // SPEC §3: the service phone and e-mail, as the broker sets them.
    expect(res.body.data).toMatchObject({ servicePhone: '03-1234 5678', serviceEmail: 'help@broker.example' });
    // The links the app shows (SPEC §3: live chat, the bind-phone URL, the app download).
    expect((await client(configured).get('/pdp/dict/app-config/app/urls/multiple-value')).body.data).toEqual({ liveChat: expect.stringMatching(/^https:/), bindPhone: expect.any(String), appDownload: expect.stringMatching(/^https:/) });
    await configured.close();
  });
});

describe('file', () => {
  it('uploads an image, checked by content, and previews it to its owner', async () => {
    const c = await login(server, '125000001');
    const bytes = await pngBytes(120, 80);
    const res = await upload(c, bytes, 'front of id.png');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ originalFilename: 'front of id.png', mime: 'image/png' });
    const preview = await c.get('/pdp/preview', { relativePath: res.body.data.filepath });
    expect(preview.headers.get('content-type')).toBe('image/png');
    expect(Buffer.compare(preview.body, bytes)).toBe(0);
  });
  it('describes a saved upload to its owner only, under the name it was sent with', async () => {
    const c = await login(server, '125000011');
    const path = (await upload(c, await pngBytes(40, 40), 'bank statement.png')).body.data.filepath;
    const info = await c.get('/pdp/info', { relativePath: path });
    expect(info.body.data).toMatchObject({ filepath: path, originalFilename: 'bank statement.png', mime: 'image/png' });
    const other = await login(server, '125000012');
    expect((await other.get('/pdp/info', { relativePath: path })).status).toBe(404);
    expect((await c.get('/pdp/info', { relativePath: `../${path}` })).status).toBe(400);
  });
  it('stamps a watermark when asked', async () => {
    const c = await login(server, '125000002');
    const bytes = await pngBytes(400, 300, 0xffffffff);
    const path = (await upload(c, bytes)).body.data.filepath;
    const marked = await c.get('/pdp/preview', { relativePath: path, waterMark: 'true' });
    expect(marked.headers.get('content-type')).toBe('image/jpeg');
    // A white picture comes back with dark bands across it.
    const { data } = await sharp(marked.body as Buffer).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(Math.min(...data)).toBeLessThan(160);
  });
  it('refuses a file whose content is not an accepted type, whatever its name', async () => {
    const c = await login(server, '125000003');
    const res = await upload(c, Buffer.from('MZ\x90\x00 this is an executable'), 'statement.pdf', 'application/pdf');
    expect(res.status).toBe(400);
    expect(res.body.msg).toMatch(/bmp, jpg, jpeg, png, gif, webp, pdf/);
  });
  it('accepts a real PDF', async () => {
    const c = await login(server, '125000004');
    const pdf = (await client(server).get('/pdp/doc/3/contentV2')).body as Buffer;
    const res = await c.request('POST', '/pdp/finance-file/upload', { body: (() => { const f = new FormData(); f.append('file', new Blob([new Uint8Array(pdf)]), 'statement.pdf'); return f; })() });
    expect(res.body.data).toMatchObject({ mime: 'application/pdf' });
    expect(res.body.data.filepath).toMatch(/^finance\//);
  });
  it('refuses a file over the size limit with an envelope', async () => {
    const small = await startServer({ uploadLimitBytes: 1024 });
    const c = await login(small, '125000005');
    const res = await upload(c, await pngBytes(400, 400, 0x12345678));
    expect(res.status).toBe(413);
    expect(res.body.msg).toBe('The file is too large. The limit is 0 MB.');
    await small.close();
  });
  it('serves only the owner\'s files and refuses path traversal', async () => {
    const owner = await login(server, '125000006');
    const path = await uploadedPath(owner);
    const other = await login(server, '125000007');
    expect((await other.get('/pdp/preview', { relativePath: path })).status).toBe(404);
    for (const attempt of ['../../etc/passwd', '/etc/passwd', 'uploads/../../secret', 'uploads/%2e%2e/x']) {
      const res = await owner.get('/pdp/preview', { relativePath: attempt });
      expect([400, 404]).toContain(res.status);
      expect(res.body.success).toBe(false);
    }
    expect((await client(server).get('/pdp/preview', { relativePath: path })).status).toBe(401);
  });
  it('a request that is not multipart is refused clearly', async () => {
    const c = await login(server, '125000008');
    const res = await c.post('/pdp/upload', { file: 'x' });
    expect(res.status).toBe(400);
  });
});

describe('help: the legal documents as real PDFs', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('document %i is a PDF', async (id) => {
    const res = await client(server).get(`/pdp/doc/${id}/contentV2`);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect((res.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
  });
  it('position images answer a list', async () => {
    expect((await client(server).form('/pdp/position/images', { position: 'bankStatement' })).body.data).toEqual({ images: [] });
  });
  it('an unknown document is a 404 envelope', async () => {
    expect((await client(server).get('/pdp/doc/99/contentV2')).status).toBe(404);
  });
});

describe('analytics', () => {
  it('stores events under the session\'s member, and error reports', async () => {
    const c = await login(server, '125000010');
    const me = (await c.get('/passport/getUsers')).body.data.mid;
    await c.post('/pdp/uba/report', { channel: 'H5', memberId: 'someone-else', eventCode: 'page_view', eventValue: { page: 'personal', is_login: true } });
    const [event] = await db().select().from(analyticsEvents).where(eq(analyticsEvents.eventCode, 'page_view'));
    expect(event).toMatchObject({ channel: 'H5', memberId: me, eventValue: { page: 'personal', is_login: true } });
    // The browser names the request it saw fail by the X-Request-Id every answer carries.
    const failed = await c.post('/kh/account/apply/fill-data', { fillStep: 2000, relatedType: 'INIT', data: {} });
    const failedRequestId = failed.headers.get('x-request-id');
    expect(failedRequestId).toMatch(/^[0-9a-f-]{36}$/);
    await client(server).post('/pdp/error/report', { hsNo: 'C1', href: '/info/base', userAgent: 'test', applyId: 'A1', failedRequestId, message: 'boom' });
    const [report] = await db().select().from(errorReports).where(eq(errorReports.message, 'boom'));
    expect(report).toMatchObject({ hsNo: 'C1', href: '/info/base', applyId: 'A1', failedRequestId });
  });
  it('takes a page\'s events as one batch (the beacon), all or none, and no more than 50 at once', async () => {
    const c = await login(server, '125000013');
    const me = (await c.get('/passport/getUsers')).body.data.mid;
    const pages = ['contact', 'market', 'identity', 'personal'];
    const event = (n: number) => ({ channel: 'H5', eventCode: 'quit_view', eventValue: { page: pages[n % pages.length] } });
    const batch = await c.post('/pdp/uba/report', { events: [event(1), event(2), event(3)] });
    expect(batch.body.data).toEqual({ stored: 3 });
    const stored = await db().select().from(analyticsEvents).where(and(eq(analyticsEvents.eventCode, 'quit_view'), eq(analyticsEvents.memberId, me)));
    expect(stored.map((e) => (e.eventValue as { page: string }).page).sort()).toEqual(['identity', 'market', 'personal']);
    // A malformed event refuses the batch; so do an empty one and one too big.
    for (const events of [[event(4), { channel: 'H5' }], [], Array.from({ length: 51 }, (_, i) => event(i))]) expect((await c.post('/pdp/uba/report', { events })).status).toBe(400);
    expect(await db().select().from(analyticsEvents).where(and(eq(analyticsEvents.eventCode, 'quit_view'), eq(analyticsEvents.memberId, me)))).toHaveLength(3);
  });
  it('keeps out of the funnel what no event of the app says: free text, unknown fields and rules, versions never drawn', async () => {
    const c = await login(server, '125000014');
    const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
    const mine = (code: string) => db().select().from(analyticsEvents).where(eq(analyticsEvents.eventCode, code));
    const good = { channel: 'H5', eventCode: 'field_error', eventValue: { page: 'contact', version: 0, field: 'email', rule: 'validation.requiredEnter', source: 'page', is_login: true } };
    const attempts = [
      // The round-3 report: a field named with an NRIC and markup, and a version 4242 reached and completed.
      { ...good, eventValue: { ...good.eventValue, field: '900101145678<img src=x onerror=alert(1)>' } },
      { ...good, eventValue: { ...good.eventValue, version: 4242 } },
      { channel: 'H5', eventCode: 'step_next', eventValue: { page: 'contact', version: 4242, is_success: true, failure_reason: '' } },
      { ...good, eventValue: { ...good.eventValue, field: 'noSuchField' } },
      { ...good, eventValue: { ...good.eventValue, rule: 'validation.notARule' } },
      { ...good, eventValue: { ...good.eventValue, note: 'TAN AH KOW 900101-14-5678' } },
      { channel: 'H5', eventCode: 'step_next', eventValue: { page: 'contact', version: 0, is_success: false, failure_reason: 'my name is Tan Ah Kow' } },
      { channel: 'H5', eventCode: 'custom_event', eventValue: {} },
      { channel: 'H5', eventCode: 'page_view', eventValue: { page: '<script>' } },
    ];
    const answer = await c.post('/pdp/uba/report', { events: [good, ...attempts] });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ stored: 1 });
    expect(answer.body.data.dropped.length).toBeGreaterThan(3);
    expect(JSON.stringify(await db().select().from(analyticsEvents))).not.toMatch(/onerror|900101145678|4242|Tan Ah Kow|<script>/);
    expect((await mine('field_error')).map((e) => e.eventValue)).toContainEqual(good.eventValue);
    // Without a session, a form step's event has no application to be about.
    expect((await client(server).post('/pdp/uba/report', good)).body.data.stored).toBe(0);
    void applyId;
  });
});

describe('supplement and account', () => {
  it('adding a market needs an opened account; then HK is added without payment', async () => {
    const c = await login(server, '125000020');
    const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
    expect((await c.post('/kh/account/supplement/create', {}, { market: '1' })).status).toBe(409);
    const held = answers(0, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, '125000020');
    expect((await fill(c, 'personal', held.personal, { applyId })).status).toBe(200);
    expect((await fill(c, 'agreement', held.agreement, { applyId })).status).toBe(200);
    await db().update(applications).set({ status: 4, opened: 16, masClientCodeActive: true }).where(eq(applications.id, applyId));
    const created = await c.post('/kh/account/supplement/create', {}, { market: '1' });
    expect(created.body.data).toMatchObject({ status: 1 });
    const again = await c.post('/kh/account/supplement/create', {}, { market: '1' });
    expect(again.body.data.id).toBe(created.body.data.id);
    expect((await c.post('/kh/account/supplement/create', {}, { market: '16' })).status).toBe(409);
    expect((await c.post('/kh/account/supplement/check')).body.data).toMatchObject({ HK: { id: created.body.data.id, status: 1 }, firstOpenFlag: false });
    const supplementId = created.body.data.applyId;
    expect((await c.get('/kh/account/apply/queryPaymentType', { applyId: supplementId, relatedType: 'SUPPLEMENT' })).body.data.needPay).toBe(false);
    const files = { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) };
    const data = answers(0, files, '125000020');
    // The details the account holds are what a supplement's steps start from; its own choices are not carried.
    const fetched = (step: number) => c.post('/kh/account/apply/fetch-data', { fillStep: step, relatedType: 'SUPPLEMENT', applyId: supplementId });
    // (Each answer names its own step's revision: the supplement has not saved the step yet.)
    const { _revision: accountRevision, ...account } = (await c.post('/kh/account/apply/fetch-data', { fillStep: 2003, relatedType: 'INIT', applyId })).body.data;
    expect(accountRevision).toBe(1);
    expect((await fetched(2003)).body.data).toEqual({ ...account, _revision: 0 });
    expect(account).not.toEqual({});
    expect((await fetched(2009)).body.data).toEqual({ _revision: 0 });
    const incomplete = await c.post('/kh/account/supplement/submit', { applyId: supplementId, marketType: 1 });
    expect(incomplete.body.data.steps.map((s: { step: string }) => s.step)).toEqual(['agreement', 'signature']);
    for (const step of ['agreement', 'signature'] as const) expect((await fill(c, step, data[step], { relatedType: 'SUPPLEMENT', applyId: supplementId })).status).toBe(200);
    const submitted = await c.post('/kh/account/supplement/submit', { applyId: supplementId, marketType: 1 });
    expect(submitted.body.data).toMatchObject({ status: 2, relatedType: 'SUPPLEMENT' });
    expect((await c.post('/kh/account/supplement/check')).body.data.HK.status).toBe(2);
  });
  it('the account calls answer the opened markets', async () => {
    const c = await login(server, '125000021');
    const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
    await db().update(applications).set({ status: 4, opened: 17, masClientCodeActive: false }).where(eq(applications.id, applyId));
    expect((await c.get('/account/customer-info/query-information')).body.data.markets).toBe(17);
    expect((await c.get('/account/fund-account/query-information')).body.data.accounts.map((a: { market: string; active: boolean }) => [a.market, a.active])).toEqual([
      ['MY', false],
      ['HK', true],
    ]);
  });
});

describe('operations', () => {
  it('HEAD on the app\'s pages answers as GET does (monitors and link checkers use it); a missing file is a 404, never the page', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'kh-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    const withApp = await startServer({ webDist: dist });
    try {
      for (const path of ['/', '/status/entry', '/info/base']) {
        const [get, head] = await Promise.all(['GET', 'HEAD'].map((method) => fetch(`${withApp.baseUrl}${path}`, { method })));
        expect(head.status, path).toBe(200);
        expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
        expect(head.headers.get('content-security-policy')).toBe(get.headers.get('content-security-policy'));
        expect(await head.text()).toBe('');
      }
      // A page's address may carry dots in its query; a file's may not be answered with the page.
      expect((await fetch(`${withApp.baseUrl}/status/entry?email=a.b@example.com`)).status).toBe(200);
      for (const path of ['/favicon.ico', '/assets/index-OLDBUILD.js', '/robots.txt', '/info/base.json']) {
        const missing = await fetch(`${withApp.baseUrl}${path}`);
        expect(missing.status, path).toBe(404);
        expect(missing.headers.get('content-type'), path).not.toContain('text/html');
      }
    } finally {
      await withApp.close();
    }
  });
  it('compresses: a built asset goes out as its precompressed .br (or .gz), the page and JSON answers as compressed on the fly', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'kh-dist-'));
    mkdirSync(join(dist, 'assets'));
    const script = `console.log(${JSON.stringify('x'.repeat(5000))});`;
    writeFileSync(join(dist, 'assets', 'app-123.js'), script);
    writeFileSync(join(dist, 'assets', 'app-123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'app-123.js.gz'), gzipSync(script));
    writeFileSync(join(dist, 'index.html'), `<!doctype html><title>app</title><!--${'padding '.repeat(300)}-->`);
    const withApp = await startServer({ webDist: dist });
    try {
      const br = await fetch(`${withApp.baseUrl}/assets/app-123.js`, { headers: { 'accept-encoding': 'br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(br.headers.get('cache-control')).toContain('immutable');
      expect(await br.text()).toBe(script);
      const gz = await fetch(`${withApp.baseUrl}/assets/app-123.js`, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      const plain = await fetch(`${withApp.baseUrl}/assets/app-123.js`, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(script);
      const page = await fetch(`${withApp.baseUrl}/status/entry`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(page.headers.get('content-encoding')).toBe('br');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      const api = await fetch(`${withApp.baseUrl}/dev/openapi.json`, { headers: { 'accept-encoding': 'gzip' } });
      expect(api.headers.get('content-encoding')).toBe('gzip');
      expect((await api.json()).openapi).toMatch(/^3\./);
    } finally {
      await withApp.close();
    }
  });
  it('security headers on every answer; API answers are never stored; HSTS only behind https', async () => {
    const c = await login(server, '129880009');
    const res = await c.post('/kh/account/apply/check');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('strict-transport-security')).toBeNull();
    // Public dictionaries keep their own cache header.
    expect((await client(server).post('/pdp/dict/code-value/batch/queryList', { categories: ['Gender'] })).headers.get('cache-control')).not.toBe('no-store');
    const https = await startServer({ publicOrigin: 'https://open.broker.example' });
    try {
      expect((await fetch(`${https.baseUrl}/healthz`)).headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    } finally {
      await https.close();
    }
  });
  it('/readyz says whether the database and the file storage answer, apart from /healthz', async () => {
    const res = await fetch(`${server.baseUrl}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ready: true, database: true, storage: true, draining: false });
  });
  it('/healthz answers 200 once ready; every answer carries a request id', async () => {
    const res = await client(server).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
  it('embedding origins must be bare https origins (http only on this machine); none by default', () => {
    expect(embedOriginsFrom(undefined)).toEqual([]);
    expect(embedOriginsFrom(' https://broker.example, http://127.0.0.1:3000 ')).toEqual(['https://broker.example', 'http://127.0.0.1:3000']);
    for (const wrong of ['http://broker.example', 'https://broker.example/open', 'broker.example', '*'])
      expect(() => embedOriginsFrom(wrong), wrong).toThrow(ConfigError);
  });
  it('maintenance mode answers 501, translated', async () => {
    const down = await startServer({ maintenance: true });
    const res = await client(down, 'zh-HK').get('/pdp/dict/app-config/app/commons/multiple-value');
    expect(res.status).toBe(501);
    expect(res.body).toMatchObject({ success: false, code: '501', msg: '系統維護中，請稍後重試' });
    expect((await client(down).get('/healthz')).status).toBe(200);
    await down.close();
  });
});

describe('bad input answers 400, never 500 (each finding of the attack run)', () => {
  const json = (body: string) => ({ body, headers: { 'content-type': 'application/json' } });
  it('a NUL character in a string, with or without a session', async () => {
    const anon = client(server);
    expect((await anon.request('POST', '/staff/login', json('{"email":"a\\u0000","password":"x"}'))).status).toBe(400);
    expect((await anon.request('POST', '/pdp/error/report', json('{"message":"x\\u0000"}'))).status).toBe(400);
    expect((await anon.get('/sandbox/ghl/a%00b')).status).toBe(400);
    const c = await login(server, '129880001');
    const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
    const nul = `${applyId}\u0000`;
    for (const [path, body] of [['/kh/account/apply/fetch-data', { fillStep: 2000, relatedType: 'INIT', applyId: nul }], ['/kh/account/apply/apply-submit', { applyId: nul }], ['/kh/account/apply/channelPaymentInfoSubmit', { applyId: nul, paymentId: 'p', orderNumber: 'o' }], ['/money/payment/ghl/queryPay', { relateId: nul, orderNumber: nul }]] as const) {
      const res = await c.post(path, body);
      expect(res.status, path).toBe(400);
      expect(res.body.msg).toBe('The request contains a character that is not allowed (NUL).');
    }
  });
  it('a category named like a property of every object ("constructor", "__proto__"…) is unknown, not a crash', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const res = await client(server).post('/pdp/dict/code-value/batch/queryList', { categories: [name] });
      expect(res.status, name).toBe(400);
    }
  });
  it('a multipart upload with a missing or garbage boundary, or a truncated part', async () => {
    const c = await login(server, '129880002');
    for (const [type, body] of [['multipart/form-data', 'garbage'], ['multipart/form-data; boundary=zz', '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc']]) {
      const res = await c.request('POST', '/pdp/upload', { body, headers: { 'content-type': type } });
      expect(res.status, type).toBe(400);
    }
  });
  it('JSON nested 10,000 levels deep, and 1e309 in a body or a query', async () => {
    const nesting = `${'['.repeat(10000)}${']'.repeat(10000)}`;
    // Analytics refuses it by size alone (an event is small); any route refuses it by depth.
    expect((await client(server).request('POST', '/pdp/uba/report', json(`{"channel":"h5","eventCode":"x","eventValue":${nesting}}`))).status).toBe(400);
    const deep = await client(server).request('POST', '/staff/login', json(`{"email":"a@b.example","password":${nesting}}`));
    expect(deep.status).toBe(400);
    expect(deep.body.msg).toMatch(/nested too deeply/);
    expect((await client(server).request('POST', '/pdp/uba/report', json('{"channel":"h5","eventCode":"x","memberId":1e309}'))).status).toBe(400);
  });
});
