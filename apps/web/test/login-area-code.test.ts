// SPEC §5: "Mobile: area code plus number". The login offers the area codes the broker sends codes to
// (KH_SMS_COUNTRIES; Malaysia first and by default), checks the number against that code's numbering
// plan, and the contact step starts from it.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '@kh/server';
import { phone, shooter, useProduct } from './harness.ts';
import { fillContact, next, waitPath } from './journey.ts';

const env = useProduct({ sms: { ...loadConfig({ KH_DEV: '1' }).sms, countries: ['60', '65'], perIpPerHour: 1000, resendAfterSeconds: 1 } });

describe('logging in with a number outside Malaysia', () => {
  it('a Singapore mobile is checked by its own plan, logs in, and is the contact step\'s phone', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('33-login-area-code');
    await page.goto(`${env.product.origin}/status/entry`);
    // SPEC §9: the start page claims the onboarding takes minutes (5 in a browser).
    await page.getByText('Open an account in 5 minutes').waitFor();
    const areaCode = page.getByLabel('Area code');
    await expect(areaCode.inputValue()).resolves.toBe('60');
    // The list loads when first touched. A touch before the app has taken the server-drawn page over
    // is not seen (noted as an open problem): touched again until the list is there.
    const singapore = page.locator('#login-area-code option[value="65"]');
    await expect
      .poll(
        async () => {
          await areaCode.blur();
          await areaCode.focus();
          return singapore.count();
        },
        { timeout: 30_000, intervals: [500] },
      )
      .toBeGreaterThan(0);
    // Only where codes go: Singapore and Malaysia here, not Hong Kong.
    expect(await page.locator('#login-area-code option[value="852"]').count()).toBe(0);
    await areaCode.selectOption('65');
    await shot.both(page, 'singapore-chosen');
    // A number no Singapore operator was given is refused here, in words.
    await page.getByLabel(/Mobile number/).fill('12345678');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByRole('alert').filter({ hasText: /not a mobile number in use|not in use|number/i }).waitFor();
    await page.getByLabel(/Mobile number/).fill('81234567');
    const code = await env.product.sendCode(page, '81234567');
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Get started' }).click();
    await waitPath(page, '/info/contact');
    await expect(page.getByLabel('Mobile number').inputValue()).resolves.toBe('81234567');
    await expect(page.getByLabel('Area code').inputValue()).resolves.toMatch(/65/);
    await shot(page, 'contact-step');
    // The step saves with it: the server checks it against the same plan.
    await fillContact(page, 8061);
    await next(page);
    await waitPath(page, '/market');
  });
});
