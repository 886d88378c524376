// Headless Chromium (Debian's) through playwright-core, and an axe-core check of the page.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);

/** Playwright gives every launch a fresh, empty profile of its own. */
export async function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the page (the context must bypass CSP so the script can be injected). */
export async function axeViolations(page: Page): Promise<{ id: string; impact: string | null; nodes: number }[]> {
  await page.addScriptTag({ content: axeSource });
  const result = await page.evaluate(async () => (window as unknown as { axe: { run(): Promise<{ violations: { id: string; impact: string | null; nodes: unknown[] }[] }> } }).axe.run());
  return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length }));
}
