// The app embedded in a broker's page on another origin (SPEC §1 "embedded page"): refused by
// default (frame-ancestors 'self'); with the page's origin in KH_EMBED_ORIGINS it loads in the
// frame, and the applicant logs in there (the session cookie travels in the frame).
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Frame } from 'playwright-core';
import { freePort, launchChromium } from '@kh/testing';
import { phone, shooter, startProduct, type Product } from './harness.ts';

let browser: Browser;
let host: Server;
let hostOrigin: string;
let evil: Server;
let evilOrigin: string;
let appOrigin = '';
beforeAll(async () => {
  browser = await launchChromium();
  const port = await freePort();
  hostOrigin = `http://127.0.0.1:${port}`;
  // The broker's page: another origin (another port) that frames the app.
  host = createServer((_, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html lang="en"><title>Broker</title><h1>Broker</h1><iframe title="Open an account" src="${appOrigin}/status/entry" style="width:390px;height:700px;border:0"></iframe></html>`));
  await new Promise<void>((resolve) => host.listen(port, '127.0.0.1', resolve));
  // Another site, not allowed to embed: its page posts a form to the app with the applicant's cookie.
  const evilPort = await freePort();
  evilOrigin = `http://127.0.0.1:${evilPort}`;
  evil = createServer((_, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end(`<!doctype html><html lang="en"><title>Prize</title><form method="post" action="${appOrigin}/api/kh/account/apply/create" enctype="text/plain"><input name='{"relatedType":"INIT","x":"' value='"}'><button>Claim</button></form></html>`),
  );
  await new Promise<void>((resolve) => evil.listen(evilPort, '127.0.0.1', resolve));
});
afterAll(async () => {
  await browser?.close();
  host?.close();
  evil?.close();
});

async function appFrame(product: Product): Promise<{ frame: Frame; context: BrowserContext; close(): Promise<void> }> {
  appOrigin = product.origin;
  const context = await phone(browser);
  const page = await context.newPage();
  await page.goto(hostOrigin);
  const handle = await page.locator('iframe').elementHandle();
  const frame = (await handle!.contentFrame())!;
  return { frame, context, close: () => context.close() };
}

describe('the app in a broker\'s page', () => {
  it('is refused by default', async () => {
    const product = await startProduct();
    const { frame, close } = await appFrame(product);
    // Chromium replaces a frame its CSP refuses with its own error page.
    await expect.poll(() => frame.url()).toMatch(/^chrome-error:/);
    await expect(frame.locator('#root').count()).resolves.toBe(0);
    await close();
    await product.close();
  });

  it('loads and logs in when the page\'s origin is allowed', async () => {
    const product = await startProduct({ embedOrigins: [hostOrigin] });
    const shot = shooter('9-embedded');
    const { frame, context, close } = await appFrame(product);
    await frame.getByLabel(/Mobile number/).fill('123460901');
    await frame.getByLabel('Verification code').fill(await product.sendCode(frame, '123460901'));
    await frame.getByRole('button', { name: 'Log in' }).click();
    await frame.getByRole('button', { name: 'Get started' }).waitFor();
    await shot(frame.page(), 'start-in-frame');

    // The cookie is SameSite=None now: a form on a site not allowed to embed would carry it. Refused.
    const attack = await context.newPage();
    await attack.goto(evilOrigin);
    await attack.getByRole('button', { name: 'Claim' }).click();
    await attack.waitForURL(`${product.origin}/api/kh/account/apply/create`);
    await expect(attack.locator('body').textContent()).resolves.toContain('This request did not come from the account-opening page');
    await shot(attack, 'cross-site-form-refused');
    const record = await frame.evaluate(async () => (await (await fetch('/api/kh/account/apply/check', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()).data);
    expect(record.exist).toBe(false);
    await close();
    await product.close();
  });
});
