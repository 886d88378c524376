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

describe('a slow card gateway', () => {
  it('the page being left for it does not decide that the payment failed', async () => {
    const page = await (await phone(env.browser)).newPage();
    const visited: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
    // The gateway's page takes longer to come than the transit page's whole polling (20 × 300 ms).
    let delayed = false;
    await page.route(/\/sandbox\/ghl\/[^/]+$/, async (route) => {
      if (!delayed) {
        delayed = true;
        await new Promise((resolve) => setTimeout(resolve, 9000));
      }
      await route.continue();
    });
    await submitNewApplication(page, env.product, 602);
    expect(delayed).toBe(true);
    expect(visited).not.toContain('/payment/fail');
  });
});
