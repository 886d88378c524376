// Scenario 7: switching to zh-HK mid-flow changes labels, errors and titles, and keeps the data.
// Scenario 8: a reload mid-step, and a network drop, lose nothing typed.
import { describe, expect, it } from 'vitest';
import { phone, shooter, useProduct } from './harness.ts';
import { contactToPersonal, login, next, waitPath } from './journey.ts';
import { fillPersonal, submitNewApplication } from './new-application.ts';

const env = useProduct();

describe('switching to zh-HK mid-flow', () => {
  it('labels, errors and titles change, and the data stays', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('7-language');
    await login(page, env.product, '123457001');
    await page.getByRole('button', { name: 'Get started' }).click();
    await waitPath(page, '/info/contact');
    await page.getByLabel('E-mail').fill('ali7001@gmail.com');
    await page.getByLabel('Language').selectOption('zh-HK');
    await page.getByRole('heading', { name: '聯絡資料' }).waitFor();
    await expect(page.getByLabel('電郵地址').inputValue()).resolves.toBe('ali7001@gmail.com');
    await page.getByRole('button', { name: '下一步', exact: true }).click();
    await page.getByRole('heading', { name: '出現問題' }).waitFor();
    await expect(page.getByRole('alert').textContent()).resolves.toContain('請輸入');
    await shot(page, 'zh-HK');
    await page.getByLabel('語言').selectOption('en');
    await page.getByRole('heading', { name: 'Contact Information' }).waitFor();
  });
});

describe('the dictionaries\' choices follow the language (their Chinese labels load with it)', () => {
  it('switched on a step, on the step loaded ahead of it, and on a reload in that language', async () => {
    const page = await (await phone(env.browser)).newPage();
    const shot = shooter('7-language-dictionaries');
    await login(page, env.product, '123457005');
    await page.getByRole('button', { name: 'Get started' }).click();
    await contactToPersonal(page, 7005, '900101147005');
    const option = (name: string) => page.getByRole('option', { name, exact: true });
    await option('Single').waitFor({ state: 'attached' });
    // The work step's assets load ahead, in English, as the applicant fills the personal step in.
    await fillPersonal(page);
    await page.getByLabel('Language').selectOption('zh-HK');
    await option('單身').waitFor({ state: 'attached' });
    await expect(option('Single').count()).resolves.toBe(0);
    await page.getByLabel('語言').selectOption('zh-CN');
    await option('小学').waitFor({ state: 'attached' });
    await shot.both(page, 'zh-CN-personal-choices');
    await page.getByRole('button', { name: '下一步', exact: true }).click();
    await waitPath(page, '/info/work');
    await option('受雇').waitFor({ state: 'attached' });
    await expect(option('Employed').count()).resolves.toBe(0);
    // A reload boots in the chosen language: the step's choices come labelled in it.
    await page.reload();
    await option('受雇').waitFor({ state: 'attached' });
    await expect(option('Employed').count()).resolves.toBe(0);
  });
});

describe('nothing typed is lost', () => {
  it('a reload mid-step keeps what was typed', async () => {
    const page = await (await phone(env.browser)).newPage();
    await login(page, env.product, '123458001');
    await page.getByRole('button', { name: 'Get started' }).click();
    await waitPath(page, '/info/contact');
    await page.getByLabel('E-mail').fill('keep8001@gmail.com');
    await page.getByLabel('Username').fill('keep8001');
    await page.reload();
    await waitPath(page, '/info/contact');
    await expect(page.getByLabel('E-mail').inputValue()).resolves.toBe('keep8001@gmail.com');
    await expect(page.getByLabel('Username').inputValue()).resolves.toBe('keep8001');
  });
  it('a network drop keeps what was typed, says so, and the save goes through once back online', async () => {
    const context = await phone(env.browser);
    const page = await context.newPage();
    const shot = shooter('8-network');
    await login(page, env.product, '123458002');
    await page.getByRole('button', { name: 'Get started' }).click();
    await waitPath(page, '/info/contact');
    await page.getByLabel('E-mail').fill('drop8002@gmail.com');
    await page.getByLabel('Username').fill('drop8002');
    await page.getByRole('group', { name: 'Do you have a CDS account with another broker?' }).getByLabel('No').check();
    await context.setOffline(true);
    await next(page);
    await page.getByText('Poor network connection, please check your network').waitFor({ timeout: 15_000 });
    await shot(page, 'offline');
    await expect(page.getByLabel('Username').inputValue()).resolves.toBe('drop8002');
    await context.setOffline(false);
    await next(page);
    await waitPath(page, '/market');
  });
});

describe('the applicant\'s language wins over the device\'s', () => {
  it('a change to zh-HK inside the app webview survives the card gateway\'s return; <html lang> follows', async () => {
    const context = await phone(env.browser, { locale: 'en-US' });
    await context.addInitScript(`window.KhBridge = { login() {}, close() {}, appVersion() { return '5.2.0'; } };`);
    const page = await context.newPage();
    const shot = shooter('20-language-after-payment');
    await submitNewApplication(page, env.product, 7101, {
      beforeSubmit: async () => {
        await page.getByLabel('Language').selectOption('zh-HK');
        await page.getByRole('heading', { name: '簽名' }).first().waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-HK');
      },
    });
    // Back from the gateway (a full page load, device language English): still Chinese.
    await page.getByRole('heading', { name: '已提交審核' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-HK');
    await shot(page, 'submitted-zh-HK');
  });
});
