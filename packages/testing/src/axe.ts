// axe-core's accessibility check, injected into a page. It is evaluated through the DevTools protocol,
// which a page's CSP does not govern: the page under test keeps its real CSP.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  /** CSS selectors of the offending elements. */
  targets: string[];
}

/**
 * The violations on the page, or within `selector` only. `rules` turns rules on or off for this run (the high-contrast theme adds AAA contrast, `color-contrast-enhanced`).
 */
export async function axeViolations(page: Page, selector?: string, rules: Record<string, { enabled: boolean }> = {}): Promise<AxeViolation[]> {
  // Always our own copy: a page may carry another axe (Storybook's a11y addon runs its own, and may be mid-run).
  await page.evaluate(axeSource);
  return page.evaluate(async ({ within, rules }) => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context: string | Document, options: object): Promise<Result> } }).axe;
    const result = await axe.run(within ?? document, { rules });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, { within: selector, rules });
}
