// SPEC §8: "Your login has expired, please log in again". A session that ends while the applicant
// works sends them to the login page, which says why; logged in again, they are back on the step
// with what they typed.
import { describe, expect, it } from 'vitest';
import { sessions } from '../../server/src/db/schema.ts';
import { phone, shooter, useProduct } from './harness.ts';
import { fillContact, login, next, waitPath } from './journey.ts';

const env = useProduct();

describe('an expired session', () => {
  it('the login page says the login expired; after logging in the step is there with its answers', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('30-session-expired');
    const mobile = '123480031';
    await login(page, env.product, mobile);
    await page.getByRole('button', { name: 'Get started' }).click();
    await waitPath(page, '/info/contact');
    await fillContact(page, 8031);
    // The session ends on the server (idle, or logged out elsewhere): this product holds no other.
    await env.product.database.db.delete(sessions);
    await next(page);
    await waitPath(page, '/login');
    await page.getByText('Your login has expired, please log in again').waitFor();
    expect(new URL(page.url()).searchParams.get('target')).toBe('/info/contact');
    await shot.both(page, 'login-says-why');
    await page.getByLabel(/Mobile number/).fill(mobile);
    const code = await env.product.sendCode(page, mobile);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Log in' }).click();
    await waitPath(page, '/info/contact');
    await expect(page.getByLabel('Username').inputValue()).resolves.toBe('applicant8031');
  });

  it('two minutes before the idle end a warning says so, with a way to stay; left alone, the login page says why and the answers are kept', async () => {
    const context = await phone(env.browser);
    const page = await context.newPage();
    const shot = shooter('51-session-warning');
    // The page's own clock, moved on by the test: the server's session stays as the page last used it.
    await page.clock.install();
    const mobile = '123480032';
    await login(page, env.product, mobile);
    await page.getByRole('button', { name: 'Get started' }).click();
    await waitPath(page, '/info/contact');
    await fillContact(page, 8032);
    await page.clock.fastForward('27:30');
    const warning = page.getByRole('alertdialog', { name: /You will be signed out in \d minutes?/ });
    await warning.waitFor();
    await warning.getByText(/after 30 minutes without activity, at .*\. Your answers so far are kept\./).waitFor();
    await shot.both(page, 'warning');
    const kept = page.waitForRequest(/\/passport\/session\/keep/);
    await warning.getByRole('button', { name: 'Stay signed in' }).click();
    await kept;
    await warning.waitFor({ state: 'detached' });
    // Left alone this time: the server's session ends with the idle time, and the page's countdown on the login page, which says why.
    await env.product.database.db.update(sessions).set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) });
    await page.clock.fastForward('30:00');
    await waitPath(page, '/login');
    // The new page's timers run on the test's clock too: let them.
    await page.clock.runFor(5_000);
    await page.getByText('Your login has expired, please log in again').waitFor();
    await shot(page, 'login-after-timeout');
    expect(new URL(page.url()).searchParams.get('target')).toBe('/info/contact');
  });
});
