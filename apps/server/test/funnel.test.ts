// The studio's funnel (issue: where applicants give up), from the app's analytics events: each
// figure checked against a count made by hand from the events below, on PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../src/db/schema.ts';
import { signInStaff, staffCall, startServer, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startServer();
  Object.assign(tokens, await signInStaff(server, [['ed', 'Eddie Editor', 'editor'], ['rev', 'Rita Reviewer', 'reviewer']]));
});
afterAll(() => server.close());
const as = (who: string) => staffCall(() => server.baseUrl, () => tokens[who]);

/** Seconds after 10:00 on 20 November 2026 in Kuala Lumpur. */
const at = (seconds: number) => new Date(Date.parse('2026-11-20T10:00:00+08:00') + seconds * 1000);
const event = (member: string | null, eventCode: string, seconds: number, value: Record<string, unknown>) => ({ channel: 'H5', memberId: member, eventCode, eventValue: { platform_type: 'H5', ...value }, createdAt: at(seconds) });
const view = (member: string, seconds: number, version = 0) => event(member, 'form_view', seconds, { page: 'contact', version });
const input = (member: string, seconds: number, field: string, version = 0) => event(member, 'input', seconds, { page: 'contact', version, field });
const fieldError = (member: string, seconds: number, field: string, rule: string) => event(member, 'field_error', seconds, { page: 'contact', version: 0, field, rule, source: 'page' });
const next = (member: string, seconds: number, ok = true) => event(member, 'step_next', seconds, { page: 'contact', version: 0, is_success: ok, failure_reason: ok ? '' : '400' });

describe('the funnel', () => {
  it('counts who reached each step and version, went on, left, how long they took, and per field who filled it, erred and left there', async () => {
    await server.database.db.insert(analyticsEvents).values([
      // m1 reaches contact, is held back at an empty e-mail, fills both, goes on after 60 s; comes back later (counted once).
      view('m1', 0), input('m1', 10, 'mobile'), fieldError('m1', 20, 'email', 'validation.required'), input('m1', 30, 'email'), next('m1', 60), view('m1', 600),
      // m2 fills the mobile, is refused once by the server, is held back at a malformed e-mail, and leaves.
      view('m2', 0), input('m2', 5, 'mobile'), next('m2', 8, false), fieldError('m2', 15, 'email', 'validation.email'),
      // m3 fills the mobile and goes on after 120 s.
      view('m3', 0), input('m3', 5, 'mobile'), next('m3', 120),
      // m4 is drawn version 1, types a username, and leaves.
      view('m4', 0, 1), input('m4', 3, 'username', 1),
      // Outside the range: the day before and the day after (Kuala Lumpur days); nobody signed in; no version.
      event('m5', 'form_view', -10 * 3600 - 60, { page: 'contact', version: 0 }),
      event('m6', 'form_view', 14 * 3600 + 30, { page: 'contact', version: 0 }),
      event(null, 'form_view', 100, { page: 'contact', version: 0 }),
      event('m7', 'form_view', 100, { page: 'contact' }),
    ]);
    const answer = await as('ed')('GET', '/staff/studio/funnel?from=2026-11-20&to=2026-11-20');
    expect(answer.status).toBe(200);
    expect(answer.body.data.steps).toEqual([
      { stepId: 'contact', version: 0, reached: 3, completed: 2, left: 1, medianSeconds: 90 },
      { stepId: 'contact', version: 1, reached: 1, completed: 0, left: 1, medianSeconds: null },
    ]);
    expect(answer.body.data.fields).toEqual([
      { stepId: 'contact', version: 0, field: 'email', filled: 1, errors: { 'validation.required': 1, 'validation.email': 1 }, leftHere: 1 },
      { stepId: 'contact', version: 0, field: 'mobile', filled: 3, errors: {}, leftHere: 0 },
      { stepId: 'contact', version: 1, field: 'username', filled: 1, errors: {}, leftHere: 1 },
    ]);
    // The day after holds m6 alone; one step's figures only when asked.
    expect((await as('ed')('GET', '/staff/studio/funnel?from=2026-11-21&to=2026-11-21')).body.data.steps).toEqual([{ stepId: 'contact', version: 0, reached: 1, completed: 0, left: 1, medianSeconds: null }]);
    expect((await as('ed')('GET', '/staff/studio/funnel?from=2026-11-19&to=2026-11-21&stepId=personal')).body.data).toEqual({ steps: [], fields: [] });
  });

  it('counts a step as left only when the applicant reached no later step by any route', async () => {
    const on = (member: string, page: string, seconds: number) => event(member, 'form_view', seconds, { page, version: 0 });
    await server.database.db.insert(analyticsEvents).values([
      // Ten pass the identity check (which has no Next of its own: the provider's page decides) and reach the personal step.
      ...Array.from({ length: 10 }, (_, i) => [on(`id${i}`, 'identity', 86_400 + i), on(`id${i}`, 'personal', 86_400 + 300 + i)]).flat(),
      // One goes back from identity to the market step and leaves: that is no going on.
      on('back', 'identity', 86_400 + 50), on('back', 'market', 86_400 + 80),
      // One sent back after a rejection goes from the identity check to the document upload.
      on('redo', 'identity', 86_400 + 60), on('redo', 'documentUpload', 86_400 + 200),
    ]);
    const steps = (await as('ed')('GET', '/staff/studio/funnel?from=2026-11-21&to=2026-11-21&stepId=identity')).body.data.steps;
    expect(steps).toEqual([{ stepId: 'identity', version: 0, reached: 12, completed: 11, left: 1, medianSeconds: 300 }]);
  });

  it('refuses a range that is not one, in words, and is for editors only', async () => {
    for (const query of ['from=2026-11-21&to=2026-11-20', 'from=2026-02-30&to=2026-03-01', 'from=2025-01-01&to=2026-11-20']) {
      const refused = await as('ed')('GET', `/staff/studio/funnel?${query}`);
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('Choose a range of real days, the first not after the last, at most 366 days long.');
    }
    expect((await as('ed')('GET', '/staff/studio/funnel?from=20261120&to=2026-11-20')).status).toBe(400);
    expect((await as('ed')('GET', '/staff/studio/funnel?from=2026-11-20&to=2026-11-20&stepId=nope')).status).toBe(404);
    expect((await as('rev')('GET', '/staff/studio/funnel?from=2026-11-20&to=2026-11-20')).status).toBe(403);
  });
});
