// Starts the real server with the built app on one origin, an embedded database in memory,
// and Debian's Chromium at 390x844; each page visited is saved as a screenshot (CI artifact).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { freePort, launchChromium, staffLogin } from '@kh/testing';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, loadConfig, openDatabase } from '@kh/server';
import { extraServices } from '../../server/src/services.ts';
import { createStaff } from '../../server/src/staff/staff-auth.ts';

const here = dirname(fileURLToPath(import.meta.url));
export const ARTIFACTS = resolve(here, '../../../artifacts/e2e');

export async function startProduct(overrides: Parameters<typeof loadConfig>[1] = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kh-e2e-'));
  const base = loadConfig({ KH_DEV: '1' });
  const config = loadConfig({ KH_DEV: '1' }, { port, dataDir, publicOrigin: `http://127.0.0.1:${port}`, webDist: resolve(here, '../dist'), sms: { ...base.sms, perIpPerHour: 1000, resendAfterSeconds: 1 }, ekyc: { ...base.ekyc, minIntervalSeconds: 0 }, limits: { ...base.limits, analyticsPerMinute: 100_000 }, ...overrides });
  // The database in memory (it starts from a migrated copy); the files in the temp folder.
  const database = await openDatabase({ dataDir: 'memory://', databaseUrl: undefined });
  const app = await buildApp({ config, db: database.db, extraServices: extraServices(config) });
  await app.listen({ host: '127.0.0.1', port });
  await createStaff(database.db, { email: 'reviewer@broker.example', name: 'Reviewer', password: 'e2e reviewer password' });
  await createStaff(database.db, { email: 'supervisor@broker.example', name: 'Supervisor', password: 'e2e supervisor password', role: 'supervisor' });
  await createStaff(database.db, { email: 'editor@broker.example', name: 'Editor', password: 'e2e editor password', role: 'editor' });
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    database,
    // One staff login per product: staff logins are rate-limited like a reviewer's would be.
    staffToken(role: 'reviewer' | 'supervisor' | 'editor' = 'reviewer') {
      return staffLogin(origin, `${role}@broker.example`, `e2e ${role} password`);
    },
    async staff(method: string, path: string, body?: unknown, role: 'reviewer' | 'supervisor' | 'editor' = 'reviewer') {
      const res = await fetch(`${origin}${path}`, { method, headers: { authorization: `Bearer ${await this.staffToken(role)}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
      const answer = (await res.json()) as { data: Record<string, unknown>; message?: string };
      // A refused staff call must fail the scenario here, not as a timeout three steps later.
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(answer)}`);
      return answer;
    },
    /** The reviewer approves; a case that needs a second approval (a margin account…) gets the supervisor's. */
    async approve(applyId: string, markets: number) {
      const first = await this.staff('POST', `/staff/applications/${applyId}/approve`, { markets });
      if (first.data.awaitingSecondApproval) await this.staff('POST', `/staff/applications/${applyId}/approve`, { markets }, 'supervisor');
    },
    /** Clicks "Send code", waits for the server to have sent it, and answers that code (not an older one). */
    async sendCode(target: Page | Frame, mobile: string) {
      const page = 'page' in target ? target.page() : target;
      const sent = page.waitForResponse((res) => new URL(res.url()).pathname.endsWith('/sms/auth-code/send'));
      await target.getByRole('button', { name: 'Send code' }).click();
      const res = await sent;
      if (!res.ok()) throw new Error(`send code answered ${res.status()}: ${await res.text()}`);
      return this.latestCode(mobile);
    },
    async latestCode(mobile: string) {
      const outbox = (await (await fetch(`${origin}/dev/outbox`, { headers: { accept: 'application/json' } })).json()) as { data: { mobile: string; body: string }[] };
      // The newest login code, not the newest message: a decision's SMS to the same phone may be newer.
      return /verification code is (\d{6})/.exec(outbox.data.find((m) => m.mobile === mobile && /verification code is \d{6}/.test(m.body))!.body)![1];
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}
export type Product = Awaited<ReturnType<typeof startProduct>>;

export async function phone(browser: Browser, options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148', ...options });
}

/** Saves a screenshot of each page the scenario reaches. */
const KEY_NAMESPACES = ['common', 'errors', 'field', 'flow', 'option', 'server', 'step', 'validation'];
// Not inside a URL, a path or an e-mail address (`/step.html`, `a.step.b@…`).
const KEY_PATTERN = new RegExp(`(?<![\\w./@-])(?:${KEY_NAMESPACES.join('|')})\\.[A-Za-z][\\w-]*(?:\\.[A-Za-z][\\w-]*)*\\b`, 'g');
/** Text that is a translation key of ours (`server.drUnknown`), not words. */
export const untranslatedKeys = (text: string): string[] => [...new Set(text.match(KEY_PATTERN) ?? [])];

export function shooter(scenario: string) {
  const dir = join(ARTIFACTS, scenario);
  // A fresh folder per run: a renamed or dropped shot must not linger beside the new ones.
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  let n = 0;
  const shot = async (page: Page, name: string) => {
    // Every page a scenario shows is scanned for a translation key shown as text (never to an applicant).
    const keys = untranslatedKeys(await page.locator('body').innerText());
    if (keys.length > 0) throw new Error(`${scenario}/${name} shows untranslated keys: ${keys.join(', ')}`);
    return page.screenshot({ path: join(dir, `${String(++n).padStart(2, '0')}-${name}.png`), fullPage: true });
  };
  /** The page at the phone's size, then at a PC's (1280x800), then back. */
  shot.both = async (page: Page, name: string) => {
    await shot(page, name);
    const phoneSize = page.viewportSize();
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, `${name}-1280x800`);
    if (phoneSize) await page.setViewportSize(phoneSize);
  };
  return shot;
}

/** One product and one browser for a test file, started before its tests and stopped after them. */
export function useProduct(overrides: Parameters<typeof startProduct>[0] = {}) {
  const env = {} as { product: Product; browser: Browser };
  beforeAll(async () => {
    env.product = await startProduct(overrides);
    env.browser = await launchChromium();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.product?.close();
  });
  return env;
}

/**
 * How long the page waited on the product: the union of the intervals in which at least one API
 * call was in flight (analytics beacons aside), over every page of the context it watches.
 */
export function apiWaiting(context: BrowserContext) {
  const started = new Map<object, number>();
  const spans: [number, number][] = [];
  const isApi = (url: string) => {
    const path = new URL(url).pathname;
    return path.startsWith('/api/') && !path.endsWith('/uba/report');
  };
  context.on('request', (request) => void (isApi(request.url()) && started.set(request, performance.now())));
  const end = (request: object) => {
    const start = started.get(request);
    if (start !== undefined) spans.push([start, performance.now()]);
    started.delete(request);
  };
  context.on('requestfinished', end);
  context.on('requestfailed', end);
  return {
    calls: () => spans.length,
    ms() {
      let total = 0;
      let reach = -Infinity;
      for (const [from, to] of [...spans].sort((a, b) => a[0] - b[0])) {
        if (to <= reach) continue;
        total += to - Math.max(from, reach);
        reach = to;
      }
      return total;
    },
  };
}
