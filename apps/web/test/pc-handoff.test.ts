// Scenario 5: on a PC the QR page appears; the hand-off link opened on a phone completes eKYC there;
// the PC continues.
import { describe, expect, it } from 'vitest';
import { phone, shooter, useProduct } from './harness.ts';
import { completeProvider, fillContact, login, next, waitPath } from './journey.ts';

const env = useProduct();

/** On a PC: logged in, contact and market done, the identity check started: the QR page and its link. */
async function reachChooseDevice(mobile: string, n: number, nric: string, shot?: ReturnType<typeof shooter>) {
  const pc = await (await env.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await login(pc, env.product, mobile);
  await shot?.(pc, 'start-1280x800');
  await pc.getByRole('button', { name: 'Get started' }).click();
  await waitPath(pc, '/info/contact');
  await fillContact(pc, n);
  await shot?.(pc, 'contact-1280x800');
  await next(pc);
  await waitPath(pc, '/market');
  await pc.getByRole('group', { name: 'Account type' }).getByLabel('Cash', { exact: true }).check();
  await next(pc);
  await waitPath(pc, '/iam/start');
  await pc.getByLabel('Full name as on the document').fill('Tan Ah Kow');
  await pc.getByLabel('MyKad number').fill(nric);
  await pc.getByRole('button', { name: 'Start verification' }).click();
  await waitPath(pc, '/iam/device-continue');
  await pc.getByRole('img', { name: /Scan this code with your phone/ }).waitFor();
  await shot?.(pc, 'choose-device-1280x800');
  return { pc, link: (await pc.locator('.handoff-link a').getAttribute('href'))! };
}

/** The phone opens the hand-off link and starts the identity check: it is on the provider's page. */
async function startOnPhone(link: string, nric: string) {
  const handset = await (await phone(env.browser)).newPage();
  await handset.goto(link);
  await waitPath(handset, '/iam/start');
  await handset.getByLabel('Full name as on the document').fill('Tan Ah Kow');
  await handset.getByLabel('MyKad number').fill(nric);
  await handset.getByRole('button', { name: 'Start verification' }).click();
  await handset.waitForURL(/\/sandbox\/ekyc\//);
  return handset;
}

describe('identity on a PC hands over to a phone by QR code', () => {
  it('the phone completes eKYC from the link, and the PC continues to personal details', async () => {
    const shot = shooter('5-pc-handoff');
    const { pc, link } = await reachChooseDevice('123455001', 5001, '900101145001', shot);
    const handset = await startOnPhone(link, '900101145001');
    await completeProvider(handset);
    // The phone was given the identity check only: it asks where to carry on.
    await handset.getByText(/Continue on this phone, or tap/).waitFor();
    await shot(handset, 'phone-done');
    // The PC waits for that choice, however many of its polls go by, and offers to carry on itself.
    await pc.getByRole('heading', { name: 'Your identity is verified on your phone' }).waitFor();
    await pc.waitForTimeout(3500);
    expect(new URL(pc.url()).pathname).toBe('/iam/device-continue');
    await pc.getByRole('button', { name: 'Continue on this computer' }).waitFor();
    await shot(pc, 'pc-waits-for-phone-1280x800');
    await pc.setViewportSize({ width: 390, height: 844 });
    await shot(pc, 'pc-waits-for-phone-390x844');
    await pc.setViewportSize({ width: 1280, height: 800 });
    // A "done" the server never heard is not done: the phone says so and keeps both ways on.
    await handset.route(/\/ekyc\/handoff\/finish\b/, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: '503', msg: 'Service unavailable' }) }), { times: 1 });
    await handset.getByRole('button', { name: "I'm done here" }).click();
    await handset.locator('.status-card .field__error').waitFor();
    expect(await handset.getByText('You can close this page').count()).toBe(0);
    // Done here: the phone's session ends at once, and the PC carries on by itself.
    await handset.getByRole('button', { name: "I'm done here" }).click();
    await handset.getByText('You can close this page').waitFor();
    const after = await handset.evaluate(async () => (await fetch('/api/kh/account/apply/check', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status);
    expect(after).toBe(401);

    await waitPath(pc, '/info/base');
    await shot(pc, 'pc-personal');
  });

  it('a PC that hears "done" but cannot save the identity offers to carry on itself, and a double tap saves it once', async () => {
    const { pc, link } = await reachChooseDevice('123455003', 5003, '900101145003');
    // The PC hears nothing of the check until the phone is done: "done" is the first it hears.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await pc.route(/\/fetch-ekyc-status\b/, async (route) => {
      await released;
      await route.continue();
    });
    const handset = await startOnPhone(link, '900101145003');
    await completeProvider(handset);
    await handset.getByRole('button', { name: "I'm done here" }).click();
    await handset.getByText('You can close this page').waitFor();
    // Its save of the identity fails once.
    await pc.route(/\/apply\/fill-data\b/, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: '503', msg: 'Service unavailable' }) }), { times: 1 });
    const identitySaves: string[] = [];
    pc.on('request', (request) => request.url().includes('/apply/fill-data') && request.postData()?.includes('"fillStep":2002') && identitySaves.push(request.url()));
    release();
    const carryOn = pc.getByRole('button', { name: 'Continue on this computer' });
    await carryOn.waitFor();
    expect(new URL(pc.url()).pathname).toBe('/iam/device-continue');
    expect(identitySaves).toHaveLength(1);
    await carryOn.dblclick();
    await waitPath(pc, '/info/base');
    expect(identitySaves).toHaveLength(2);
  });

  it('the phone may carry on after the check, and the PC says so; a failed check on the phone is said on the PC', async () => {
    const shot = shooter('34-phone-carries-on');
    const { pc, link } = await reachChooseDevice('123455002', 5002, '900101145002');
    const handset = await startOnPhone(link, '900101145002');
    // The first try fails: the PC says so, and waits.
    await completeProvider(handset, 'faceMismatch');
    await pc.getByRole('alert').filter({ hasText: 'The identity check on your phone did not pass: Your face does not match the photo on the document' }).waitFor();
    await shot(pc, 'pc-told-of-failure-1280x800');
    expect(new URL(pc.url()).pathname).toBe('/iam/device-continue');
    // The phone tries again, passes, and carries on there.
    await handset.getByRole('button', { name: /Retry|Try again/ }).click();
    await waitPath(handset, '/iam/start');
    await expect.poll(async () => {
      await handset.getByRole('button', { name: /Start verification|Next/ }).click();
      return handset.waitForURL(/\/sandbox\/ekyc\//, { timeout: 2000 }).then(() => true, () => false);
    }, { timeout: 30_000 }).toBe(true);
    await completeProvider(handset);
    // However late the phone chooses, the PC waits for it (it once carried on at its next poll).
    await pc.getByRole('heading', { name: 'Your identity is verified on your phone' }).waitFor();
    await handset.getByRole('button', { name: 'Continue on this phone' }).click();
    await waitPath(handset, '/info/base');
    await handset.getByLabel('Marital status').waitFor();
    await shot(handset, 'phone-carries-on');
    await pc.getByRole('heading', { name: 'You are continuing on your phone' }).waitFor();
    await shot(pc, 'pc-told-phone-carries-on-1280x800');
    // The PC may still take over.
    await pc.getByRole('button', { name: 'Continue on this computer instead' }).click();
    await waitPath(pc, '/info/base');
  });
});
