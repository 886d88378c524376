// Which page the server sends: a logged-out visitor's start page or login drawn in their language, a
// logged-in applicant's page that says so, the plain page elsewhere; and the CSP of each.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, startServer, type TestServer } from './harness.ts';

const STYLE = 'body{color:#123}';
let server: TestServer;
beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'kh-dist-'));
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'pages'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>plain</title>');
  for (const language of ['en', 'zh-HK', 'zh-CN']) {
    for (const page of ['start', 'login']) writeFileSync(join(dist, 'pages', `${page}.${language}.html`), `<!doctype html><style>${STYLE}</style><title>${page}.${language}</title>`);
    writeFileSync(join(dist, 'pages', `app.${language}.html`), `<!doctype html><title>app.${language}</title>`);
  }
  server = await startServer({ webDist: dist });
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

  it('a logged-in applicant gets the page that says so, in their language; a missing page and /error get the plain page', async () => {
    const applicant = await login(server, '123660001');
    expect((await pageAt('/status/entry', { cookie: applicant.cookie })).title).toBe('app.en');
    expect((await pageAt('/info/base?language=zh-HK', { cookie: applicant.cookie })).title).toBe('app.zh-HK');
    expect((await pageAt('/no/such/page')).title).toBe('plain');
    expect((await pageAt('/error?code=500')).title).toBe('plain');
  });

  it('allows a drawn page its inline styles by their hash, and no other inline style; the page varies with the session and language', async () => {
    const hash = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
    const drawn = await pageAt('/status/entry');
    expect(drawn.csp).toContain(`style-src 'self' ${hash};`);
    expect(drawn.csp).toContain("script-src 'self';");
    expect(drawn.vary).toBe('accept-encoding, accept-language, cookie');
    const plain = await pageAt('/no/such/page');
    expect(plain.csp).toContain("style-src 'self';");
  });
});
