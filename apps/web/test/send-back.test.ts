// A case sent back with more than "rejected": a request for more information is told as a request
// (its own title, label, intro and button) and answered on the item named alone; a final rejection
// says it is final and offers no way back into the steps, on the status page and the rejection page.
import { describe, expect, it } from 'vitest';
import { phone, shooter, useProduct } from './harness.ts';
import { next, upload, waitPath } from './journey.ts';
import { submitNewApplication } from './new-application.ts';

const env = useProduct();

async function submittedCase(n: number) {
  const page = await (await phone(env.browser)).newPage();
  await submitNewApplication(page, env.product, n);
  // The case just submitted: the newest.
  const list = await env.product.staff('GET', '/staff/applications?status=2&sort=submittedAt&order=desc');
  const applyId = (list.data.items as { id: string }[])[0].id;
  return { page, applyId };
}

describe('sent back to the applicant', () => {
  it('a request for more information: told as a request, answered on the bank statement alone, back under review', async () => {
    const { page, applyId } = await submittedCase(211);
    const shot = shooter('2-more-information');
    await env.product.staff('POST', `/staff/applications/${applyId}/request-information`, { items: ['2005-bankStatement'], note: 'Please send the full statement for October, all pages.', comments: { '2005-bankStatement': 'Pages 2 and 3 are missing.' } });

    await page.goto(`${env.product.origin}/status/entry`);
    await page.getByRole('heading', { name: 'We need a little more information' }).waitFor();
    await page.getByText('More information needed').waitFor();
    await shot(page, 'status');
    await page.getByRole('button', { name: 'Provide information' }).click();
    await waitPath(page, '/status/rejected');
    await page.getByText('Your application is not rejected.', { exact: false }).waitFor();
    await page.getByText("Bank statement unclear or not in the applicant's name").waitFor();
    // The reviewer's comment on the item, beside it, as written.
    await page.getByRole('listitem').filter({ hasText: 'Bank statement' }).getByText('Pages 2 and 3 are missing.').waitFor();
    await page.getByText('Please send the full statement for October, all pages.').waitFor();
    await shot(page, 'request');
    await page.getByRole('button', { name: 'Provide information' }).click();

    await waitPath(page, '/info/financial');
    expect(await page.getByLabel('Bank account number').getAttribute('readonly')).not.toBeNull();
    await upload(page, 'Bank statement');
    await next(page);
    await waitPath(page, '/status/complete');
    await page.getByRole('heading', { name: 'Submitted for evaluation' }).waitFor();
  });

  it('a final rejection: the status page and the reasons say it is final, with no button into the steps', async () => {
    const { page, applyId } = await submittedCase(212);
    const shot = shooter('2-rejected-final');
    await env.product.staff('POST', `/staff/applications/${applyId}/reject`, { items: ['2004-incomeProof'], final: true });

    await page.goto(`${env.product.origin}/status/entry`);
    await page.getByRole('heading', { name: 'Your application was not approved' }).waitFor();
    await page.getByText('Not approved', { exact: true }).waitFor();
    await page.getByText('This decision is final', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: /Modify|Provide information|Get started|Continue/ }).count()).toBe(0);
    await shot(page, 'status');
    // The reasons are one tap away; the page they are on leads nowhere.
    await page.getByRole('button', { name: 'See the reasons' }).click();
    await waitPath(page, '/status/rejected');
    await page.getByText('Income proof unclear or missing').waitFor();
    await page.getByText('This decision is final', { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: /Modify|Provide information/ }).count()).toBe(0);
    await shot(page, 'reasons');
  });
});
