// What an applicant does on each page, as a person would: fill, choose, upload, draw, click.
import { PAGE_ANSWERS_ELEMENT } from '@kh/api';
import { Jimp } from 'jimp';
import type { Page } from 'playwright-core';
import type { Product } from './harness.ts';

export const photo = async () => ({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from(await new Jimp({ width: 320, height: 200, color: 0x3366ccff }).getBuffer('image/png')) });

export async function login(page: Page, product: Product, mobile: string) {
  await page.goto(`${product.origin}/status/entry`);
  await page.getByLabel(/Mobile number/).fill(mobile);
  const code = await product.sendCode(page, mobile);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Log in' }).click();
  // The login page is at /status/entry too: wait for the reload that replaces it, then for the app's
  // status page, so that a navigation the test starts next cannot cut the app's own short.
  await page.getByLabel('Verification code').waitFor({ state: 'detached' });
  await page.waitForURL(/\/status\/entry/);
  await page.locator('.status-card').waitFor();
}

/** The main button, in English or Chinese (a journey may switch language on the way). */
export async function next(page: Page) {
  if (process.env.JOURNEY_REPORT) pressedAt = performance.now();
  await page.getByRole('button', { name: /^(Next|下一步)$/ }).click();
}

/**
 * How long each Next kept the applicant waiting: from the press until the page it leads to is usable
 * (a form with its main button, a status card, or the page's main button), measured where a journey waits for that page.
 * `pnpm bench` (JOURNEY_REPORT set) sums them over a whole journey; other runs measure nothing.
 */
export const stepWaits: number[] = [];
let pressedAt: number | undefined;

export async function waitPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path, { timeout: 20_000 });
  if (pressedAt === undefined) return;
  const from = pressedAt;
  pressedAt = undefined;
  await page.locator('form button[type="submit"], .status-card, .button--main').first().waitFor({ timeout: 20_000 });
  stepWaits.push(performance.now() - from);
}

export async function chooseFromSearch(page: Page, label: string, search: string, option: string) {
  const box = page.getByRole('combobox', { name: label });
  await box.click();
  await box.fill(search);
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function fillContact(page: Page, n: number) {
  await page.getByLabel('E-mail').fill(`applicant${n}@gmail.com`);
  await page.getByLabel('Username').fill(`applicant${n}`);
  await page.getByRole('group', { name: 'Do you have a CDS account with another broker?' }).getByLabel('No').check();
}

/** Logged in, started, contact filled and a MY cash account chosen: the identity page. */
export async function reachIdentity(page: Page, product: Product, mobile: string, n: number) {
  await login(page, product, mobile);
  await page.getByRole('button', { name: 'Get started' }).click();
  await waitPath(page, '/info/contact');
  await contactToIdentity(page, n);
}

/** From the contact step to the identity page: contact filled in, a cash MY account chosen. */
export async function contactToIdentity(page: Page, n: number) {
  await fillContact(page, n);
  await next(page);
  await waitPath(page, '/market');
  await page.getByRole('group', { name: 'Account type' }).getByLabel('Cash', { exact: true }).check();
  await next(page);
  await waitPath(page, '/iam/start');
}

export async function verifyIdentity(page: Page, nric: string, outcome = 'success') {
  await page.getByLabel('Full name as on the document').fill('Tan Ah Kow');
  await page.getByLabel('MyKad number').fill(nric);
  await page.getByRole('button', { name: /Start verification|Next/ }).click();
  await page.waitForURL(/\/sandbox\/ekyc\//);
  await completeProvider(page, outcome);
}

/** From the contact step to the personal step: contact filled in, a cash MY account, the identity check passed. */
export async function contactToPersonal(page: Page, n: number, nric: string) {
  await contactToIdentity(page, n);
  await verifyIdentity(page, nric);
  await waitPath(page, '/info/base');
  await page.getByLabel('Marital status').waitFor();
}

export async function completeProvider(page: Page, outcome = 'success') {
  const image = await photo();
  await page.getByLabel('Front of your ID').setInputFiles(image);
  await page.getByLabel('Back of your ID').setInputFiles(image);
  await page.getByLabel('A selfie').setInputFiles(image);
  await page.getByLabel('Outcome of the check').selectOption(outcome);
  await page.getByRole('button', { name: 'Submit' }).click();
}

export async function upload(page: Page, label: string) {
  await page.getByLabel(label, { exact: true }).setInputFiles(await photo());
  await page.locator('.upload[data-state="done"]').filter({ has: page.getByLabel(label, { exact: true }) }).waitFor();
}

/** Dark pixels on the signature pad: a signature is there. */
export const inkOnPad = (page: Page) =>
  page.locator('canvas.signature__pad').evaluate((canvas: HTMLCanvasElement) => {
    const pixels = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let ink = 0;
    for (let i = 3; i < pixels.length; i += 4) if (pixels[i] > 0) ink += 1;
    return ink;
  });

/**
 * Draws a signature with the pointer and saves it. `rotate` turns the phone to landscape and back
 * first: the pad is refitted, and the signature must still be there.
 */
export async function drawSignature(page: Page, { rotate = false } = {}) {
  const pad = page.locator('canvas.signature__pad[data-ready="true"]');
  await pad.waitFor();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 120);
  await page.mouse.down();
  for (const [x, y] of [[90, 60], [140, 140], [200, 70], [260, 130], [300, 90]]) await page.mouse.move(box.x + x, box.y + y, { steps: 6 });
  await page.mouse.up();
  if (rotate) {
    const portrait = page.viewportSize()!;
    const widthNow = () => pad.evaluate((canvas: HTMLCanvasElement) => canvas.width);
    const before = await widthNow();
    await page.setViewportSize({ width: portrait.height, height: portrait.width });
    await page.waitForFunction((w) => document.querySelector('canvas.signature__pad')!.width !== w, before);
    if ((await inkOnPad(page)) < 50) throw new Error('The signature was lost when the phone turned');
    await page.setViewportSize(portrait);
    await page.waitForFunction((w) => document.querySelector<HTMLCanvasElement>('canvas.signature__pad')!.width === w, before);
    if ((await inkOnPad(page)) < 50) throw new Error('The signature was lost when the phone turned back');
  }
  await page.getByRole('button', { name: 'Use this signature' }).click();
  await page.getByRole('button', { name: 'Signature saved' }).waitFor();
}

/** The keyboard path: the applicant types their name instead of drawing. */
export async function typeSignature(page: Page, name = 'Tan Ah Kow') {
  await page.locator('canvas.signature__pad[data-ready="true"]').waitFor();
  await page.getByRole('button', { name: 'Type my signature instead of drawing it' }).press('Enter');
  await page.getByLabel('Type your full name to sign').fill(name);
  if ((await inkOnPad(page)) < 50) throw new Error('The typed signature drew nothing');
  await page.getByRole('button', { name: 'Use this signature' }).press('Enter');
  await page.getByRole('button', { name: 'Signature saved' }).waitFor();
}

export async function payAtGateway(page: Page, outcome: 'approve' | 'decline' | 'pending' = 'approve') {
  await page.waitForURL(/\/sandbox\/ghl\//);
  await page.getByLabel('Name on the card').fill('TAN AH KOW');
  await page.getByLabel(/Card number/).fill('4111 1111 1111 1111');
  await page.getByLabel('Gateway answer').selectOption(outcome);
  await page.getByRole('button', { name: /Pay RM 11.00/ }).click();
}

/** The agreements ticked, then the signature given and saved: the end of every path to the result. */
export async function agreeAndSign(page: Page, sign: (page: Page) => Promise<void> = drawSignature) {
  await waitPath(page, '/statement/sign');
  await page.getByLabel('I have read and agree to the documents above').check();
  await next(page);
  await waitPath(page, '/statement/signature');
  await sign(page);
  await next(page);
}

/** Staff approve the supplement under review for these markets; answers the account's opened markets. */
export async function approveSupplement(page: Page, product: Product, markets: number): Promise<number> {
  const supplement = ((await product.staff('GET', '/staff/applications?status=2')).data.items as { id: string; relatedType: string }[]).find((a) => a.relatedType === 'SUPPLEMENT')!;
  await product.approve(supplement.id, markets);
  const record = await page.evaluate(async () => (await (await fetch('/api/kh/account/apply/check', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json()).data);
  return record.opened as number;
}

/**
 * Staff approve the application under review for these markets; the applicant then opens more
 * markets from the status page. Answers the paths visited from then on (the list keeps filling).
 */
export async function openMoreMarketsAfterApproval(page: Page, product: Product, markets: number): Promise<string[]> {
  const [init] = (await product.staff('GET', '/staff/applications?status=2')).data.items as { id: string }[];
  await product.approve(init.id, markets);
  const visited: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname));
  await page.goto(`${product.origin}/status/entry`);
  await page.getByRole('heading', { name: 'Account opened successfully' }).waitFor();
  await page.getByRole('button', { name: 'Open more markets' }).click();
  await waitPath(page, '/market/again');
  return visited;
}

/**
 * The pages this tab loads from now on (the reload to come) come without the answers the server gives with a logged-in page (as when
 * it could not ask them in time): the app's boot asks for itself.
 */
export async function withoutPageAnswers(page: Page): Promise<void> {
  await page.route(
    (url) => !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'),
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const body = (await response.text()).replace(new RegExp(`<script type="application/json" id="${PAGE_ANSWERS_ELEMENT}">[^<]*</script>`), '');
      await route.fulfill({ response, body });
    },
  );
}
