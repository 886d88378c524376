// The messages an applicant reads say what is wrong and where: the error summary names each field,
// and a mobile number in an unallocated range is told so.
import { describe, expect, it } from 'vitest';
import { phone, shooter, useProduct } from './harness.ts';
import { login, next, waitPath } from './journey.ts';

const env = useProduct();

describe('messages', () => {
  it('a mobile number in an unallocated range gets a message that says so, not "7-12 digits"', async () => {
    const page = await (await phone(env.browser)).newPage();
    await page.goto(`${env.product.origin}/status/entry`);
    await page.getByLabel(/Mobile number/).fill('100000000');
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('This is not a mobile number in use for this area code. Please check it.');
    // The sandbox says so on every page.
    await page.getByRole('note').filter({ hasText: 'Sandbox: test data only' }).waitFor();
    await shooter('21-messages')(page, 'mobile-unallocated');
  });
  it('the error summary names each field ("Username: Please enter")', async () => {
    const page = await (await phone(env.browser)).newPage();
    await login(page, env.product, '123491001');
    await page.getByRole('button', { name: 'Get started' }).click();
    await waitPath(page, '/info/contact');
    await next(page);
    const items = await page.locator('.error-summary__list li').allTextContents();
    expect(items).toEqual(expect.arrayContaining(['E-mail: Please enter', 'Username: Please enter']));
    expect(items.every((item) => item.includes(': '))).toBe(true);
  });
});
