// The console's browser tests: the real server serving the built console, staff accounts, Debian's
// Chromium, and pages whose console errors, failed responses and page errors are collected as
// problems; `look` saves a screenshot and checks the page with axe.
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { axeViolations, launchChromium } from '@kh/testing';
import { createStaff, type StaffRole } from '../../server/src/staff/staff-auth.ts';
import { startServer, type TestServer } from '../../server/test/harness.ts';

const here = dirname(fileURLToPath(import.meta.url));
const PHONE = { width: 390, height: 844 };
const PC = { width: 1280, height: 800 };

export interface ConsoleEnv {
  server: TestServer;
  browser: Browser;
  /** What went wrong in any page so far: take out the ones a test expects. */
  problems: string[];
  newPage(width: number, height: number): Promise<Page>;
  /** The page as it is, then at the other size (or at the sizes given), each checked by axe. */
  look(page: Page, name: string, sizes?: { width: number; height: number }[]): Promise<void>;
}

/** One server and browser for a test file, with these staff (email, name, role) and one password. */
export function useConsole(shots: string, staff: [email: string, name: string, role: StaffRole][], password: string): ConsoleEnv {
  const dir = resolve(here, '../../../artifacts/e2e', shots);
  let shotNumber = 0;
  const env = { problems: [] as string[] } as ConsoleEnv;
  beforeAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    env.server = await startServer({ consoleDist: resolve(here, '../dist'), ekyc: { maxPerDay: 1000, minIntervalSeconds: 0, handoffTtlSeconds: 300 } });
    for (const [email, name, role] of staff) await createStaff(env.server.database.db, { email, name, password, role });
    env.browser = await launchChromium();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.server?.close();
  });
  env.newPage = async (width, height) => {
    const context = await env.browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    // A refused request shows as a response below; the browser's own log line for it (a favicon too) is not a problem.
    page.on('console', (message) => message.type() === 'error' && !message.text().startsWith('Failed to load resource') && env.problems.push(`console: ${message.text()}`));
    page.on('response', (response) => response.status() >= 400 && env.problems.push(`${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`));
    page.on('pageerror', (error) => env.problems.push(`page: ${error.message}`));
    return page;
  };
  env.look = async (page, name, sizes) => {
    const size = page.viewportSize()!;
    for (const viewport of sizes ?? [size, size.width > 500 ? PHONE : PC]) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: join(dir, `${String(++shotNumber).padStart(2, '0')}-${name}-${viewport.width}x${viewport.height}.png`), fullPage: true });
      const violations = await axeViolations(page);
      expect(violations, `${name} at ${viewport.width}: ${JSON.stringify(violations, null, 1)}`).toEqual([]);
    }
    await page.setViewportSize(size);
  };
  return env;
}

export const AT_PC_SIZE = [PC];

/** Approves the open case as a person would: claims it if nobody holds it, chooses approve, ticks the checklist and confirms. */
export async function approveCase(page: Page, button: 'Approve' | 'Give the second approval' = 'Approve'): Promise<void> {
  // The case drawn first (its decision panel), then whether anyone holds it.
  await page.getByRole('button', { name: button, exact: true }).waitFor();
  const claim = page.getByRole('button', { name: 'Claim this case' });
  if ((await claim.count()) > 0) {
    await claim.click();
    await page.getByText('You are working on this case.').waitFor();
  }
  await page.getByRole('button', { name: button, exact: true }).click();
  const checklist = page.getByRole('group', { name: 'Confirm the approval' });
  for (const box of await checklist.getByRole('checkbox').all()) await box.check();
  await checklist.getByRole('button', { name: 'Confirm approval' }).click();
}
