// Issue: the result page tells the truth. A submit the server refuses, or one the network drops,
// says so in the applicant's language with Retry; it never shows "Submitted for evaluation" for an
// application that was not submitted. And a server field error clears once the field is edited.
import { describe, expect, it } from 'vitest';
import { removeSavedStep } from '../../server/test/step-rows.ts';
import { phone, shooter, useProduct } from './harness.ts';
import { fillContact, login, next, waitPath } from './journey.ts';
import { submitNewApplication } from './new-application.ts';

const env = useProduct();

describe('submitting can fail, and the result page says so', () => {
  it('submit refused (a step went missing), then Retry once it is back', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('14-submit-refused');
    let restore: (() => Promise<void>) | undefined;
    await submitNewApplication(page, env.product, 701, {
      beforeSubmit: async () => {
        const applyId = await page.evaluate(() => JSON.parse(sessionStorage.getItem('kh.flow')!).applyId as string);
        restore = await removeSavedStep(env.product.database.db, applyId, 'work');
      },
    });
    await page.getByRole('heading', { name: 'Not submitted yet' }).waitFor();
    await expect(page.getByRole('alert').filter({ hasText: 'not submitted' }).textContent()).resolves.toContain('Please complete these steps first: Employment Details');
    expect(await page.getByText('Submitted for evaluation').count()).toBe(0);
    // The title bar says what happened, not "Complete"; the step named is a way to it.
    await expect(page.locator('.title-bar__title').textContent()).resolves.toBe('Not submitted yet');
    await shot(page, 'refused');
    await page.getByRole('button', { name: 'Complete: Employment Details' }).click();
    await waitPath(page, '/info/work');
    await page.getByLabel('Employment status').waitFor();
    // Fixed (here: the row put back), the applicant comes back to the result page, which submits.
    await restore!();
    await page.goBack();
    await waitPath(page, '/status/complete');
    await page.getByRole('heading', { name: 'Submitted for evaluation' }).waitFor();
    await shot(page, 'submitted-after-fix');
    // Submitted: the history reaches no step any more (each would refuse a save); the result stays.
    await page.goForward();
    await waitPath(page, '/status/complete');
    await page.getByRole('heading', { name: 'Submitted for evaluation' }).waitFor();
    expect(await page.getByRole('button', { name: 'Next' }).count()).toBe(0);
  });

  it('a network drop at submit says so; Retry submits once the network is back', async () => {
    const context = await phone(env.browser);
    const page = await context.newPage();
    const shot = shooter('15-submit-network-drop');
    await submitNewApplication(page, env.product, 702, {
      beforeSubmit: async () => {
        await page.route('**/apply-submit**', (route) => route.abort('internetdisconnected'));
      },
    });
    await page.getByRole('heading', { name: 'Not submitted yet' }).waitFor();
    await expect(page.getByRole('alert').filter({ hasText: 'not submitted' }).textContent()).resolves.toContain('network');
    await shot(page, 'dropped');
    await page.unroute('**/apply-submit**');
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: 'Submitted for evaluation' }).waitFor();
    // Nothing of the application stays on the device once it is submitted; the order was used.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('kh.draft.')))).toEqual([]);
    expect(await page.evaluate(() => ['kh.order', 'kh.identity'].filter((k) => sessionStorage.getItem(k) !== null))).toEqual([]);
  });
});

describe('a server field error clears when the field is edited', () => {
  it('a username already taken is refused by the server, fixed, and the step saves', async () => {
    const first = await (await phone(env.browser)).newPage();
    await login(first, env.product, '123470001');
    await first.getByRole('button', { name: 'Get started' }).click();
    await waitPath(first, '/info/contact');
    await fillContact(first, 7001);
    await next(first);
    await waitPath(first, '/market');

    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('16-server-field-error');
    await login(page, env.product, '123470002');
    await page.getByRole('button', { name: 'Get started' }).click();
    await waitPath(page, '/info/contact');
    await fillContact(page, 7002);
    await page.getByLabel('Username').fill('applicant7001');
    await next(page);
    const fieldError = page.locator('[data-field="username"] .field__error');
    await expect(fieldError.textContent()).resolves.toContain('Username already exists');
    await shot(page, 'username-taken');
    // The same value again stays refused without a round trip; an edit clears it (once the form
    // has taken the keystroke, a moment after it paints).
    await page.getByLabel('Username').fill('applicant7002');
    await expect.poll(() => fieldError.count(), { timeout: 2000 }).toBe(0);
    await next(page);
    await waitPath(page, '/market');
  });
});

describe('a rule only the server knows', () => {
  it('an unknown dealer\'s representative code: the field says so in words, never its key', async () => {
    const page = await (await phone(env.browser)).newPage();
    await login(page, env.product, '123470009');
    await page.getByRole('button', { name: 'Get started' }).click();
    await waitPath(page, '/info/contact');
    await fillContact(page, 7009);
    await page.getByRole('group', { name: 'How are you opening this account?' }).getByLabel("With a dealer's representative").check();
    await page.getByLabel("Dealer's representative code").fill('DR9999');
    await next(page);
    await page.getByText("We do not know this dealer's representative code.").first().waitFor();
    expect(await page.getByText(/server\.drUnknown/).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/info/contact');
    expect(await page.getByText("Your dealer's representative").count()).toBe(0);
    // SPEC §5: a known code names its dealer's representative under the field, as it is typed.
    await page.getByLabel("Dealer's representative code").fill('dr1001');
    await page.getByRole('status').filter({ hasText: "Your dealer's representative: Lim Wei Ming (DR1001)" }).waitFor();
    await shooter('31-dealer-representative').both(page, 'named');
    await next(page);
    await waitPath(page, '/market');
  });
});
