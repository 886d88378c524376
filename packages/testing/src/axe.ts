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

/** The violations on the page, or within `selector` only. */
export async function axeViolations(page: Page, selector?: string): Promise<AxeViolation[]> {
  // Always our own copy: a page may carry another axe (Storybook's a11y addon runs its own, and may be mid-run).
  await page.evaluate(axeSource);
  return page.evaluate(async (within) => {
    type Result = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };
    const axe = (window as unknown as { axe: { run(context?: string): Promise<Result> } }).axe;
    const result = await (within ? axe.run(within) : axe.run());
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, selector);
}
