// The PC hand-off QR code renews itself before its time runs out, and says so; the renewed link is
// the one that works on the phone.
import { describe, expect, it } from 'vitest';
import { useProduct, phone, shooter } from './harness.ts';
import { reachIdentity, waitPath } from './journey.ts';

// A link that lives 36 s is renewed 30 s before it expires: after about 6 s.
const env = useProduct({ ekyc: { maxPerDay: 1000, minIntervalSeconds: 0, handoffTtlSeconds: 36 } });

describe('the PC hand-off QR code', () => {
  it('renews itself before it expires, says so, and the new link continues on the phone', async () => {
    const pc = await (await env.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    const shot = shooter('22-handoff-renewal');
    await reachIdentity(pc, env.product, '123492001', 9201);
    await pc.getByLabel('Full name as on the document').fill('Tan Ah Kow');
    await pc.getByLabel('MyKad number').fill('900101149201');
    await pc.getByRole('button', { name: 'Start verification' }).click();
    await waitPath(pc, '/iam/device-continue');
    await pc.getByText('This code renews itself before it expires, so it always works.').waitFor();
    const first = (await pc.locator('.handoff-link a').getAttribute('href'))!;
    await pc.getByText('The code was renewed before it expired. Scan this one.').waitFor({ timeout: 20_000 });
    const renewed = (await pc.locator('.handoff-link a').getAttribute('href'))!;
    expect(renewed).not.toBe(first);
    await shot(pc, 'renewed-1280x800');
    const handset = await (await phone(env.browser)).newPage();
    await handset.goto(renewed);
    await waitPath(handset, '/iam/start');
  });
});
