// Scenario 2: rejected on two items (bank statement, ID document): only those are editable, the
// document upload appears, resubmit, approve.
import { describe, expect, it } from 'vitest';
import { phone, shooter, useProduct } from './harness.ts';
import { next, upload, verifyIdentity, waitPath } from './journey.ts';
import { submitNewApplication } from './new-application.ts';

const env = useProduct();

describe('a rejected application is fixed on the rejected items only and resubmitted', () => {
  it('ID document and bank statement rejected: identity again, document upload, the statement; then approved', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('2-rejection');
    const { nric } = await submitNewApplication(page, env.product, 201);
    const list = await env.product.staff('GET', '/staff/applications?status=2');
    const applyId = (list.data.items as { id: string }[])[0].id;
    await env.product.staff('POST', `/staff/applications/${applyId}/reject`, { items: ['2005-bankStatement', '2002-idDocument'], note: 'Your statement must show your name — the one sent shows only the account number.' });

    // The rejection page's code comes while the status page is read, before its button is pressed.
    const outcomePagesAsked = page.waitForRequest((request) => /\/assets\/OutcomePages-[\w-]+\.js$/.test(new URL(request.url()).pathname));
    await page.goto(`${env.product.origin}/status/entry`);
    await page.getByRole('heading', { name: 'Review failed' }).waitFor();
    await outcomePagesAsked;
    // SPEC §3: customer service's phone and e-mail, as the server names them.
    await page.getByText('Customer service: 1300-22-1233').waitFor();
    expect(await page.getByRole('link', { name: 'customer.service@broker.example' }).getAttribute('href')).toBe('mailto:customer.service@broker.example');
    await shot(page, 'rejected');
    await page.getByRole('button', { name: 'Modify' }).click();
    await waitPath(page, '/status/rejected');
    // The reasons' names load with the page (the dictionary is its own chunk).
    await page.getByText('Bank statement unclear or not in the applicant\'s name').waitFor();
    await expect(page.getByText('Bank statement unclear or not in the applicant\'s name').count()).resolves.toBe(1);
    // The reviewer's note, as written, under the translated reasons.
    await page.getByText('A note from our reviewer').waitFor();
    await page.getByText('Your statement must show your name — the one sent shows only the account number.').waitFor();
    await shot(page, 'reasons');
    await page.getByRole('button', { name: 'Modify Information' }).click();

    await waitPath(page, '/iam/start');
    await verifyIdentity(page, nric);
    await waitPath(page, '/iam/upload');
    // SPEC §8's photo hints, where the photos are asked for.
    await page.getByText('Photos must be clear and complete, without glare or shadow.').waitFor();
    await shot(page, 'document-upload');
    await upload(page, 'Front of the document');
    await upload(page, 'Back of the document');
    await next(page);

    await waitPath(page, '/info/financial');
    expect(await page.getByLabel('Bank account number').getAttribute('readonly')).not.toBeNull();
    await upload(page, 'Bank statement');
    await shot(page, 'financial-rejected');
    await next(page);

    await waitPath(page, '/status/complete');
    await page.getByRole('heading', { name: 'Submitted for evaluation' }).waitFor();
    await env.product.approve(applyId, 19);
    await page.goto(`${env.product.origin}/status/entry`);
    await page.getByRole('heading', { name: 'Account opened successfully' }).waitFor();
    await shot(page, 'approved');
  });
});
