// Navigation as a browser user expects: back and forward move through the flow machine, the URL and
// the page never drift apart, and a deep link survives the login.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { phone, shooter, useProduct } from './harness.ts';
import { next, reachIdentity, verifyIdentity, waitPath } from './journey.ts';
import { fillPersonal, fillWork, submitNewApplication } from './new-application.ts';

const env = useProduct();

/** The page shown is the step the URL names: its title in the bar. */
async function showing(page: Page, path: string, title: string) {
  await waitPath(page, path);
  await page.locator('.title-bar, h1').filter({ hasText: title }).first().waitFor();
}

describe('browser back and forward', () => {
  it('move through five steps with the machine; a step not reached yet shows the machine\'s page', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('18-back-forward');
    await reachIdentity(page, env.product, '123490001', 9001);
    await verifyIdentity(page, '900101149001');
    await waitPath(page, '/info/base');
    await fillPersonal(page);
    await next(page);
    await waitPath(page, '/info/work');
    await fillWork(page);
    await next(page);
    await showing(page, '/info/financial', 'Financial Profile');

    await page.goBack();
    await showing(page, '/info/work', 'Employment Details');
    await expect(page.getByLabel('Company name').inputValue()).resolves.toBe('ACME SDN BHD');
    await page.goBack();
    await showing(page, '/info/base', 'Personal Details');
    await shot(page, 'back-twice');
    await page.goForward();
    await showing(page, '/info/work', 'Employment Details');
    await page.goForward();
    await showing(page, '/info/financial', 'Financial Profile');
    await page.goBack();
    await showing(page, '/info/work', 'Employment Details');
    await shot(page, 'back-forward-back');

    // A step the applicant has not reached: the machine's page, and the URL follows it.
    await page.goto(`${env.product.origin}/statement/sign`);
    await showing(page, '/info/work', 'Employment Details');
  });
});

describe('a deep link through login', () => {
  it('/market/again?entryCode=…&_scnl=… returns to its target, with its query, after login', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('19-deep-link-login');
    await submitNewApplication(page, env.product, 901, { withoutUs: true });
    const [init] = (await env.product.staff('GET', '/staff/applications?status=2')).data.items as { id: string }[];
    await env.product.approve(init.id, 17);
    await page.goto(`${env.product.origin}/status/entry`);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByLabel(/Mobile number/).waitFor();

    await page.goto(`${env.product.origin}/market/again?entryCode=2&_scnl=AB12CD34`);
    await page.getByLabel(/Mobile number/).fill('123450901');
    await page.getByLabel('Verification code').fill(await env.product.sendCode(page, '123450901'));
    await shot(page, 'login-in-place');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/market/again' && url.searchParams.get('_scnl') === 'AB12CD34' && url.searchParams.get('entryCode') === '2');
    await page.getByLabel('Open a US account').waitFor();
    await shot(page, 'add-market-after-login');
  });
});
