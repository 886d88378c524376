// Which page the server sends: a logged-out visitor's start page or login drawn in their language, a
// logged-in applicant's status page drawn where the application opens on it, else a page that says
// they are logged in, the plain page elsewhere; and the CSP of each.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAWN_SERVICE_MARKS, FLOW_AWAY_COOKIE } from '@kh/api';
import { applications } from '../src/db/schema.ts';
import { fakeWebDist, login, startServer, type TestServer } from './harness.ts';

const STYLE = 'body{color:#123}';
let server: TestServer;
beforeAll(async () => {
  const dist = fakeWebDist((page, language) => {
    if (page === 'app') return `<!doctype html><title>app.${language}</title>`;
    if (page === 'start' || page === 'login') return `<!doctype html><style>${STYLE}</style><title>${page}.${language}</title>`;
    return `<!doctype html><style>${STYLE}</style><title>${page}.${language}</title><p class="service">${DRAWN_SERVICE_MARKS.phone}<br><a href="mailto:${DRAWN_SERVICE_MARKS.email}">${DRAWN_SERVICE_MARKS.email}</a></p>`;
  });
  server = await startServer({ webDist: dist, service: { phone: '03-2345 6789', email: 'help&care@broker.example' } });
});
afterAll(() => server?.close());

async function pageAt(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.baseUrl}${path}`, { headers });
  expect(response.status, path).toBe(200);
  return { title: /<title>([^<]*)<\/title>/.exec(await response.text())![1], csp: response.headers.get('content-security-policy')!, vary: response.headers.get('vary') };
}

describe('the pages the server sends', () => {
  it('a visitor without a session gets the start page where no login is needed and the login elsewhere, drawn in their language', async () => {
    expect((await pageAt('/status/entry')).title).toBe('start.en');
    expect((await pageAt('/info/base')).title).toBe('login.en');
    expect((await pageAt('/login?target=%2Finfo%2Fbase')).title).toBe('login.en');
    // The URL's language, then the kept choice, then the browser's.
    expect((await pageAt('/status/entry?language=zh-CN', { cookie: 'kh_language=zh-HK', 'accept-language': 'en' })).title).toBe('start.zh-CN');
    expect((await pageAt('/status/entry', { cookie: 'kh_language=zh-HK', 'accept-language': 'zh-CN' })).title).toBe('start.zh-HK');
    expect((await pageAt('/info/base', { 'accept-language': 'ms;q=0.5, zh-TW;q=0.9, en;q=0.8' })).title).toBe('login.zh-HK');
    expect((await pageAt('/status/entry', { 'accept-language': 'fr' })).title).toBe('start.en');
    // A cookie that names no live session is no session.
    expect((await pageAt('/status/entry', { cookie: 'kh_sid=forged' })).title).toBe('start.en');
  });

  it('a logged-in applicant whose application opens on its status page gets that page drawn, for its state, in their language', async () => {
    const applicant = await login(server, '123660001');
    // No application yet: the start of one, wherever the tab was pointed (the app opens on the status page).
    expect((await pageAt('/status/entry', { cookie: applicant.cookie })).title).toBe('status-new.en');
    expect((await pageAt('/info/contact?language=zh-HK', { cookie: applicant.cookie })).title).toBe('status-new.zh-HK');
    const applyId = (await applicant.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data.applyId as string;
    expect((await pageAt('/info/contact', { cookie: applicant.cookie })).title).toBe('status-draft.en');
    await server.database.db.update(applications).set({ status: 5, rejectedReason: '2005-bankStatement' }).where(eq(applications.id, applyId));
    expect((await pageAt('/status/entry', { cookie: applicant.cookie })).title).toBe('status-rejected.en');
    // Under review: its page shows what was applied for, which no drawn page holds.
    await server.database.db.update(applications).set({ status: 2 }).where(eq(applications.id, applyId));
    expect((await pageAt('/status/entry', { cookie: applicant.cookie })).title).toBe('app.en');
  });

  it("a logged-in applicant gets the page that says so where the application may open elsewhere: a tab's flow standing on that step, the add-market entry, a hand-off, a frame", async () => {
    const applicant = await login(server, '123660002');
    await applicant.post('/kh/account/apply/create', { relatedType: 'INIT' });
    expect((await pageAt('/info/contact', { cookie: applicant.cookie })).title).toBe('status-draft.en');
    // A tab's flow standing on a step: that step's page (its reload) may resume there; another step's, opened in a new tab, opens on the status page.
    // These status pages have no resume check (apps/web scripts/resume-check.ts; test/page-answers.test.ts has one): the logged-in page goes where a tab may resume.
    expect((await pageAt('/info/contact', { cookie: `${applicant.cookie}; ${FLOW_AWAY_COOKIE}=a1.contact` })).title).toBe('app.en');
    expect((await pageAt('/info/contact', { cookie: `${applicant.cookie}; ${FLOW_AWAY_COOKIE}=a1.personal|b2.contact` })).title).toBe('app.en');
    expect((await pageAt('/info/work', { cookie: `${applicant.cookie}; ${FLOW_AWAY_COOKIE}=a1.personal|b2.contact` })).title).toBe('status-draft.en');
    // An app from before the tabs' entries said 1: any step may resume.
    expect((await pageAt('/info/work', { cookie: `${applicant.cookie}; ${FLOW_AWAY_COOKIE}=1` })).title).toBe('app.en');
    expect((await pageAt('/market/again', { cookie: applicant.cookie })).title).toBe('app.en');
    expect((await pageAt('/status/entry?entryCode=HK', { cookie: applicant.cookie })).title).toBe('app.en');
    expect((await pageAt('/iam/start?handoff=1', { cookie: applicant.cookie })).title).toBe('app.en');
    expect((await pageAt('/status/entry', { cookie: applicant.cookie, 'sec-fetch-dest': 'iframe' })).title).toBe('app.en');
    expect((await pageAt('/info/base?language=zh-HK', { cookie: `${applicant.cookie}; ${FLOW_AWAY_COOKIE}=a1.personal` })).title).toBe('app.zh-HK');
  });

  it('a missing page and /error get the plain page', async () => {
    expect((await pageAt('/no/such/page')).title).toBe('plain');
    expect((await pageAt('/error?code=500')).title).toBe('plain');
  });

  it('a drawn status page names this server\'s customer service, as the app that takes it over does', async () => {
    const applicant = await login(server, '123456781');
    await applicant.post('/kh/account/apply/create', { relatedType: 'INIT' });
    const html = await (await fetch(`${server.baseUrl}/status/entry`, { headers: { cookie: applicant.cookie, 'accept-encoding': 'br' } })).text();
    expect(/<p class="service">([\s\S]*?)<\/p>/.exec(html)?.[1]).toBe('03-2345 6789<br><a href="mailto:help&amp;care@broker.example">help&amp;care@broker.example</a>');
  });

  it('allows a drawn page its inline styles by their hash, and no other inline style; the page varies with the session and language', async () => {
    const hash = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
    const drawn = await pageAt('/status/entry');
    expect(drawn.csp).toContain(`style-src 'self' ${hash};`);
    const status = await pageAt('/status/entry', { cookie: (await login(server, '123660003')).cookie });
    expect(status.title).toBe('status-new.en');
    expect(status.csp).toContain(`style-src 'self' ${hash};`);
    expect(drawn.csp).toContain("script-src 'self';");
    expect(drawn.vary).toBe('accept-encoding, accept-language, cookie');
    const plain = await pageAt('/no/such/page');
    expect(plain.csp).toContain("style-src 'self';");
  });
});
