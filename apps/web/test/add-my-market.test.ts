// Scenario 3b: adding the Malaysian market after HK and US opened. The add-market page leaves the
// supplement info in a cookie; the market page restores it and removes it (SPEC §4 supplementary
// mode); then personal, financial, tax, agreements, signature and the RM 11 payment for the
// supplement (businessType 3), and staff open MY on the same account.
import { describe, expect, it } from 'vitest';
import { phone, shooter, useProduct } from './harness.ts';
import { agreeAndSign, approveSupplement, drawSignature, next, openMoreMarketsAfterApproval, payAtGateway, waitPath } from './journey.ts';
import { submitNewApplication } from './new-application.ts';

const env = useProduct();
const MY = 16;
const HK_US = 3;

describe('adding the MY market after HK and US opened', () => {
  it('goes add-market, market, personal, financial, tax, agreements, signature, payment; MY opens on the account', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('3b-add-my-market');
    await submitNewApplication(page, env.product, 311, { withoutMy: true });
    const visited = await openMoreMarketsAfterApproval(page, env.product, HK_US);
    await page.getByLabel('Open a Malaysian (MY) account').waitFor();
    await expect(page.getByLabel('Open a US account').count()).resolves.toBe(0);
    await shot.both(page, 'add-market');
    await page.getByLabel('Open a Malaysian (MY) account').check();
    await page.getByRole('button', { name: 'Next' }).click();

    await waitPath(page, '/market');
    await expect(page.getByLabel('Open a Malaysian (MY) account').isChecked()).resolves.toBe(true);
    // The market page (once shown) has read the cookie and removed it.
    await expect.poll(() => page.evaluate(() => document.cookie)).not.toContain('supplement');
    await expect(page.getByLabel('Open a Hong Kong (HK) account').count()).resolves.toBe(0);
    // Nothing is left to choose for HK and US, so their card is not shown at all.
    await expect(page.getByRole('group', { name: 'Hong Kong and US' }).count()).resolves.toBe(0);
    await page.getByRole('group', { name: 'Account type' }).getByLabel('Cash', { exact: true }).check();
    await shot.both(page, 'market');
    await next(page);

    await waitPath(page, '/info/base');
    await expect(page.getByLabel('Name as on the document').inputValue()).resolves.toBe('TAN AH KOW');
    await shot(page, 'personal');
    await next(page);
    await waitPath(page, '/info/financial');
    await page.getByLabel('Bank account number').waitFor();
    // A new step opens at its top (personal was scrolled down to its Next button), named in the tab.
    await expect(page.evaluate(() => window.scrollY)).resolves.toBe(0);
    await expect(page.title()).resolves.toBe('Financial Profile – Open an account');
    // The statement on file is named as it was sent, and shown.
    const statement = page.locator('[data-field="bankStatement"]');
    await statement.getByText('photo.png').waitFor();
    await expect.poll(() => statement.getByRole('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await shot.both(page, 'financial');
    await next(page);
    await waitPath(page, '/info/tax');
    await shot(page, 'tax');
    await next(page);

    // Turned to landscape and back mid-signature: the pad is refitted and the signature stays.
    await agreeAndSign(page, (p) => drawSignature(p, { rotate: true }));

    await waitPath(page, '/payment/start');
    // SPEC §9: the fee is paid from a bank login of the applicant's own.
    await page.getByText('The bank login must be your own.').waitFor();
    await shot.both(page, 'payment');
    // ky sends a Request whose body Chromium does not report to the test: read it in the page
    // (every page from here: the gateway is a page of its own).
    await page.addInitScript(() => {
      const original = window.fetch;
      window.fetch = (input, init) => {
        if (input instanceof Request && input.url.includes('/supplement/submit')) void input.clone().text().then((body) => ((window as unknown as { submitBody: string }).submitBody = body));
        return original(input, init);
      };
    });
    await page.getByRole('button', { name: 'Pay now' }).click();
    await payAtGateway(page, 'approve');
    await waitPath(page, '/status/complete');
    await page.getByRole('heading', { name: 'Submitted for evaluation' }).waitFor();
    // SPEC §4: the supplement's submit names the market, the account type and the application.
    const submitBody = await page.evaluate(() => (window as unknown as { submitBody?: string }).submitBody);
    expect(JSON.parse(submitBody ?? 'null')).toMatchObject({ marketType: MY, accountType: 0, applyId: expect.any(String) });
    await shot.both(page, 'submitted');
    // No second identity check and no work step: the account already holds them.
    expect(visited.filter((p) => p.startsWith('/iam') || p === '/info/work')).toEqual([]);

    const supplementId = ((await env.product.staff('GET', '/staff/applications?status=2')).data.items as { id: string; relatedType: string }[]).find((a) => a.relatedType === 'SUPPLEMENT')!.id;
    const detail = (await env.product.staff('GET', `/staff/applications/${supplementId}`)).data as { payments: { payStatus: number }[] };
    expect(detail.payments.map((p) => p.payStatus)).toContain(0);
    await expect(approveSupplement(page, env.product, MY)).resolves.toBe(HK_US | MY);
  });
});
