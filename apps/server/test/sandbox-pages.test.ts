// The sandbox provider pages in a real browser at 390x844, used by clicking as a person would, and
// checked with axe-core.
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { login, startServer, type TestServer } from './harness.ts';
import { pngBytes } from './fixtures.ts';
import { axeViolations, hasChromium, launchChromium as launch } from '@kh/testing';

const SHOTS = resolve(dirname(fileURLToPath(import.meta.url)), '../../../artifacts/screenshots/sandbox');
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  if (!hasChromium) throw new Error('Debian chromium is needed at /usr/bin/chromium: apt-get install -y chromium');
  server = await startServer();
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, bypassCSP: true });
  return context.newPage();
}

async function pcPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
  return context.newPage();
}

async function usableOnPhone(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await axeViolations(page)).toEqual([]);
}

describe('sandbox pages in Chromium at 390x844', () => {
  it('the eKYC page is completed by clicking and lands on the return URL', async () => {
    const c = await login(server, '128800001');
    const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
    const init = await c.form('/ekyc/rest-api/ctos/init', { relateType: 'INIT', relateId: applyId, responseUrl: '/iam/transit', documentName: 'Tan Ah Kow', idKind: 106, documentNumber: '900101145678' });
    const page = await phonePage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(init.body.data.h5RedirectUrl);
    await expect(page.title()).resolves.toBe('Identity verification');
    await usableOnPhone(page);
    await page.screenshot({ path: join(SHOTS, 'ekyc-390x844.png'), fullPage: true });
    const photo = { name: 'photo.png', mimeType: 'image/png', buffer: await pngBytes(640, 400) };
    await page.getByLabel('Front of your ID').setInputFiles(photo);
    await page.getByLabel('Back of your ID').setInputFiles(photo);
    await page.getByLabel('A selfie').setInputFiles(photo);
    await expect(page.getByLabel('Date of birth (YYYY-MM-DD)').inputValue()).resolves.toBe('1990-01-01');
    await page.getByLabel('Outcome of the check').selectOption('success');
    await Promise.all([page.waitForURL(/\/iam\/transit\?checkId=/), page.getByRole('button', { name: 'Submit' }).click()]);
    expect(new URL(page.url()).pathname).toBe('/iam/transit');
    expect(errors).toEqual([]);
    expect((await c.form('/ekyc/rest-api/ctos/fetch-ekyc-status', { relateType: 'INIT', relateId: applyId })).body.data.isEkycSuccess).toBe(true);
  });

  it('a missing photo shows the error summary, which links to the field and passes axe too', async () => {
    const c = await login(server, '128800002');
    const { applyId } = (await c.post('/kh/account/apply/create', { relateType: 'INIT' })).body.data;
    const init = await c.form('/ekyc/rest-api/ctos/init', { relateType: 'INIT', relateId: applyId, responseUrl: '/iam/transit', documentName: 'Tan Ah Kow', idKind: 106, documentNumber: '900101145678' });
    const page = await phonePage();
    await page.goto(init.body.data.h5RedirectUrl);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Please add the photo of the document');
    await usableOnPhone(page);
    await page.screenshot({ path: join(SHOTS, 'ekyc-errors-390x844.png'), fullPage: true });
  });

  it('on a PC both pages show as a centred column and pass axe', async () => {
    const c = await login(server, '128800004');
    const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
    const init = await c.form('/ekyc/rest-api/ctos/init', { relateType: 'INIT', relateId: applyId, responseUrl: '/iam/transit', documentName: 'Tan Ah Kow', idKind: 102, documentNumber: 'K1234567A' });
    const order = (await c.post('/money/payment/ghl/applyPay', { relateId: applyId, merchantReturnURL: '/payment/transit' })).body.data.result;
    for (const [name, url] of [['ekyc-passport', init.body.data.h5RedirectUrl], ['payment', order.redirectUrl]]) {
      const page = await pcPage();
      await page.goto(url);
      const box = await page.locator('main').boundingBox();
      expect(box!.width).toBeLessThanOrEqual(480);
      expect(Math.abs(box!.x + box!.width / 2 - 640)).toBeLessThan(2);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: join(SHOTS, `${name}-1280x800.png`), fullPage: true });
    }
  });

  it('the payment page is completed by clicking and lands on the return URL', async () => {
    const c = await login(server, '128800003');
    const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
    const order = (await c.post('/money/payment/ghl/applyPay', { relateId: applyId, merchantReturnURL: '/payment/transit', businessType: 0 })).body.data.result;
    const page = await phonePage();
    await page.goto(order.redirectUrl);
    await expect(page.getByText('The bank login must be your own.').count()).resolves.toBe(1);
    await usableOnPhone(page);
    await page.screenshot({ path: join(SHOTS, 'payment-390x844.png'), fullPage: true });
    await page.getByLabel('Name on the card').fill('TAN AH KOW');
    await page.getByLabel(/Card number/).fill('4111 1111 1111 1112');
    await page.getByRole('button', { name: /Pay RM 11.00/ }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('Enter a valid card number');
    await page.getByLabel(/Card number/).fill('4111 1111 1111 1111');
    await page.getByLabel('Gateway answer').selectOption('approve');
    await Promise.all([page.waitForURL(/\/payment\/transit\?orderNumber=/), page.getByRole('button', { name: /Pay RM 11.00/ }).click()]);
    expect(new URL(page.url()).searchParams.get('orderNumber')).toBe(order.orderNumber);
    expect((await c.post('/money/payment/ghl/queryPay', { relateId: applyId, merchantReturnURL: '/payment/transit', orderNumber: order.orderNumber })).body.data.result.payStatus).toBe(0);
  });
});
