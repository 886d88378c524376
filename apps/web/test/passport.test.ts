// Scenario 4: a non-Malaysian with a passport: margin is refused with the SPEC message; a passport
// expiring in 3 months is refused.
import { describe, expect, it } from 'vitest';
import { phone, shooter, useProduct } from './harness.ts';
import { chooseFromSearch, fillContact, login, next, photo, waitPath } from './journey.ts';

const env = useProduct();

const back = (page: import('playwright-core').Page) => page.getByRole('button', { name: 'Back' }).first().click();

describe('a non-Malaysian applicant with a passport', () => {
  it('is refused the collateralised account and a passport valid for less than 6 months', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('4-passport');
    await login(page, env.product, '123454001');
    await page.getByRole('button', { name: 'Get started' }).click();
    await waitPath(page, '/info/contact');
    await fillContact(page, 4001);
    await next(page);
    await waitPath(page, '/market');
    await page.getByRole('group', { name: 'Account type' }).getByLabel('Collateralised (margin)').check();
    await next(page);
    await waitPath(page, '/iam/start');
    await back(page);
    await waitPath(page, '/market');
    await back(page);
    await waitPath(page, '/info/contact');
    await chooseFromSearch(page, 'Nationality', 'singa', 'Singapore');
    await next(page);

    await waitPath(page, '/market');
    await expect(page.getByLabel('Collateralised (margin)').count()).resolves.toBe(0);
    await next(page);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Non-Malaysians cannot choose a collateralised account for MY. Please re-select the account type or document type.');
    await shot(page, 'margin-refused');
    await page.getByRole('group', { name: 'Account type' }).getByLabel('Cash', { exact: true }).check();
    await next(page);

    await waitPath(page, '/iam/start');
    await page.getByRole('group', { name: 'Document type' }).getByLabel('Passport', { exact: true }).check();
    await page.getByLabel('Full name as on the document').fill('Lee Wei Ling');
    await page.getByLabel('Passport number').fill('K1234567A');
    await page.getByRole('button', { name: 'Start verification' }).click();
    await page.waitForURL(/\/sandbox\/ekyc\//);
    const image = await photo();
    await page.getByLabel('Passport photo page').setInputFiles(image);
    await page.getByLabel('A selfie').setInputFiles(image);
    await page.getByLabel('Date of birth (YYYY-MM-DD)').fill('1988-04-02');
    await page.getByLabel('Nationality (3 letters)').fill('SGP');
    const soon = new Date();
    soon.setMonth(soon.getMonth() + 3);
    await page.getByLabel('Expiry date (YYYY-MM-DD)').fill(soon.toISOString().slice(0, 10));
    await page.getByRole('button', { name: 'Submit' }).click();

    await waitPath(page, '/info/base');
    await page.getByLabel('Marital status').selectOption({ label: 'Single' });
    await page.getByLabel('Race', { exact: true }).selectOption({ label: 'Other' });
    await page.getByLabel('Race (other)').fill('Singaporean Chinese');
    await page.getByLabel('Education level').selectOption({ label: 'University' });
    await page.getByLabel('Town / city').first().fill('Singapore');
    await next(page);
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Your passport must be valid for at least 6 more months');
    await shot(page, 'passport-refused');
  });
});
