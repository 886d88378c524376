// SPEC §9's short screen (667 px high, an iPhone SE): tighter spacing, so the main button stays in view.
import { describe, expect, it } from 'vitest';
import { useProduct } from './harness.ts';

const env = useProduct();

const spacing = async (height: number) => {
  const page = await (await env.browser.newContext({ viewport: { width: 375, height }, isMobile: true, hasTouch: true })).newPage();
  await page.goto(`${env.product.origin}/status/entry`);
  await page.getByRole('button', { name: 'Send code' }).waitFor();
  const measured = await page.evaluate(() => ({
    fieldMargin: getComputedStyle(document.querySelector('.field')!).marginTop,
    buttonHeight: getComputedStyle(document.querySelector('.button')!).minHeight,
  }));
  const button = await page.getByRole('button', { name: 'Send code' }).boundingBox();
  await page.context().close();
  return { ...measured, buttonBottom: button!.y + button!.height };
};

describe('a short screen', () => {
  it('at 667 px high the fields sit closer and the buttons are lower, and the main button is in view', async () => {
    const short = await spacing(667);
    const tall = await spacing(844);
    expect(short.fieldMargin).toBe('6px');
    expect(short.buttonHeight).toBe('44px');
    expect(tall.fieldMargin).not.toBe(short.fieldMargin);
    expect(short.buttonBottom).toBeLessThanOrEqual(667);
  });
});
