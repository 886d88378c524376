// A logged-in page comes with the answers the application's boot would ask for (a reload mid-flow
// paints without a round trip; behind a drawn status page the boot makes no calls): the applicant's own, the very requests the app's client
// sends (its client answers both rounds from the page with no network at all), nobody else's, and
// never kept by a cache.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOT_STEPS, FLOW_AWAY_COOKIE, PAGE_ANSWERS_ELEMENT, bootRequests, createApiClient, createEndpoints, givenAnswers, paymentTypeQuery, readPageAnswers } from '@kh/api';
import { answers, fill, uploadedPath } from './fixtures.ts';
import { client, fakeWebDist, login, startServer, type Client, type TestServer } from './harness.ts';

/** The drawn status pages' resume check, as the build writes it (no step named until the server names one). */
const RESUME_CHECK = '/* the resume check */';
let server: TestServer;
beforeAll(async () => {
  const dist = fakeWebDist((page, language) =>
    page === 'app'
      ? `<!doctype html><title>app.${language}</title><body><div id="root" data-session="in"></div></body>`
      : `<!doctype html><html><head>${page.startsWith('status-') ? `<script data-step="">${RESUME_CHECK}</script>` : ''}<title>${page}.${language}</title></head><body></body></html>`,
  );
  server = await startServer({ webDist: dist });
});
afterAll(() => server?.close());

const blockOf = (html: string) => new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_ELEMENT}">([^<]*)</script>`).exec(html)?.[1];

async function page(path: string, cookie: string) {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: { cookie } });
  expect(response.status).toBe(200);
  const html = await response.text();
  return { html, cacheControl: response.headers.get('cache-control'), csp: response.headers.get('content-security-policy') ?? '', block: blockOf(html) };
}

/** The app's own client in `language`, answering from the page and from nothing else: any request it had to send fails. */
function appClientFrom(block: string | undefined, language = 'en') {
  const sent: string[] = [];
  const api = createApiClient({
    baseUrl: server.baseUrl,
    prefix: '/api',
    language: () => language,
    given: givenAnswers(readPageAnswers(block)),
    fetch: async (input) => (sent.push(String(input instanceof Request ? input.url : input)), Promise.reject(new TypeError('no network'))),
    retryDelayMs: 0,
  });
  return { endpoints: createEndpoints(api), sent };
}

async function applicantWithContact(mobile: string, n: number): Promise<{ applicant: Client; applyId: string }> {
  const applicant = await login(server, mobile);
  const applyId = (await applicant.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data.applyId as string;
  const path = await uploadedPath(applicant);
  const saved = await fill(applicant, 'contact', answers(n, { proof: path, statement: path, signature: path }, mobile).contact, { applyId });
  expect(saved.status).toBe(200);
  return { applicant, applyId };
}

describe('the answers a page reloaded mid-flow is served with', () => {
  it("answers both rounds of the boot and the step's version exactly as the app asks them, with the applicant's own answers", async () => {
    const { applicant, applyId } = await applicantWithContact('123670001', 670001);
    const served = await page('/info/contact', `${applicant.cookie}; ${FLOW_AWAY_COOKIE}=t1.contact`);
    expect(served.block).toBeDefined();
    expect(served.cacheControl).toBe('no-store');

    const { endpoints, sent } = appClientFrom(served.block);
    const boot = bootRequests(endpoints);
    const [record, , commons, user] = await Promise.all([boot.check(), boot.supplementCheck(), boot.appCommons(), boot.user()]);
    expect(record.applyId).toBe(applyId);
    expect(commons.h5Config.kh).toBeDefined();
    expect(user.mid).toBeTruthy();
    await boot.ekycStatus(applyId);
    await boot.paymentType(paymentTypeQuery(record, applyId, 'INIT'));
    const saved = await Promise.all(BOOT_STEPS.map(([, fillStep]) => boot.stepData({ fillStep, relatedType: 'INIT', applyId })));
    expect(await endpoints.schema.step('contact', { relatedType: 'INIT', applyId })).toMatchObject({ stepId: 'contact' });
    expect(sent).toEqual([]);
    // What the page says is what the API says to the applicant.
    expect(saved[0]).toEqual((await applicant.post('/kh/account/apply/fetch-data', { fillStep: 2000, relatedType: 'INIT', applyId })).body.data);
    expect(saved[0]).toMatchObject({ email: 'applicant670001@gmail.com' });
  });

  it("a second applicant's page holds their own application, nothing of the first's", async () => {
    const first = await applicantWithContact('123670002', 670002);
    const second = await applicantWithContact('123670003', 670003);
    const served = await page('/info/contact', `${second.applicant.cookie}; ${FLOW_AWAY_COOKIE}=t1.contact`);
    expect(served.block).toContain(second.applyId);
    expect(served.block).not.toContain(first.applyId);
    expect(served.block).not.toContain('applicant670002');
    // The first applicant's application asked for with the second's page: not in it, so the app asks the server.
    const { endpoints, sent } = appClientFrom(served.block);
    await expect(bootRequests(endpoints).stepData({ fillStep: 2000, relatedType: 'INIT', applyId: first.applyId })).rejects.toThrow();
    expect(new Set(sent).size).toBe(1);
  });

  it('each answer is taken once, in the language of the page; the status page drawn carries them too, a logged-out page none', async () => {
    const { applicant } = await applicantWithContact('123670004', 670004);
    const served = await page('/info/contact?language=zh-HK', `${applicant.cookie}; ${FLOW_AWAY_COOKIE}=t1.contact`);
    expect(served.html).toContain('status-draft.zh-HK');
    const inEnglish = appClientFrom(served.block, 'en');
    await expect(bootRequests(inEnglish.endpoints).check()).rejects.toThrow();
    const inChinese = appClientFrom(served.block, 'zh-HK');
    await bootRequests(inChinese.endpoints).check();
    await expect(bootRequests(inChinese.endpoints).check()).rejects.toThrow();
    expect(new Set(inChinese.sent).size).toBe(1);

    // The status page drawn (no tab stands on the step): the application boots behind it, from the page.
    const drawn = await page('/info/contact', applicant.cookie);
    expect(drawn.html).toContain('status-draft.en');
    expect(drawn.html).toContain('<script data-step="">');
    expect(drawn.cacheControl).toBe('no-store');
    const behind = appClientFrom(drawn.block);
    expect((await bootRequests(behind.endpoints).check()).status).toBe(1);
    expect(behind.sent).toEqual([]);
    // A logged-out page: nothing of anyone's.
    expect((await page('/info/contact', '')).block).toBeUndefined();
  });

  it('where a tab\'s flow stands on the step, the status page comes drawn with the resume check first, which asks about that step', async () => {
    const { applicant } = await applicantWithContact('123670006', 670006);
    const served = await page('/info/base', `${applicant.cookie}; ${FLOW_AWAY_COOKIE}=t1.personal`);
    expect(served.html).toContain(`<head><script data-step="personal">${RESUME_CHECK}</script><title>status-draft.en</title>`);
    expect(served.block).toBeDefined();
    // The inline check runs under the page's CSP by its hash alone.
    expect(served.csp).toContain(`script-src 'self' 'sha256-${createHash('sha256').update(RESUME_CHECK).digest('base64')}';`);
    // Another step: no tab stands there, nothing to check.
    expect((await page('/info/work', `${applicant.cookie}; ${FLOW_AWAY_COOKIE}=t1.personal`)).html).toContain('<script data-step="">');
    // Framed, the add-market entry: the logged-in page, as before.
    expect((await page('/market/again', `${applicant.cookie}; ${FLOW_AWAY_COOKIE}=t1.personal`)).html).toContain('app.en');
  });

  it("a phone handed the identity check by QR code gets what its boot asks: the first round and the check's status, none of the PC's saved answers", async () => {
    const { applicant, applyId } = await applicantWithContact('123670016', 670016);
    const { url } = (await applicant.form('/ekyc/handoff', { relateType: 'INIT', relateId: applyId })).body.data;
    const phone = client(server);
    expect((await phone.get(new URL(url as string).pathname)).status).toBe(303);
    const served = await page(`/iam/start?handoff=1&applyId=${encodeURIComponent(applyId)}`, phone.cookie);
    const { endpoints, sent } = appClientFrom(served.block);
    const boot = bootRequests(endpoints);
    const [record] = await Promise.all([boot.check(), boot.supplementCheck(), boot.appCommons(), boot.user()]);
    expect(record.applyId).toBe(applyId);
    await boot.ekycStatus(applyId);
    expect(sent).toEqual([]);
    expect(Object.keys(readPageAnswers(served.block)).filter((key) => key.includes('fetch-data') || key.includes('queryPaymentType'))).toEqual([]);
  });

  it('an applicant without an application gets the first round only', async () => {
    const applicant = await login(server, '123670005');
    const served = await page('/status/entry', `${applicant.cookie}; ${FLOW_AWAY_COOKIE}=1`);
    const given = readPageAnswers(served.block);
    expect(Object.keys(given)).toHaveLength(4);
    expect(Object.keys(given).every((key) => !key.includes('fetch-data'))).toBe(true);
  });
});
