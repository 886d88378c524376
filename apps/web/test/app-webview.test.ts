// The app webview context: a bridge for closing (after 400 ms), native login and the app version.
import { describe, expect, it } from 'vitest';
import { phone, useProduct } from './harness.ts';
import { fillContact, login, next, waitPath } from './journey.ts';

const env = useProduct();

const bridge = (version: string) => `window.KhBridge = { calls: [], login() { this.calls.push('login'); }, close() { this.calls.push('close:' + Date.now()); }, appVersion() { return '${version}'; }, setFullScreen(on) { this.calls.push('fullScreen:' + on); } };`;

describe('inside the app webview', () => {
  it('an old app version gets the copy-link text instead of the identity check; leaving closes the webview', async () => {
    const context = await phone(env.browser);
    await context.addInitScript(bridge('4.2.0'));
    const page = await context.newPage();
    await login(page, env.product, '123459001');
    await page.goto(`${env.product.origin}/status/entry?_app_fullScreen=y`);
    await page.getByRole('button', { name: 'Get started' }).click();
    await waitPath(page, '/info/contact');
    await fillContact(page, 9001);
    await next(page);
    await waitPath(page, '/market');
    await page.getByRole('group', { name: 'Account type' }).getByLabel('Cash', { exact: true }).check();
    await next(page);
    await waitPath(page, '/iam/start');
    await page.getByText(/Identity verification is unavailable in this version of the app/).waitFor();
    await expect(page.getByRole('button', { name: 'Copy link' }).count()).resolves.toBe(1);
    // The check cannot be done in this app: it is not offered.
    await expect(page.getByRole('button', { name: 'Start verification' }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Back' }).click();
    await waitPath(page, '/market');
    await page.getByRole('button', { name: 'Back' }).click();
    await waitPath(page, '/info/contact');
    const before = Date.now();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.waitForFunction(() => (window as unknown as { KhBridge: { calls: string[] } }).KhBridge.calls.some((c) => c.startsWith('close:')));
    const calls = await page.evaluate(() => (window as unknown as { KhBridge: { calls: string[] } }).KhBridge.calls);
    expect(calls).toContain('fullScreen:true');
    const closedAt = Number(calls.find((c) => c.startsWith('close:'))!.split(':')[1]);
    expect(closedAt - before).toBeGreaterThanOrEqual(380);
  });
});
