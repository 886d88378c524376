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
});
