// A publish scheduled for a time (issue: the studio and its funnel): a second editor schedules a
// version in review, checked as a publish would be; the job queue publishes it when due, as that
// editor; any editor may call it off; when it can no longer be published it goes back to review with
// the reason. On PostgreSQL, of many attempts at the due time, one publishes.
import { loadStepSchemas } from '@kh/engine/node';
import type { StepSchema } from '@kh/engine';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, stepPublications, stepVersions } from '../src/db/schema.ts';
import { publishScheduled } from '../src/studio/index.ts';
import { signInStaff, staffCall, startServer, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startServer();
  Object.assign(tokens, await signInStaff(server, [['ed', 'Eddie Editor', 'editor'], ['erin', 'Erin Editor', 'editor']]));
});
afterAll(() => server.close());
const as = (who: string) => staffCall(() => server.baseUrl, () => tokens[who]);
const tax = (): StepSchema => structuredClone(loadStepSchemas().find((s) => s.id === 'tax')!);

async function versionInReview(): Promise<number> {
  const { version } = (await as('ed')('POST', '/staff/studio/steps/tax/drafts', { document: tax(), translations: {} })).body.data as { version: number };
  expect((await as('ed')('POST', `/staff/studio/steps/tax/versions/${version}/submit`)).status).toBe(200);
  return version;
}
const history = async () => (await as('ed')('GET', '/staff/studio/steps/tax')).body.data as { liveVersion: number; versions: { version: number; status: string; publishAt: string | null; scheduleFailure: string | null }[]; publications: { version: number; by: string }[] };
const inSeconds = (s: number) => new Date(Date.now() + s * 1000).toISOString();

describe('a scheduled publish', () => {
  it('is refused for the past, for beyond 90 days and to the author; scheduled, the queue publishes it when due', async () => {
    const version = await versionInReview();
    const path = `/staff/studio/steps/tax/versions/${version}/publish`;
    for (const at of [inSeconds(-5), inSeconds(91 * 86_400)]) {
      const refused = await as('erin')('POST', path, { at });
      expect(refused.status).toBe(400);
      expect(refused.body.msg).toBe('Choose a time in the future, within 90 days.');
    }
    expect((await as('erin')('POST', path, { at: 'tomorrow' })).status).toBe(400);
    expect((await as('ed')('POST', path, { at: inSeconds(60) })).status).toBe(403);
    const at = inSeconds(3);
    const scheduled = await as('erin')('POST', path, { at });
    expect(scheduled.body.data).toEqual({ version, status: 'scheduled', publishAt: at });
    expect((await history()).versions.find((v) => v.version === version)).toMatchObject({ status: 'scheduled', publishAt: at });
    expect((await history()).liveVersion).toBe(0);
    // The queue's turn comes (it polls every 2 s).
    await expect.poll(async () => (await history()).liveVersion, { timeout: 20_000, interval: 250 }).toBe(version);
    expect((await history()).publications.at(-1)).toMatchObject({ version, by: 'Erin Editor' });
    const entries = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'studioPublish'));
    expect(entries.at(-1)).toMatchObject({ detail: expect.objectContaining({ stepId: 'tax', version, scheduled: true }) });
  });

  it('called off by any editor goes back to review, and its job then does nothing', async () => {
    const live = (await history()).liveVersion;
    const version = await versionInReview();
    expect((await as('erin')('POST', `/staff/studio/steps/tax/versions/${version}/publish`, { at: inSeconds(2) })).status).toBe(200);
    expect((await as('ed')('POST', `/staff/studio/steps/tax/versions/${version}/unschedule`)).body.data).toEqual({ version, status: 'review' });
    expect((await as('ed')('POST', `/staff/studio/steps/tax/versions/${version}/unschedule`)).body.msg).toBe('This version is not scheduled to be published.');
    await new Promise((r) => setTimeout(r, 5_000));
    expect((await history()).liveVersion).toBe(live);
    expect(await publishScheduled(server.database.db, { stepId: 'tax', version })).toBe('notDue');
    // Back in review, it is published the ordinary way.
    expect((await as('erin')('POST', `/staff/studio/steps/tax/versions/${version}/publish`, {})).body.data.status).toBe('published');
  });

  it('that can no longer be published (another went live first) goes back to review with the reason', async () => {
    const live = (await history()).liveVersion;
    const scheduled = await versionInReview();
    const sooner = await versionInReview();
    expect((await as('erin')('POST', `/staff/studio/steps/tax/versions/${scheduled}/publish`, { at: inSeconds(2) })).status).toBe(200);
    expect((await as('erin')('POST', `/staff/studio/steps/tax/versions/${sooner}/publish`, {})).status).toBe(200);
    await expect.poll(async () => (await history()).versions.find((v) => v.version === scheduled)?.status, { timeout: 20_000, interval: 250 }).toBe('review');
    expect((await history()).versions.find((v) => v.version === scheduled)?.scheduleFailure).toBe(`This version starts from version ${live}, but version ${sooner} is live now. Start a new draft from the live version.`);
    expect((await history()).liveVersion).toBe(sooner);
    expect((await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'studioScheduleFailed'))).length).toBe(1);
  });

  it('due, and attempted many times at once, is published once', async () => {
    const version = await versionInReview();
    expect((await as('erin')('POST', `/staff/studio/steps/tax/versions/${version}/publish`, { at: inSeconds(60) })).status).toBe(200);
    // As if the minute had passed, every instance's worker at once.
    await server.database.db.update(stepVersions).set({ publishAt: new Date(Date.now() - 1000) }).where(and(eq(stepVersions.stepId, 'tax'), eq(stepVersions.version, version)));
    const before = (await server.database.db.select().from(stepPublications).where(eq(stepPublications.stepId, 'tax'))).length;
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => publishScheduled(server.database.db, { stepId: 'tax', version })));
    expect(outcomes.filter((o) => o === 'published')).toHaveLength(1);
    expect((await server.database.db.select().from(stepPublications).where(eq(stepPublications.stepId, 'tax'))).length).toBe(before + 1);
    // None of the losers sent it back to review.
    expect((await history()).versions.find((v) => v.version === version)).toMatchObject({ status: 'published', scheduleFailure: null });
  });
});
