// A field's error shows when the applicant leaves the field. Leaving it by pressing Next with a mouse
// must not lose the press: shown at once, the error pushed Next down from under the pointer between
// the button going down and coming up, and the click landed on nothing.
import { describe, expect, it } from 'vitest';
import { useProduct } from './harness.ts';
import { login, waitPath } from './journey.ts';

describe('a press that leaves a field', () => {
  const env = useProduct();

  it('Next pressed near its top edge while leaving a field in error is pressed: the form answers with its errors', async () => {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await login(page, env.product, '123690051');
    await page.getByRole('button', { name: 'Get started' }).click();
    await waitPath(page, '/info/contact');
    // Leaving a field without pressing anything (the keyboard) shows its error at once.
    await page.getByLabel('Username').focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => page.locator('[data-field="username"] .field__error').isVisible()).toBe(true);
    await expect(page.locator('[data-field="email"] .field__error').count()).resolves.toBe(0);
    await page.getByLabel('E-mail').fill('not an address');
    const nextButton = page.getByRole('button', { name: 'Next' });
    await nextButton.scrollIntoViewIfNeeded();
    const box = (await nextButton.boundingBox())!;
    // A real press: down and up at one point, 3 px below the button's top edge, the field still focused.
    await page.mouse.move(box.x + box.width / 2, box.y + 3);
    await page.mouse.down();
    await page.mouse.up();
    // The press was Next's: the form was submitted, so its summary of errors shows and takes the focus.
    await expect.poll(() => page.locator('.error-summary').count()).toBe(1);
    await expect.poll(() => page.evaluate(() => document.activeElement?.className ?? '')).toContain('error-summary');
    await expect(page.locator('[data-field="email"] .field__error').isVisible()).resolves.toBe(true);
    await context.close();
  });
});
