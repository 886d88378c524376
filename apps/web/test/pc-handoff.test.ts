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
async function startOnPhone(link: string, nric: string, name = 'Tan Ah Kow') {
  const handset = await (await phone(env.browser)).newPage();
  await handset.goto(link);
  await waitPath(handset, '/iam/start');
  await handset.getByLabel('Full name as on the document').fill(name);
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
    // The check is not the application's until the computer says the document is its applicant's.
    await handset.getByRole('heading', { name: 'Confirm on your computer' }).waitFor();
    await shot(handset, 'phone-waits-for-computer');
    await pc.getByRole('heading', { name: 'Is this you?' }).waitFor();
    await pc.getByText('TAN AH KOW').waitFor();
    await shot(pc, 'pc-is-this-you-1280x800');
    await pc.setViewportSize({ width: 390, height: 844 });
    await shot(pc, 'pc-is-this-you-390x844');
    await pc.setViewportSize({ width: 1280, height: 800 });
    await pc.getByRole('button', { name: 'Yes, this is me' }).click();
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
    const handset = await startOnPhone(link, '900101145003');
    await completeProvider(handset);
    await pc.getByRole('button', { name: 'Yes, this is me' }).click();
    // Once confirmed, the PC hears nothing more until the phone is done: "done" is the first it hears.
    await pc.getByRole('heading', { name: 'Your identity is verified on your phone' }).waitFor();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await pc.route(/\/fetch-ekyc-status\b/, async (route) => {
      await released;
      await route.continue();
    });
    // Its save of the identity fails once. Both are in place before the phone says "done": a status poll
    // already on its way when the hold above was set escapes it, and may bring "done" at once.
    await pc.route(/\/apply\/fill-data\b/, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: '503', msg: 'Service unavailable' }) }), { times: 1 });
    const identitySaves: string[] = [];
    pc.on('request', (request) => request.url().includes('/apply/fill-data') && request.postData()?.includes('"fillStep":2002') && identitySaves.push(request.url()));
    await handset.getByRole('button', { name: "I'm done here" }).click();
    await handset.getByText('You can close this page').waitFor();
    release();
    const carryOn = pc.getByRole('button', { name: 'Continue on this computer' });
    // The poll held above may have been given up and asked again after its back-off: the save follows that.
    await expect.poll(() => identitySaves.length, { timeout: 20_000 }).toBe(1);
    await carryOn.waitFor();
    expect(new URL(pc.url()).pathname).toBe('/iam/device-continue');
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
    await pc.getByRole('button', { name: 'Yes, this is me' }).click();
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

  it('a phone that is not the applicant\'s passes the check with its own document: the PC says "not me", and that phone is out', async () => {
    const shot = shooter('51-handoff-not-me');
    const { pc, link } = await reachChooseDevice('123455004', 5004, '900101145004');
    // Someone who photographed the code, with their own MyKad and face.
    const intruder = await startOnPhone(link, '880202105566', 'Lim Siew Ling');
    // The PC says a phone took its code, and no longer renews it.
    await pc.getByText(/A phone opened your code at/).waitFor();
    await completeProvider(intruder);
    await intruder.getByRole('heading', { name: 'Confirm on your computer' }).waitFor();
    await pc.getByRole('heading', { name: 'Is this you?' }).waitFor();
    await pc.getByText('LIM SIEW LING').waitFor();
    await pc.getByRole('button', { name: 'No, this is not me' }).click();
    // The PC shows a new code; the intruder's page says the link is over, and their session is gone.
    await pc.getByText('We stopped the phone that opened your code.').waitFor();
    await pc.getByRole('img', { name: /Scan this code with your phone/ }).waitFor();
    await shot(pc, 'pc-new-code-1280x800');
    await intruder.getByRole('heading', { name: 'This link no longer works' }).waitFor();
    await shot(intruder, 'intruder-stopped');
    const after = await intruder.evaluate(async () => (await fetch('/api/passport/getUsers')).status);
    expect(after).toBe(401);
    expect(new URL(pc.url()).pathname).toBe('/iam/device-continue');
    // The applicant's own phone scans the new code and carries on as usual.
    const renewed = (await pc.locator('.handoff-link a').getAttribute('href'))!;
    expect(renewed).not.toBe(link);
    const own = await startOnPhone(renewed, '900101145004');
    await completeProvider(own);
    await pc.getByText('TAN AH KOW').waitFor();
    await pc.getByRole('button', { name: 'Yes, this is me' }).click();
    await own.getByRole('button', { name: "I'm done here" }).click();
    await waitPath(pc, '/info/base');
  });
});
