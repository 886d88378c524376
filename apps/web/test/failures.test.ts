// Scenario 6: the identity check fails (blurry), a retry succeeds; the payment is declined, Retry, approved.
import { describe, expect, it } from 'vitest';
import { phone, shooter, useProduct } from './harness.ts';
import { next, waitPath } from './journey.ts';
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

describe('a payment the server does not know (payStatus -1)', () => {
  it('the transit page sends the applicant back to pay, instead of loading for ever', async () => {
    const page = await (await phone(env.browser)).newPage();
    await submitNewApplication(page, env.product, 603, {
      async beforeSubmit(p) {
        await next(p);
        await waitPath(p, '/payment/start');
        // An order number of no order of this application: a link from another device, or an old tab.
        await p.goto(`${env.product.origin}/payment/transit?orderNumber=KH0000000000000`);
        await waitPath(p, '/payment/start');
        await p.getByRole('button', { name: 'Pay now' }).waitFor();
        // Back to the signature, which the journey carries on from: it pays and submits once.
        await p.getByRole('button', { name: 'Back' }).click();
        await waitPath(p, '/statement/signature');
      },
    });
  });
});
