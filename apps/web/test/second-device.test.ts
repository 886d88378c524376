// An applicant with the flow open on two devices: a page left open on one while the other saves the
// same step must not overwrite the newer answers silently. The older page's save is refused, and the
// page shows the newer answers with a word why; saved again from there, it lands.
import { describe, expect, it } from 'vitest';
import { applications } from '../../server/src/db/schema.ts';
import { phone, shooter, useProduct } from './harness.ts';
import { fillContact, login, next, waitPath } from './journey.ts';

const env = useProduct();

describe('a step saved on another device since the page opened', () => {
  it('the older page is told, shows the newer answers, and saves from them', async () => {
    const shot = shooter('32-second-device');
    const mobile = '123480051';
    const first = await (await phone(env.browser)).newPage();
    await login(first, env.product, mobile);
    await first.getByRole('button', { name: 'Get started' }).click();
    await waitPath(first, '/info/contact');
    // SPEC §2's progress bar: the contact step is its first segment.
    await expect(first.locator('.progress__segments [aria-current="step"]').textContent()).resolves.toBe('Contact');
    await fillContact(first, 8051);
    await next(first);
    await waitPath(first, '/market');
    // The phone goes back to the contact page and leaves it open.
    await first.getByRole('button', { name: 'Back' }).click();
    await waitPath(first, '/info/contact');
    await expect(first.getByLabel('E-mail').inputValue()).resolves.toBe('applicant8051@gmail.com');

    // The PC changes the e-mail address and saves.
    const pc = await (await env.browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await login(pc, env.product, mobile);
    await pc.getByRole('button', { name: 'Continue' }).click();
    await waitPath(pc, '/info/contact');
    await pc.getByLabel('E-mail').fill('newer8051@gmail.com');
    await next(pc);
    await waitPath(pc, '/market');

    // The phone, still showing the older answers, changes the username and presses Next.
    await first.getByLabel('Username').fill('older8051');
    await next(first);
    await first.getByRole('alert').filter({ hasText: 'These answers were changed on another device' }).waitFor();
    expect(new URL(first.url()).pathname).toBe('/info/contact');
    await expect(first.getByLabel('E-mail').inputValue()).resolves.toBe('newer8051@gmail.com');
    await expect(first.getByLabel('Username').inputValue()).resolves.toBe('applicant8051');
    await shot.both(first, 'told-and-shown-newer');
    // Nothing of the older page reached the server.
    const [saved] = await env.product.database.db.select({ email: applications.email, username: applications.username }).from(applications);
    expect(saved).toMatchObject({ email: 'newer8051@gmail.com', username: 'applicant8051' });
    // From the newer answers the phone saves.
    await next(first);
    await waitPath(first, '/market');
  });
});
