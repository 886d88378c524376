// P4: Lighthouse (npm) in Debian's Chromium, mobile profile with its simulated slow 4G and 4x CPU, on
// the login page and on a step page of a logged-in applicant, against the built app and the real server.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM, freePort } from '@kh/testing';

const here = dirname(fileURLToPath(import.meta.url));
const serverDir = resolve(here, '../../server');

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kh-lighthouse-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, KH_DEV: '1', KH_DEV_PASSWORD: 'lighthouse', KH_WEB_DIST: resolve(here, '../dist'), KH_CONSOLE_DIST: '/nonexistent', KH_PUBLIC_ORIGIN: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300 && !(await fetch(`${origin}/healthz`).then((r) => r.ok, () => false)); i++) await new Promise((r) => setTimeout(r, 100));
  return { origin, stop: () => (child.kill('SIGTERM'), rmSync(dataDir, { recursive: true, force: true })) };
}

/** A logged-in applicant with an application: the session cookie a step page needs. */
async function applicantCookie(origin: string): Promise<string> {
  const login = await fetch(`${origin}/api/passport/login`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin }, body: new URLSearchParams({ mobile: '123777001', countryCode: '60', password: 'lighthouse' }) });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const created = await fetch(`${origin}/api/kh/account/apply/create`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', origin }, body: JSON.stringify({ relatedType: 'INIT' }) });
  if (!created.ok) throw new Error(`create: ${created.status} ${await created.text()}`);
  return cookie;
}

const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  userDataDir: mkdtempSync(join(tmpdir(), 'kh-lighthouse-chrome-')),
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const cookie = await applicantCookie(server.origin);
  for (const [name, path, headers] of [
    ['login page', '/status/entry', {}],
    ['logged-in applicant at a step address (the flow opens where it stands)', '/info/contact', { cookie }],
  ] as const) {
    const result = await lighthouse(`${server.origin}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], extraHeaders: headers });
    const lhr = result!.lhr;
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? NaN;
    const met = score('performance') >= 95 && score('accessibility') === 100 && lcp <= 1500;
    if (process.env.LIGHTHOUSE_JSON) writeFileSync(join(process.env.LIGHTHOUSE_JSON, `${path.replaceAll('/', '_')}.json`), JSON.stringify(lhr));
    if (process.env.LIGHTHOUSE_DETAILS)
      for (const audit of Object.values(lhr.audits).filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative'))
        console.log(`  ${audit.id}: ${audit.displayValue ?? ''} ${audit.score}`);
    console.log(`P4 Lighthouse mobile, ${name} ${path} (ended at ${new URL(lhr.finalDisplayedUrl).pathname}): performance ${score('performance')} (goal ≥ 95), accessibility ${score('accessibility')} (goal 100), LCP ${(lcp / 1000).toFixed(2)} s (goal ≤ 1.5 s) ${met ? 'met' : 'NOT MET'}`);
  }
} finally {
  chrome.kill();
  server.stop();
}
