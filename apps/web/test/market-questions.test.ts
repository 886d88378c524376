// SPEC §4: a market left unticked brings a question, every one of them in turn; ticking MY there
// brings its account-type choice before anything is saved.
import { describe, expect, it } from 'vitest';
import { phone, shooter, useProduct } from './harness.ts';
import { fillContact, login, next, waitPath } from './journey.ts';

const env = useProduct();

describe('both markets unticked', () => {
  it('asks about each, one after another; "tick it too" for MY asks for the account type first', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('17-market-questions');
    await login(page, env.product, '123480001');
    await page.getByRole('button', { name: 'Get started' }).click();
    await waitPath(page, '/info/contact');
    await fillContact(page, 8001);
    await next(page);
    await waitPath(page, '/market');
    await page.getByLabel('Open a Malaysian (MY) account').uncheck();
    await page.getByLabel('Open a US account').uncheck();
    await next(page);

    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('You have not ticked Malaysia. Would you like to open it too?').waitFor();
    await shot(page, 'question-my');
    await dialog.getByRole('button', { name: 'Open Malaysia too' }).click();
    await dialog.getByText('You have not ticked US. Would you like to open it too?').waitFor();
    await shot(page, 'question-us');
    await dialog.getByRole('button', { name: 'Not now' }).click();

    // MY is ticked now, and its account type is still to choose: nothing was saved yet.
    await expect(page.getByLabel('Open a Malaysian (MY) account').isChecked()).resolves.toBe(true);
    await expect(page.getByRole('alert').filter({ hasText: 'There is a problem' }).textContent()).resolves.toContain('Account type');
    expect(new URL(page.url()).pathname).toBe('/market');
    await shot(page, 'account-type-asked');
    await page.getByRole('group', { name: 'Account type' }).getByLabel('Cash', { exact: true }).check();
    await next(page);
    // US was declined once: not asked again.
    await waitPath(page, '/iam/start');
    const saved = await page.evaluate(async () => {
      const applyId = JSON.parse(sessionStorage.getItem('kh.flow')!).applyId;
      const res = await fetch('/api/kh/account/apply/fetch-data', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ fillStep: 2001, relatedType: 'INIT', applyId }) });
      return (await res.json()).data;
    });
    expect(saved).toMatchObject({ myMarket: true, myType: 0, hkMarket: true, usMarket: false });
  });
});
