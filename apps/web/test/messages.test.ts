// The messages an applicant reads say what is wrong and where: the error summary names each field,
// and a mobile number in an unallocated range is told so.
import { describe, expect, it } from 'vitest';
import { phone, shooter, useProduct } from './harness.ts';
import { chooseFromSearch, login, next, waitPath } from './journey.ts';

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
  it('another area code is judged by its own numbering plan, which loads when it is chosen', async () => {
    const page = await (await phone(env.browser)).newPage();
    const plans: string[] = [];
    page.on('request', (request) => /metadata\.mobile|numbering-plan/.test(request.url()) && plans.push(new URL(request.url()).pathname));
    // The plans arrive after the field is left: only their arrival can show the error.
    await page.route(/metadata\.mobile/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await login(page, env.product, '123491002');
    await page.getByRole('button', { name: 'Get started' }).click();
    await waitPath(page, '/info/contact');
    await page.getByLabel('Mobile number').fill('123491003');
    await page.getByLabel('Mobile number').blur();
    // Malaysia's plan alone so far: the whole set is not loaded for a Malaysian number.
    expect(plans.some((path) => path.includes('metadata.mobile'))).toBe(false);
    await chooseFromSearch(page, 'Area code', 'Hong Kong', '+852 Hong Kong');
    // A Hong Kong landline: the plans arrive, and the field is judged again without another keystroke.
    await page.getByLabel('Mobile number').fill('21234567');
    await page.getByLabel('Mobile number').blur();
    await page.getByText('This is not a mobile number in use for this area code. Please check it.').waitFor();
    expect(plans.some((path) => path.includes('metadata.mobile'))).toBe(true);
    await page.getByLabel('Mobile number').fill('51234567');
    // A Hong Kong mobile: the message goes (the check runs in a transition, so not within the keystroke).
    await page.getByText('This is not a mobile number in use for this area code. Please check it.').waitFor({ state: 'detached' });
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
