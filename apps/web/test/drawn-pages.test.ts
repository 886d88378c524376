// The first page comes drawn: a logged-out visitor sees the start page (or the login) from the HTML
// alone, in their language, and the app takes it over as it is, without a mismatch, a second login
// check or a lost keystroke. A logged-in applicant whose application opens on its status page sees it
// drawn too, until the application's own replaces it; elsewhere the page says they are logged in.
import type { ConsoleMessage, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phone, shooter, useProduct } from './harness.ts';
import { login } from './journey.ts';

const loginChecks = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (request) => new URL(request.url()).pathname.endsWith('/passport/login/check') && seen.push(request.url()));
  return seen;
};
const problems = (page: Page) => {
  const seen: string[] = [];
  page.on('console', (message: ConsoleMessage) => (message.type() === 'error' || message.type() === 'warning') && seen.push(message.text()));
  page.on('pageerror', (error) => seen.push(error.message));
  return seen;
};

describe('drawn pages', () => {
  const env = useProduct();
  const shot = shooter('drawn-pages');

  it('the start page is there without any script, in the language asked for, styled', async () => {
    const context = await phone(env.browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${env.product.origin}/status/entry?language=zh-HK`);
    await expect(page.getByRole('heading', { name: '開立賬戶', level: 1 }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByLabel(/手機號碼/).isVisible()).resolves.toBe(true);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-HK');
    // The inline styles applied (the CSP allowed them): the card is laid out, not a bare list.
    expect(await page.locator('.status-card').evaluate((card) => getComputedStyle(card).borderRadius)).not.toBe('0px');
    await shot.both(page, 'start-page-without-scripts-zh-HK');
    await context.close();
  });

  it('asks for the app\'s scripts only once it has painted: its head names one small script and preloads nothing', async () => {
    const context = await phone(env.browser);
    const page = await context.newPage();
    const asked: { url: string; at: number }[] = [];
    page.on('request', (request) => request.resourceType() === 'script' && asked.push({ url: new URL(request.url()).pathname, at: Date.now() }));
    const html = await (await page.goto(`${env.product.origin}/status/entry`))!.text();
    expect([...html.matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1])).toEqual([expect.stringMatching(/^\/assets\/after-paint-\w+\.js$/)]);
    expect(html).not.toContain('modulepreload');
    // The app still takes the page over: the login checks the number.
    await page.getByLabel(/Mobile number/).fill('123');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('alert').waitFor();
    expect(asked.map((a) => a.url)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/assets\/index-/), expect.stringMatching(/^\/assets\/framework-/), expect.stringMatching(/^\/assets\/en-/)]));
    await context.close();
  });

  it('what is typed and clicked on the drawn page before the app has taken it over is done once it has', async () => {
    const context = await phone(env.browser);
    const page = await context.newPage();
    const said = problems(page);
    // The app's entry is held back until the applicant has typed and clicked on the drawn page.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => (await released, route.continue()));
    const sent: string[] = [];
    page.on('request', (request) => new URL(request.url()).pathname.endsWith('/sms/auth-code/send') && sent.push(request.postData() ?? ''));
    await page.goto(`${env.product.origin}/status/entry`);
    await page.getByLabel(/Mobile number/).fill('123670007');
    await page.getByRole('button', { name: 'Send code' }).click();
    expect(sent).toEqual([]);
    release();
    // Taken over: the click is the app's, with the number typed before it came.
    await page.getByLabel('Verification code').waitFor();
    expect(sent).toEqual([expect.stringContaining('123670007')]);
    await expect(page.getByLabel(/Mobile number/).inputValue()).resolves.toBe('123670007');
    expect(said).toEqual([]);
    await context.close();
  });

  it('the app takes the drawn page over without a mismatch or a login check, and the login works', async () => {
    const context = await phone(env.browser);
    const page = await context.newPage();
    const checks = loginChecks(page);
    const said = problems(page);
    await login(page, env.product, '123670001');
    expect(checks, 'the logged-out start page asked who is here').toEqual([]);
    expect(said).toEqual([]);
    // Logged in, the next page says so too: the application opens with no login check either.
    await page.reload();
    await page.locator('.status-card').waitFor();
    expect(checks).toEqual([]);
    expect(said).toEqual([]);
    await context.close();
  });

  it('a logged-in applicant\'s status page comes drawn, and the application\'s own takes its place without a loading screen; a click on it before then is done', async () => {
    const context = await phone(env.browser);
    const page = await context.newPage();
    const said = problems(page);
    await login(page, env.product, '123670011');
    // Drawn: there without a script.
    const still = await env.browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    await still.addCookies(await context.cookies());
    const bare = await still.newPage();
    await bare.goto(`${env.product.origin}/info/contact`);
    await expect(bare.getByRole('button', { name: 'Get started' }).isVisible()).resolves.toBe(true);
    await shot.both(bare, 'status-page-without-scripts');
    await still.close();
    // With the scripts held back, "Get started" is pressed on the drawn page; nothing shows loading before the status page is the app's.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => (await released, route.continue()));
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (window.location.pathname === '/status/entry' && document.querySelector('.boot:not([hidden] *)')) (window as { loadingShown?: boolean }).loadingShown = true;
      }).observe(document, { childList: true, subtree: true });
    });
    const response = await page.goto(`${env.product.origin}/status/entry`);
    expect(await response!.text()).toContain('data-drawn="status"');
    await page.getByRole('button', { name: 'Get started' }).click();
    release();
    await page.waitForURL((url) => url.pathname === '/info/contact');
    await page.getByLabel('E-mail').waitFor();
    expect(await page.locator('#root').count()).toBe(1);
    expect(await page.evaluate(() => (window as { loadingShown?: boolean }).loadingShown ?? false)).toBe(false);
    // Mid-flow, a reload resumes where the flow stands: the status page comes drawn with its resume
    // check first, which hides it in this tab before it paints: it is never seen.
    await page.unrouteAll();
    await expect.poll(async () => (await context.cookies()).some((cookie) => cookie.name === 'kh_flow_away')).toBe(true);
    await page.addInitScript(() => {
      const seen = () => [...document.querySelectorAll('h1')].some((heading) => heading.textContent === 'Open an account' && heading.getClientRects().length > 0);
      const watch = () => ((window as { statusSeen?: boolean }).statusSeen ||= seen());
      new MutationObserver(watch).observe(document, { childList: true, subtree: true, attributes: true });
      const everyFrame = () => (watch(), requestAnimationFrame(everyFrame));
      requestAnimationFrame(everyFrame);
    });
    const again = await page.reload();
    expect(await again!.text()).toContain('<script data-step="contact">');
    await page.getByLabel('E-mail').waitFor();
    expect(await page.evaluate(() => (window as { statusSeen?: boolean }).statusSeen ?? false)).toBe(false);
    // Another step, or the very step the first tab stands on, opened in a new tab (a link, a bookmark)
    // opens on the status page: it comes drawn and is shown at once, and the first tab's reload still
    // resumes where its flow stands.
    for (const path of ['/info/work', '/info/contact']) {
      const other = await context.newPage();
      const opened = await other.goto(`${env.product.origin}${path}`);
      expect(await opened!.text()).toContain('data-drawn="status"');
      await expect(other.getByRole('heading', { name: 'Open an account', level: 1 }).first().isVisible()).resolves.toBe(true);
      await other.waitForURL((url) => url.pathname === '/status/entry');
      await other.getByRole('button', { name: 'Continue' }).waitFor();
      await other.close();
    }
    await page.reload();
    await page.getByLabel('E-mail').waitFor();
    expect(new URL(page.url()).pathname).toBe('/info/contact');
    expect(await page.evaluate(() => (window as { statusSeen?: boolean }).statusSeen ?? false)).toBe(false);
    expect(said).toEqual([]);
    await context.close();
  });

  it('a language chosen on the drawn page while the app is taking it over is the one the app opens in', async () => {
    const context = await phone(env.browser);
    const page = await context.newPage();
    // The app has started (the English texts asked for) but cannot take the page over before the choice.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/en-[^/]+\.js$/, async (route) => (await released, route.continue()));
    const asked = page.waitForRequest(/\/assets\/index-[^/]+\.js$/);
    await page.goto(`${env.product.origin}/info/base`);
    await asked;
    await page.waitForTimeout(300);
    await page.getByLabel('Language').selectOption('zh-CN');
    release();
    await page.getByRole('button', { name: '发送验证码' }).waitFor();
    await expect(page.getByLabel('语言').inputValue()).resolves.toBe('zh-CN');
    await context.close();
  });

  it('a language chosen on the page is the one the next page is drawn in', async () => {
    const context = await phone(env.browser);
    const page = await context.newPage();
    const said = problems(page);
    await page.goto(`${env.product.origin}/info/base`);
    await page.getByLabel('Language').selectOption('zh-CN');
    await page.getByRole('button', { name: '发送验证码' }).waitFor();
    // Taken over as it is: no node of the drawn page is thrown away and drawn again.
    await page.addInitScript(() => {
      new MutationObserver((records) => {
        for (const removed of records.flatMap((record) => [...record.removedNodes])) if (removed instanceof Element && removed.matches('.page, .page *')) (window as { drawnReplaced?: boolean }).drawnReplaced = true;
      }).observe(document, { childList: true, subtree: true });
    });
    // Kept for the server: the cookie reaches the browser's store a moment after the page writes it.
    await expect.poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'kh_language')?.value).toBe('zh-CN');
    const response = await page.reload();
    expect(await response!.text()).toContain('开立账户');
    await page.getByLabel(/手机号码/).fill('123');
    await page.getByRole('button', { name: '发送验证码' }).click();
    // Hydrated: the click ran the app's own check of the number.
    await page.getByRole('alert').waitFor();
    expect(await page.evaluate(() => (window as { drawnReplaced?: boolean }).drawnReplaced ?? false)).toBe(false);
    expect(said).toEqual([]);
    await shot.both(page, 'login-zh-CN-after-reload');
    await context.close();
  });
});
