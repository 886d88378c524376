// A staff member signs in through the console's own pages, enrolling an authenticator on the way
// (a fresh account's first sign-in) or giving its code (an account enrolled here before), as the
// studio's e2e and benchmark need.
import type { Page } from 'playwright-core';
import { totpCode } from '@kh/testing';

const secrets = new Map<string, string>();

export async function signInEnrolling(page: Page, baseUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/console/`);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByLabel('Code from your authenticator app').waitFor();
  const known = secrets.get(`${baseUrl} ${email}`);
  const enrolling = !known || (await page.getByRole('heading', { name: 'Set up your authenticator' }).count()) > 0;
  const secret = enrolling ? /Or type this key: ([A-Z2-7]+)/.exec(await page.locator('.console-enrol__secret').innerText())![1]! : known;
  secrets.set(`${baseUrl} ${email}`, secret);
  // A code works once: a second sign-in within the same 30 s gives the next one.
  await page.getByLabel('Code from your authenticator app').fill(totpCode(secret, enrolling ? Date.now() : Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  // Signed in once the session shows: a page opened before then would find no session cookie yet.
  await page.getByRole('button', { name: 'Log out' }).waitFor();
}
