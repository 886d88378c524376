// Issue: the identity that was checked is the identity that is opened. The swap refused, a minor
// refused before a face scan, and a resume on a new device after the check.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { phone, shooter, useProduct } from './harness.ts';
import { completeProvider, login, reachIdentity, verifyIdentity, waitPath } from './journey.ts';

const env = useProduct();

const fillData = (page: Page, data: Record<string, unknown>) =>
  page.evaluate(async (body) => {
    const applyId = JSON.parse(sessionStorage.getItem('kh.flow')!).applyId;
    const res = await fetch('/api/kh/account/apply/fill-data?language=en', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fillStep: 2003, relatedType: 'INIT', applyId, data: body }) });
    return { status: res.status, body: await res.json() };
  }, data);

describe('identity: what was verified is what is opened', () => {
  it('the identity swap is refused: the personal step shows the verified MyKad, locked, and the server refuses another', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('11-identity-swap');
    await reachIdentity(page, env.product, `1236${String(10000 + 1)}`, 6000 + 1);
    await verifyIdentity(page, '900101-14-6001');
    await waitPath(page, '/info/base');
    const nric = page.getByLabel('MyKad number');
    await expect(nric.inputValue()).resolves.toBe('900101146001');
    await expect(nric.evaluate((el) => (el as HTMLInputElement).readOnly || (el as HTMLInputElement).disabled)).resolves.toBe(true);
    await expect(page.getByText('Verified by your identity check').count()).resolves.toBeGreaterThanOrEqual(5);
    await shot.both(page, 'personal-locked');
    // Around the page, straight at the API: another MyKad, same answers otherwise.
    const refused = await fillData(page, { name: 'TAN AH KOW', nationalityCode: 'MYS', identityKind: 106, idNo: '850505105555', gender: 1, birthDate: '1985-05-05', maritalStatus: 1, race: 2, education: 4 });
    expect(refused.status).toBe(400);
    const nricError = refused.body.data.fields.find((f: { field: string }) => f.field === 'nricNumber');
    expect(nricError.message).toBe('This must match the document your identity check verified. To open with another document, verify that document instead.');
  });

  it('refuses early: a minor\'s MyKad is refused on /iam/start before a face scan is spent; dashes are accepted', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('12-identity-minor');
    await reachIdentity(page, env.product, `1236${String(10000 + 2)}`, 6000 + 2);
    await page.getByLabel('Full name as on the document').fill('Tan Xiao Ming');
    await page.getByLabel('MyKad number').fill('100215-10-5571');
    await expect(page.getByLabel('MyKad number').inputValue()).resolves.toBe('100215105571');
    await page.getByLabel('MyKad number').press('Tab');
    await page.getByText('Account opening requires the applicant to be at least 18').waitFor();
    await page.getByRole('button', { name: 'Start verification' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'There is a problem' });
    await expect(summary.textContent()).resolves.toContain('MyKad number: Account opening requires the applicant to be at least 18 and not over 99.');
    await shot(page, 'minor-refused');
    expect(new URL(page.url()).pathname).toBe('/iam/start');
    // An adult's number, typed with dashes, goes on to the provider.
    await page.getByLabel('MyKad number').fill('900215-10-5571');
    await page.getByRole('button', { name: 'Start verification' }).click();
    await page.waitForURL(/\/sandbox\/ekyc\//);
  });

  it('resumes on a new device after the identity check: every step from the server, /iam/start included', async () => {
    const first = await (await phone(env.browser)).newPage();
    const shot = shooter('13-identity-new-device');
    await reachIdentity(first, env.product, `1236${String(10000 + 3)}`, 6000 + 3);
    await verifyIdentity(first, '900101146003');
    await waitPath(first, '/info/base');

    const other = await (await phone(env.browser)).newPage();
    await login(other, env.product, '123610003');
    await other.getByRole('button', { name: 'Continue' }).click();
    // The draft resumes on the page the applicant was on (SPEC §7's fill-step call), the personal
    // step, starting from what the check verified.
    await waitPath(other, '/info/base');
    await expect(other.getByLabel('MyKad number').inputValue()).resolves.toBe('900101146003');
    await shot(other, 'personal-on-new-device');
    // The identity step before it holds the check, verified.
    await other.getByRole('button', { name: 'Back' }).click();
    await waitPath(other, '/iam/start');
    await expect(other.getByLabel('Full name as on the document').inputValue()).resolves.toBe('TAN AH KOW');
    await expect(other.getByLabel('MyKad number').inputValue()).resolves.toBe('900101146003');
    await other.getByText('Your identity is verified').waitFor();
    await shot(other, 'identity-on-new-device');
    await other.getByRole('button', { name: 'Next' }).click();
    await waitPath(other, '/info/base');
  });
});

describe('back from the identity provider\'s page', () => {
  it('the transit page says the check was not finished and leads back to it, instead of loading for ever; the check then runs', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('31-back-from-provider');
    await reachIdentity(page, env.product, '123480041', 8041);
    await page.getByLabel('Full name as on the document').fill('Tan Ah Kow');
    await page.getByLabel('MyKad number').fill('900101148041');
    await page.getByRole('button', { name: /Start verification|Next/ }).click();
    await page.waitForURL(/\/sandbox\/ekyc\//);
    await page.goBack();
    await waitPath(page, '/iam/transit');
    await page.getByRole('heading', { name: 'Identity check not finished' }).waitFor();
    await shot(page, 'not-finished');
    await page.getByRole('button', { name: 'Back to the identity check' }).click();
    await waitPath(page, '/iam/start');
    // Started again (after the server's minimum interval between starts), it completes.
    await expect.poll(async () => {
      await page.getByRole('button', { name: /Start verification|Next/ }).click();
      return page.waitForURL(/\/sandbox\/ekyc\//, { timeout: 3000 }).then(() => true, () => false);
    }, { timeout: 30_000, intervals: [2000] }).toBe(true);
    await completeProvider(page);
    await waitPath(page, '/info/base');
  });
});
