// Scenario 1: a new Malaysian applicant, MY cash + HK + US: OTP login from the sandbox outbox, every
// step, eKYC sandbox success, signature drawn with the mouse, payment approved, submitted; a staff
// approval through the staff API; then the successful page.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { apiWaiting, phone, shooter, useProduct } from './harness.ts';
import { submitNewApplication } from './new-application.ts';
import { stepWaits } from './journey.ts';
import { analyticsEvents, applications } from '../../server/src/db/schema.ts';

const env = useProduct();

describe('a new Malaysian applicant opens MY cash, HK and US', () => {
  it('goes through every step, is approved, and sees the successful page', async () => {
    const context = await phone(env.browser);
    const waiting = apiWaiting(context);
    const page = await context.newPage();
    const shot = shooter('1-new-applicant');
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    let analyticsPosts = 0;
    page.on('request', (request) => void (new URL(request.url()).pathname.endsWith('/uba/report') && analyticsPosts++));
    await submitNewApplication(page, env.product, 101, { shot });
    // `pnpm bench` reports how long the whole journey waited on the product (goal: 3 s at most).
    if (process.env.JOURNEY_REPORT) writeFileSync(process.env.JOURNEY_REPORT, JSON.stringify({ stepWaits, apiMs: waiting.ms(), calls: waiting.calls() }));
    const check = await (await fetch(`${env.product.origin}/staff/applications?status=2`, { headers: { authorization: `Bearer ${await env.product.staffToken()}` } })).json();
    const applyId = check.data.items[0].id as string;
    await env.product.approve(applyId, 19);
    await page.reload();
    await page.getByRole('heading', { name: 'Account opened successfully' }).waitFor();
    await shot(page, 'successful');
    // On a computer's screen too, with the applicant's copy of the application still offered.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('link', { name: 'Download your signed application (PDF)' }).waitFor();
    await shot(page, 'successful-pc');
    expect(errors).toEqual([]);
    // Analytics go in batches, the last one as a beacon when the page goes away.
    await page.close({ runBeforeUnload: true });
    const stored = () => env.product.database.db.select().from(analyticsEvents);
    await expect.poll(async () => (await stored()).some((e) => (e.eventValue as { page?: string }).page === 'result'), { timeout: 10_000 }).toBe(true);
    // Analytics: a page view per step and the next events were stored (production build).
    const events = await stored();
    // Batched: far fewer posts than events (it was one post per event, three or more per step).
    expect(analyticsPosts).toBeGreaterThan(0);
    expect(analyticsPosts * 4).toBeLessThan(events.length);
    expect(events.filter((e) => e.eventCode === 'page_view').length).toBeGreaterThanOrEqual(12);
    expect(events.find((e) => e.eventCode === 'step_next' && (e.eventValue as { page: string }).page === 'contact')?.eventValue).toMatchObject({ is_success: true, failure_reason: '', platform_type: 'H5' });
    // Inputs name the field (and on contact, the way to reach the applicant), once each, never the value.
    const inputs = events.filter((e) => e.eventCode === 'input').map((e) => e.eventValue as Record<string, unknown>);
    expect(inputs.find((v) => v.page === 'contact' && v.field === 'email')).toMatchObject({ contact_type: 'email', platform_type: 'H5' });
    expect(inputs.filter((v) => v.page === 'work' && v.field === 'companyName')).toHaveLength(1);
    expect(JSON.stringify(inputs)).not.toMatch(/applicant\d+@gmail\.com|ACME SDN BHD/);
    expect(events.some((e) => e.eventCode === 'payment_submit')).toBe(true);
    // appSource: no entryCode and not in the app, so "other" (4).
    const [application] = await env.product.database.db.select().from(applications);
    expect(application.appSource).toBe(4);
  });
});
