// Scenario 1: a new Malaysian applicant, MY cash + HK + US: OTP login from the sandbox outbox, every
// step, eKYC sandbox success, signature drawn with the mouse, payment approved, submitted; a staff
// approval through the staff API; then the successful page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, phone, shooter, startProduct, type Product } from './harness.ts';
import { chooseFromSearch, drawSignature, fillContact, login, next, payAtGateway, upload, verifyIdentity, waitPath } from './journey.ts';

let product: Product;
let browser: Browser;
beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await product?.close();
});

describe('a new Malaysian applicant opens MY cash, HK and US', () => {
  it('goes through every step, is approved, and sees the successful page', async () => {
    const page = await (await phone(browser)).newPage();
    const shot = shooter('1-new-applicant');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, product, '123450101');
    await shot(page, 'start');
    await page.getByRole('button', { name: 'Get started' }).click();

    await waitPath(page, '/info/contact');
    await fillContact(page, 101);
    await shot(page, 'contact');
    await next(page);

    await waitPath(page, '/market');
    await page.getByRole('group', { name: 'Account type' }).getByLabel('Cash', { exact: true }).check();
    await shot(page, 'market');
    await next(page);

    await waitPath(page, '/iam/start');
    await shot(page, 'identity');
    await verifyIdentity(page, '900101141234');

    await waitPath(page, '/info/base');
    await expect(page.getByLabel('Name as on the document').inputValue()).resolves.toBe('TAN AH KOW');
    await page.getByLabel('Marital status').selectOption({ label: 'Single' });
    await page.getByLabel('Race', { exact: true }).selectOption({ label: 'Chinese' });
    await page.getByLabel('Education level').selectOption({ label: 'University' });
    await shot(page, 'personal');
    await next(page);

    await waitPath(page, '/info/work');
    await page.getByLabel('Employment status').selectOption({ label: 'Employed' });
    await chooseFromSearch(page, 'Industry', 'bank', 'Banking and finance');
    await chooseFromSearch(page, 'Occupation', 'manager', 'Manager');
    await page.getByLabel('Company name').fill('ACME SDN BHD');
    await page.getByLabel('Years of service').fill('5');
    await page.getByLabel('Office phone').fill('0321234567');
    await page.getByLabel('Annual income (MYR)').selectOption({ index: 2 });
    await page.getByLabel('Estimated net worth (MYR)').selectOption({ index: 1 });
    await page.getByRole('group', { name: 'Source of income' }).getByLabel('Salary').check();
    await upload(page, 'Payslip, B or BE form, or EPF statement');
    await shot(page, 'work');
    await next(page);

    await waitPath(page, '/info/financial');
    await page.getByLabel('Total net worth (MYR)').selectOption({ index: 1 });
    await chooseFromSearch(page, 'Bank name', 'mayb', 'Maybank');
    await page.getByLabel('Bank account number').fill('1234567890');
    await upload(page, 'Bank statement');
    await page.getByLabel('This account is in my own name, not a joint or third-party account').check();
    await shot(page, 'financial');
    await next(page);

    await waitPath(page, '/info/investment');
    await page.getByRole('group', { name: 'Investment period' }).getByLabel('1 - 5 years').check();
    await page.getByRole('group', { name: 'Risk tolerance' }).getByLabel('Medium').check();
    await page.getByRole('group', { name: /Investment objectives/ }).getByLabel('Income').check();
    await page.getByLabel('Stock investment experience').selectOption({ index: 2 });
    await page.getByRole('group', { name: 'Do you have a CDS account with another broker?' }).getByLabel('No').check();
    await shot(page, 'investment');
    await next(page);

    await waitPath(page, '/info/tax');
    await page.getByLabel('City of birth').fill('Kuala Lumpur');
    await page.getByRole('group', { name: /tax resident of any country other than Malaysia/ }).getByLabel('No').check();
    await page.getByRole('group', { name: 'Foreign Exchange Policy declaration' }).getByLabel(/without domestic ringgit borrowing/).check();
    await shot(page, 'tax');
    await next(page);

    await waitPath(page, '/statement');
    await page.getByRole('group', { name: /related to anyone working at the broker/ }).getByLabel('No').check();
    await page.getByRole('group', { name: /politically exposed person/ }).getByLabel('No').check();
    await page.getByLabel(/I am opening this account for myself/).check();
    await page.getByLabel(/I confirm the information given is true/).check();
    await shot(page, 'declaration');
    await next(page);

    await waitPath(page, '/statement/sign');
    await page.getByRole('link', { name: /US withholding tax form/ }).waitFor();
    await page.getByLabel('I have read and agree to the documents above').check();
    await shot(page, 'agreement');
    await next(page);

    await waitPath(page, '/statement/signature');
    await drawSignature(page);
    await shot(page, 'signature');
    await next(page);

    await waitPath(page, '/payment/start');
    await shot(page, 'payment');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await payAtGateway(page, 'approve');
    await waitPath(page, '/status/complete');
    await page.getByRole('heading', { name: 'Submitted for evaluation' }).waitFor();
    await shot(page, 'submitted');

    const check = await (await fetch(`${product.origin}/staff/applications?status=2`, { headers: { authorization: `Bearer ${await product.staffToken()}` } })).json();
    const applyId = check.data.items[0].id as string;
    await product.staff('POST', `/staff/applications/${applyId}/approve`, { markets: 19 });
    await page.reload();
    await page.getByRole('heading', { name: 'Account opened successfully' }).waitFor();
    await shot(page, 'successful');
    expect(errors).toEqual([]);
  });
});
