// Scenario 6: the identity check fails (blurry), a retry succeeds; the payment is declined, Retry, approved.
import { describe, expect, it } from 'vitest';
import { phone, shooter, useProduct } from './harness.ts';
import { submitNewApplication } from './new-application.ts';

const env = useProduct();

describe('eKYC failure then retry; payment declined then Retry then approved', () => {
  it('reaches the submitted page after both retries', async () => {
    const page = await (await phone(env.browser)).newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await submitNewApplication(page, env.product, 601, { shot: shooter('6-failures'), ekyc: ['blurry'], payment: ['decline'] });
    await page.getByRole('heading', { name: 'Submitted for evaluation' }).waitFor();
    expect(errors).toEqual([]);
  });
});
