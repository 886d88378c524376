// Scenario 3: adding a market (US) after success: the supplementary path skips identity and work, and
// makes no payment.
import { describe, expect, it } from 'vitest';
import { phone, shooter, useProduct } from './harness.ts';
import { agreeAndSign, approveSupplement, waitPath } from './journey.ts';
import { submitNewApplication } from './new-application.ts';

const env = useProduct();

describe('adding the US market after the account opened', () => {
  it('goes add-market, agreements, signature, submitted; no identity, no work, no payment', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('3-add-market');
    await submitNewApplication(page, env.product, 301, { withoutUs: true });
    const init = (await env.product.staff('GET', '/staff/applications?status=2')).data.items as { id: string }[];
    await env.product.staff('POST', `/staff/applications/${init[0].id}/approve`, { markets: 17 });

    const visited: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
    await page.goto(`${env.product.origin}/status/entry`);
    await page.getByRole('heading', { name: 'Account opened successfully' }).waitFor();
    await page.getByRole('button', { name: 'Open more markets' }).click();
    await waitPath(page, '/market/again');
    await shot(page, 'add-market');
    await page.getByLabel('Open a US account').check();
    await page.getByRole('button', { name: 'Next' }).click();

    await agreeAndSign(page);
    await waitPath(page, '/status/complete');
    await page.getByRole('heading', { name: 'Submitted for evaluation' }).waitFor();
    await shot(page, 'submitted');
    expect(visited.filter((p) => p.startsWith('/iam') || p === '/info/work' || p.startsWith('/payment'))).toEqual([]);

    await expect(approveSupplement(page, env.product, 2)).resolves.toBe(19);
  });
});
