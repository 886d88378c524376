// Scenario 3: adding a market (US) after success: the supplementary path skips identity and work, and
// makes no payment.
import { describe, expect, it } from 'vitest';
import { phone, shooter, useProduct } from './harness.ts';
import { agreeAndSign, approveSupplement, openMoreMarketsAfterApproval, typeSignature, waitPath } from './journey.ts';
import { submitNewApplication } from './new-application.ts';

const env = useProduct();

describe('adding the US market after the account opened', () => {
  it('goes add-market, agreements, signature, submitted; no identity, no work, no payment', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('3-add-market');
    await submitNewApplication(page, env.product, 301, { withoutUs: true });
    const visited = await openMoreMarketsAfterApproval(page, env.product, 17);
    await shot(page, 'add-market');
    await page.getByLabel('Open a US account').check();
    await page.getByRole('button', { name: 'Next' }).click();

    // Signed from the keyboard, without a pointer.
    await agreeAndSign(page, typeSignature);
    await waitPath(page, '/status/complete');
    await page.getByRole('heading', { name: 'Submitted for evaluation' }).waitFor();
    await shot(page, 'submitted');
    expect(visited.filter((p) => p.startsWith('/iam') || p === '/info/work' || p.startsWith('/payment'))).toEqual([]);

    await expect(approveSupplement(page, env.product, 2)).resolves.toBe(19);
  });
});
