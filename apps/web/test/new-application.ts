// The whole new-applicant journey up to the submitted page, as scenario 1 walks it.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Product } from './harness.ts';
import { chooseFromSearch, drawSignature, fillContact, login, next, payAtGateway, upload, verifyIdentity, waitPath } from './journey.ts';

export interface JourneyOptions {
  /** Saves a screenshot; `both` also at a PC's size (the shooter of harness.ts). */
  shot?: ((page: Page, name: string) => Promise<unknown>) & { both?(page: Page, name: string): Promise<unknown> };
  /** The eKYC outcomes to force, in order (then success). */
  ekyc?: string[];
  /** The gateway answers, in order (then approve). */
  payment?: ('approve' | 'decline' | 'pending')[];
  /** Leaves the US market unticked (to add it later). */
  withoutUs?: boolean;
  /** Leaves the Malaysian market unticked: HK and US only (MY is added later). */
  withoutMy?: boolean;
  /** Runs once the signature is drawn, before the last steps that lead to the submit; the journey then stops at the result page, whatever it shows. */
  beforeSubmit?(page: Page): Promise<void>;
}

/** The personal step after the identity check: what the check did not verify. */
export async function fillPersonal(page: Page) {
  await page.getByLabel('Marital status').selectOption({ label: 'Single' });
  await page.getByLabel('Race', { exact: true }).selectOption({ label: 'Chinese' });
  await page.getByLabel('Education level').selectOption({ label: 'University' });
}

export async function fillWork(page: Page) {
  await page.getByLabel('Employment status').selectOption({ label: 'Employed' });
  await chooseFromSearch(page, 'Industry', 'bank', 'Banking and finance');
  await chooseFromSearch(page, 'Occupation', 'manager', 'Manager');
  await page.getByLabel('Company name').fill('ACME SDN BHD');
  await page.getByLabel('Years of service').fill('5');
  await page.getByLabel('Office phone').fill('0321234567');
  await page.getByLabel('Annual income (MYR)').selectOption({ index: 2 });
  await page.getByLabel('Estimated net worth (MYR)').selectOption({ index: 1 });
  await page.getByRole('group', { name: 'Source of income' }).getByLabel('Salary').check();
  await upload(page, 'Payslip, B or BE form, or EPF statement');
}

export async function submitNewApplication(page: Page, product: Product, n: number, options: JourneyOptions = {}) {
  const shot = options.shot ?? (async () => undefined);
  const mobile = `1234${String(50000 + n)}`;
  const nric = `9001011${String(40000 + n)}`;
    await login(page, product, mobile);
    await shot(page, 'start');
    await page.getByRole('button', { name: 'Get started' }).click();

    await waitPath(page, '/info/contact');
    await fillContact(page, n);
    await shot(page, 'contact');
    await next(page);

    await waitPath(page, '/market');
    if (options.withoutMy) await page.getByLabel('Open a Malaysian (MY) account').uncheck();
    else await page.getByRole('group', { name: 'Account type' }).getByLabel('Cash', { exact: true }).check();
    if (options.withoutUs) await page.getByLabel('Open a US account').uncheck();
    await shot(page, 'market');
    await next(page);
    for (const [unticked, market] of [[options.withoutMy, 'Malaysia'], [options.withoutUs, 'US']] as const) {
      if (!unticked) continue;
      // A market not ticked brings the question; the applicant keeps it unticked.
      await page.getByRole('alertdialog').getByText(`You have not ticked ${market}. Would you like to open it too?`).waitFor();
      await shot(page, 'market-question');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Not now' }).click();
    }

    await waitPath(page, '/iam/start');
    await shot(page, 'identity');
    for (const outcome of options.ekyc ?? []) {
      await verifyIdentity(page, nric, outcome);
      await waitPath(page, '/iam/fail');
      await shot(page, `identity-failed-${outcome}`);
      await page.getByRole('button', { name: 'Retry' }).click();
      await waitPath(page, '/iam/start');
    }
    await verifyIdentity(page, nric);

    await waitPath(page, '/info/base');
    await expect(page.getByLabel('Name as on the document').inputValue()).resolves.toBe('TAN AH KOW');
    await fillPersonal(page);
    await shot(page, 'personal');
    await next(page);

    await waitPath(page, '/info/work');
    await fillWork(page);
    await shot(page, 'work');
    await next(page);

    await waitPath(page, '/info/financial');
    await page.getByLabel('Total net worth (MYR)').selectOption({ index: 1 });
    await chooseFromSearch(page, 'Bank name', 'mayb', 'Maybank');
    await page.getByLabel('Bank account number').fill('1234567890');
    await upload(page, 'Bank statement');
    await page.getByLabel('This account is in my own name, not a joint or third-party account').check();
    await shot(page, 'financial');
    await next(page);

    await waitPath(page, '/info/investment');
    await page.getByRole('group', { name: 'Investment period' }).getByLabel('1 - 5 years').check();
    await page.getByRole('group', { name: 'Risk tolerance' }).getByLabel('Medium').check();
    await page.getByRole('group', { name: /Investment objectives/ }).getByLabel('Income').check();
    await page.getByLabel('Stock investment experience').selectOption({ index: 2 });
    await page.getByRole('group', { name: 'Do you have a CDS account with another broker?' }).getByLabel('No').check();
    await shot(page, 'investment');
    await next(page);

    await waitPath(page, '/info/tax');
    await page.getByLabel('City of birth').fill('Kuala Lumpur');
    await page.getByRole('group', { name: /tax resident of any country other than Malaysia/ }).getByLabel('No').check();
    await page.getByRole('group', { name: 'Foreign Exchange Policy declaration' }).getByLabel(/without domestic ringgit borrowing/).check();
    await shot(page, 'tax');
    await next(page);

    await waitPath(page, '/statement');
    await page.getByRole('group', { name: /related to anyone working at the broker/ }).getByLabel('No').check();
    await page.getByRole('group', { name: /politically exposed person/ }).getByLabel('No').check();
    await page.getByLabel(/I am opening this account for myself/).check();
    await page.getByLabel(/I confirm the information given is true/).check();
    await shot(page, 'declaration');
    await next(page);

    await waitPath(page, '/statement/sign');
    if (!options.withoutUs) await page.getByRole('link', { name: /US withholding tax form/ }).waitFor();
    // A document opens in the app's PDF page (white background), and Back returns.
    await page.getByRole('link', { name: /User agreement/ }).first().click();
    await waitPath(page, '/statement/pdf');
    // Drawn by pdf.js (webviews show no PDF in a frame): pages with ink on them, and their text.
    await page.locator('.page--gwhite .pdf-viewer[data-state="ready"]').waitFor();
    await expect(page.locator('.pdf-viewer').textContent()).resolves.toContain('User Agreement');
    const inked = await page.locator('canvas.pdf-viewer__page').first().evaluate((canvas: HTMLCanvasElement) => {
      const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let dark = 0;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i] < 128 && pixels[i + 3] > 0) dark += 1;
      return dark;
    });
    expect(inked).toBeGreaterThan(500);
    await (shot.both ?? shot)(page, 'pdf');
    await page.getByRole('button', { name: 'Back' }).click();
    await waitPath(page, '/statement/sign');
    await page.getByLabel('I have read and agree to the documents above').check();
    await shot(page, 'agreement');
    await next(page);

    await waitPath(page, '/statement/signature');
    await drawSignature(page);
    await shot(page, 'signature');
    await options.beforeSubmit?.(page);
    await next(page);

    await waitPath(page, '/payment/start');
    await shot(page, 'payment');
    for (const answer of options.payment ?? []) {
      await page.getByRole('button', { name: 'Pay now' }).click();
      await payAtGateway(page, answer);
      await waitPath(page, '/payment/fail');
      await shot(page, 'payment-failed');
      await page.getByText('Your payment did not succeed, please renew the payment.').waitFor();
      await page.getByRole('button', { name: 'Retry' }).click();
      await waitPath(page, '/payment/start');
    }
    await page.getByRole('button', { name: /^(Pay now|立即付款)$/ }).click();
    await payAtGateway(page, 'approve');
    await waitPath(page, '/status/complete');
    if (options.beforeSubmit) return { mobile, nric };
    await page.getByRole('heading', { name: 'Submitted for evaluation' }).waitFor();
    // The applicant's own copy of what they signed.
    const download = page.getByRole('link', { name: 'Download your signed application (PDF)' });
    const pdf = await page.request.get(new URL((await download.getAttribute('href'))!, page.url()).toString());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await shot(page, 'submitted');

  return { mobile, nric };
}
