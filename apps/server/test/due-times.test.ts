// Due times (issue: the review console for compliance): each submit dates the decision by the
// queue's service level on the business calendar of the case's markets; the queue shows, sorts and
// filters by it and counts the breaches; "next case" hands out the most urgent; a rejection stops
// the clock and the resubmission starts it again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dueTime, regionsFor } from '@kh/calendar';
import { loadBusinessCalendar } from '@kh/calendar/node';
import { applications } from '../src/db/schema.ts';
import { fill, uploadedPath } from './fixtures.ts';
import { setDueIn, signInStaff, staffCall, startServer, submittedCase, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const calendar = loadBusinessCalendar();

beforeAll(async () => {
  server = await startServer({ ekyc: { maxPerDay: 1000, minIntervalSeconds: 0, handoffTtlSeconds: 300 } });
  Object.assign(tokens, await signInStaff(server, [['rita', 'Rita Reviewer', 'reviewer'], ['ravi', 'Ravi Reviewer', 'reviewer']]));
});
afterAll(() => server.close());

const rita = staffCall(() => server.baseUrl, () => tokens.rita);
const ravi = staffCall(() => server.baseUrl, () => tokens.ravi);
const HOUR = 3_600_000;

const submitted = (n: number) => submittedCase(server, n);
const rowOf = async (id: string) => (await server.database.db.select().from(applications).where(eq(applications.id, id)))[0];
const dueIn = (id: string, ms: number) => setDueIn(server, id, ms);

describe('due times', () => {
  it('are dated at submit by the service level on the calendar of the markets asked for (Hong Kong holidays count for a Hong Kong account)', async () => {
    const { applyId } = await submitted(9701);
    const row = await rowOf(applyId);
    expect(row.market & 1).toBe(1); // asks for Hong Kong
    expect(row.dueAt).toEqual(dueTime(calendar, row.submittedAt!, 'new', regionsFor(calendar, ['MY', 'HK', 'US'])));
    expect(row.dueAt!.getTime()).toBeGreaterThan(row.submittedAt!.getTime() + HOUR);
    // 18:00 in Kuala Lumpur.
    expect(row.dueAt!.toISOString().slice(11, 16)).toBe('10:00');
    const seen = (await rita('GET', `/staff/applications/${applyId}`)).body.data;
    expect(seen.application.dueAt).toBe(row.dueAt!.toISOString());
  });

  it('order the queue, the most urgent first; a breach is flagged, counted and filtered; "next case" takes the most urgent', async () => {
    const later = await submitted(9702);
    const urgent = await submitted(9703);
    await dueIn(later.applyId, 20 * HOUR);
    await dueIn(urgent.applyId, -2 * HOUR);
    const queue = (await rita('GET', '/staff/applications?state=submitted')).body.data;
    const ids = queue.items.map((item: { id: string }) => item.id);
    expect(ids.indexOf(urgent.applyId)).toBe(0);
    expect(ids.indexOf(urgent.applyId)).toBeLessThan(ids.indexOf(later.applyId));
    expect(queue.items[0]).toMatchObject({ overdue: true });
    expect(queue.items.find((item: { id: string }) => item.id === later.applyId)).toMatchObject({ overdue: false });
    expect(queue.overdue).toBe(1);
    const breached = (await rita('GET', '/staff/applications?state=submitted&overdue=true')).body.data;
    expect(breached.items.map((item: { id: string }) => item.id)).toEqual([urgent.applyId]);
    const reversed = (await rita('GET', '/staff/applications?state=submitted&sort=dueAt&order=desc')).body.data;
    expect(reversed.items.map((item: { id: string }) => item.id).indexOf(later.applyId)).toBeLessThan(reversed.items.map((item: { id: string }) => item.id).indexOf(urgent.applyId));
    // Submitted later than the others, but due soonest: next.
    expect((await ravi('POST', '/staff/applications/next')).body.data.id).toBe(urgent.applyId);
    // A decided case is no breach, whatever its due time.
    await ravi('POST', `/staff/applications/${urgent.applyId}/approve`, { markets: 19 });
    expect((await rita('GET', '/staff/applications?overdue=true')).body.data.items).toEqual([]);
  });

  it('stop while the applicant fixes a rejection, and start again at the resubmission', async () => {
    const { applyId, c, data } = await submitted(9704);
    await dueIn(applyId, -5 * HOUR);
    await rita('POST', `/staff/applications/${applyId}/claim`);
    await rita('POST', `/staff/applications/${applyId}/reject`, { items: ['2005-bankStatement'] });
    expect((await rita('GET', '/staff/applications?overdue=true')).body.data.items.map((item: { id: string }) => item.id)).not.toContain(applyId);
    expect((await fill(c, 'financial', { ...data.financial, bankStatement: await uploadedPath(c) })).status).toBe(200);
    expect((await c.post('/kh/account/apply/apply-submit', { applyId })).body.data.status).toBe(2);
    const row = await rowOf(applyId);
    expect(row.dueAt).toEqual(dueTime(calendar, row.submittedAt!, 'new', regionsFor(calendar, ['MY', 'HK', 'US'])));
    expect(row.dueAt!.getTime()).toBeGreaterThan(Date.now());
  });
});
