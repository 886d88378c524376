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
    // SPEC §2's progress bar: personal to tax are the second of its three segments.
    await expect(page.locator('.progress__segments [aria-current="step"]').textContent()).resolves.toBe('Your profile');
    await expect(page.locator('.progress__segment--done').allTextContents()).resolves.toEqual(['Contact']);
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
    // SPEC §4: to the login page, with the page asked for as the target and the language.
    await waitPath(page, '/login');
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ target: '/market/again?entryCode=2&_scnl=AB12CD34', language: 'en' });
    await page.getByLabel(/Mobile number/).fill('123450901');
    await page.getByLabel('Verification code').fill(await env.product.sendCode(page, '123450901'));
    await shot(page, 'login-in-place');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => url.pathname === '/market/again' && url.searchParams.get('_scnl') === 'AB12CD34' && url.searchParams.get('entryCode') === '2');
    await page.getByLabel('Open a US account').waitFor();
    await shot(page, 'add-market-after-login');
  });
});

describe('a keystroke just before back', () => {
  it('is kept: the MyKad number typed a moment before the browser\'s back button is there on coming forward', async () => {
    const page = await (await phone(env.browser)).newPage();
    await reachIdentity(page, env.product, '123490007', 9007);
    await page.getByLabel('Full name as on the document').fill('Tan Ah Kow');
    // Typed, and back at once: within the pause after which the form takes what was typed.
    await page.getByLabel('MyKad number').pressSequentially('900101149007', { delay: 10 });
    await page.goBack();
    await showing(page, '/market', 'Market');
    await page.goForward();
    await waitPath(page, '/iam/start');
    await expect(page.getByLabel('MyKad number').inputValue()).resolves.toBe('900101149007');
    await expect(page.getByLabel('Full name as on the document').inputValue()).resolves.toBe('Tan Ah Kow');
  });
});

describe('back from the personal step', () => {
  it('is the identity step (SPEC §2), not the identity check run again and the personal step once more', async () => {
    const page = await (await phone(env.browser)).newPage();
    await reachIdentity(page, env.product, '123490008', 9008);
    await verifyIdentity(page, '900101149008');
    await waitPath(page, '/info/base');
    await page.getByLabel('Marital status').waitFor();
    await page.goBack();
    await showing(page, '/iam/start', 'Identity');
    // Verified already: Next goes on without another check.
    await next(page);
    await showing(page, '/info/base', 'Personal Details');
  });
});

describe('a path nobody knows', () => {
  it('shows the not-found page at /error (SPEC §2) and reports the page that was missing', async () => {
    const page = await (await phone(env.browser)).newPage();
    await page.goto(`${env.product.origin}/no/such/page?x=1`);
    await waitPath(page, '/error');
    await page.getByRole('heading', { name: 'Page does not exist' }).first().waitFor();
    const { errorReports } = await import('../../server/src/db/schema.ts');
    await expect.poll(async () => (await env.product.database.db.select({ message: errorReports.message }).from(errorReports)).map((r) => r.message)).toContain('Missing page: /no/such/page');
  });
});
