// Scenario 6: the identity check fails (blurry), a retry succeeds; the payment is declined, Retry, approved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, phone, shooter, startProduct, type Product } from './harness.ts';
import { submitNewApplication } from './new-application.ts';

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

describe('eKYC failure then retry; payment declined then Retry then approved', () => {
  it('reaches the submitted page after both retries', async () => {
    const page = await (await phone(browser)).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await submitNewApplication(page, product, 601, { shot: shooter('6-failures'), ekyc: ['blurry'], payment: ['decline'] });
    await page.getByRole('heading', { name: 'Submitted for evaluation' }).waitFor();
    expect(errors).toEqual([]);
  });
});
