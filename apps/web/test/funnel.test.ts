// The studio's funnel from events the applicant app itself sends, in Chromium (issue: where applicants
// give up): one applicant is held back at the contact step and then goes on, another is held back and
// leaves. The figures the studio reads are those, counted by hand here; no stored event holds an answer.
import { describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../server/src/db/schema.ts';
import { phone, useProduct } from './harness.ts';
import { fillContact, login, next, waitPath } from './journey.ts';

const env = useProduct();
const klToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

describe('the funnel, from the app', () => {
  it('counts the applicant who went on and the one who left, the fields they were held back at, and stores no answer', async () => {
    // The first leaves the e-mail empty, is held back there, fills it in, and goes on to the market step.
    const first = await (await phone(env.browser)).newPage();
    await login(first, env.product, '123620001');
    await first.getByRole('button', { name: 'Get started' }).click();
    await waitPath(first, '/info/contact');
    await fillContact(first, 6201);
    await first.getByLabel('E-mail').fill('');
    // Left first: the error it shows moves the button down, away from a click already on its way.
    await first.getByLabel('E-mail').press('Tab');
    await next(first);
    await first.getByRole('alert').first().waitFor();
    await first.getByLabel('E-mail').fill('applicant6201@gmail.com');
    await next(first);
    await waitPath(first, '/market');
    await first.close({ runBeforeUnload: true });

    // The second types a username, is held back, and leaves.
    const second = await (await phone(env.browser)).newPage();
    await login(second, env.product, '123620002');
    await second.getByRole('button', { name: 'Get started' }).click();
    await waitPath(second, '/info/contact');
    await second.getByLabel('Username').fill('leaver6202');
    await second.getByLabel('Username').blur();
    await next(second);
    await second.getByRole('alert').first().waitFor();
    await second.close({ runBeforeUnload: true });

    // The last batches go as beacons when the pages close.
    const stored = () => env.product.database.db.select().from(analyticsEvents);
    const errorsOf = async () => (await stored()).filter((e) => e.eventCode === 'field_error');
    await expect.poll(async () => new Set((await errorsOf()).map((e) => e.memberId)).size, { timeout: 15_000 }).toBe(2);
    await expect.poll(async () => (await stored()).some((e) => e.eventCode === 'step_next' && (e.eventValue as { page?: string }).page === 'contact'), { timeout: 15_000 }).toBe(true);

    const today = klToday();
    const { data } = (await env.product.staff('GET', `/staff/studio/funnel?from=${today}&to=${today}&stepId=contact`, undefined, 'editor')) as unknown as { data: { steps: unknown[]; fields: { field: string; filled: number; errors: Record<string, number>; leftHere: number }[] } };
    expect(data.steps).toEqual([{ stepId: 'contact', version: 0, reached: 2, completed: 1, left: 1, medianSeconds: expect.any(Number) }]);
    const email = data.fields.find((f) => f.field === 'email')!;
    // Both were held back at the empty e-mail; the first filled it in (the input event on leaving the box).
    expect(email.errors).toEqual({ 'validation.requiredEnter': 2 });
    expect(email.filled).toBe(1);
    expect(data.fields.find((f) => f.field === 'username')).toMatchObject({ filled: 2 });
    // One applicant left, at one field: one they were held back at.
    const leftAt = data.fields.filter((f) => f.leftHere > 0);
    expect(leftAt).toHaveLength(1);
    expect(leftAt[0]!.leftHere).toBe(1);
    expect(Object.keys(leftAt[0]!.errors).length).toBeGreaterThan(0);

    // What was typed is in no stored event.
    const everything = JSON.stringify(await stored());
    for (const typed of ['applicant6201@gmail.com', 'applicant6201', 'leaver6202', '123620001', '123620002']) expect(everything).not.toContain(typed);
  });
});
