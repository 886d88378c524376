// Experiments in the studio (issue: the studio and its funnel): a second editor tries a version in
// review on a share of new applications beside the live one; each application is drawn one of the
// two by its id, on every device, and pinned once it answers; the comparison counts the people who
// first reached the step meanwhile, checked here against a hand count; ending it takes two editors
// and publishes the version tried or retires it. On PostgreSQL, of many attempts at once one acts.
import { drawsVersionTried } from '@kh/engine/experiment';
import { loadStepSchemas } from '@kh/engine/node';
import type { StepSchema } from '@kh/engine';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, auditLog, stepExperiments, stepPublications } from '../src/db/schema.ts';
import { answers, fill, uploadedPath } from './fixtures.ts';
import { login, signInStaff, staffCall, startServer, type Client, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
let phone = 0;
beforeAll(async () => {
  server = await startServer();
  Object.assign(tokens, await signInStaff(server, [['ed', 'Eddie Editor', 'editor'], ['erin', 'Erin Editor', 'editor'], ['eve', 'Eve Editor', 'editor'], ['rev', 'Rita Reviewer', 'reviewer']]));
});
afterAll(() => server.close());
const as = (who: string) => staffCall(() => server.baseUrl, () => tokens[who]);
const investment = (): StepSchema => structuredClone(loadStepSchemas().find((s) => s.id === 'investment')!);

/** A version of the investment step in review, written by Eddie: the live one with a help text. */
async function versionInReview(help: string): Promise<number> {
  const { version } = (await as('ed')('POST', '/staff/studio/steps/investment/drafts', { document: investment(), translations: { en: { 'field.investment.objectives.help': help } } })).body.data as { version: number };
  expect((await as('ed')('POST', `/staff/studio/steps/investment/versions/${version}/submit`)).status).toBe(200);
  return version;
}

interface Applicant {
  c: Client;
  applyId: string;
  data: Record<string, Record<string, unknown>>;
}
async function applicant(): Promise<Applicant> {
  const n = 8600 + phone++;
  const mobile = `13${String(3000000 + n)}`;
  const c = await login(server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  return { c, applyId, data: answers(n, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile) };
}
/** New applicants until one is drawn each way for the investment step at this share. */
async function oneOfEach(share: number): Promise<{ tried: Applicant; live: Applicant }> {
  let tried: Applicant | undefined;
  let live: Applicant | undefined;
  for (let i = 0; i < 40 && !(tried && live); i++) {
    const a = await applicant();
    if (drawsVersionTried(a.applyId, 'investment', share)) tried ??= a;
    else live ??= a;
  }
  return { tried: tried!, live: live! };
}
const drawn = async (a: Applicant) => (await a.c.get('/api/kh/account/schema/steps/investment')).body.data.version as number;

describe('an experiment from start to adoption', () => {
  let version = 0;
  let people: { tried: Applicant; live: Applicant };

  it('a second editor starts it; the author cannot, nor a reviewer of cases, nor a share out of range', async () => {
    version = await versionInReview('Before tax, in ringgit.');
    const path = `/staff/studio/steps/investment/versions/${version}/experiment`;
    expect((await as('ed')('POST', path, { share: 50 })).body.msg).toBe('A second editor must publish this version: you wrote it.');
    expect((await as('rev')('POST', path, { share: 50 })).status).toBe(403);
    for (const share of [0, 100, 12.5]) expect((await as('erin')('POST', path, { share })).status).toBe(400);
    const started = await as('erin')('POST', path, { share: 50 });
    expect(started.body.data).toEqual({ version, status: 'experiment', share: 50, control: 0 });
    // One at a time per step; nothing else goes live meanwhile.
    const other = await versionInReview('Another.');
    const second = await as('erin')('POST', `/staff/studio/steps/investment/versions/${other}/experiment`, { share: 10 });
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe(`Version ${version} is being tried on a share of new applications: end that experiment first.`);
    const publish = await as('erin')('POST', `/staff/studio/steps/investment/versions/${other}/publish`, {});
    expect(publish.body.msg).toBe(`Version ${version} is being tried on a share of new applications: end that experiment first.`);
    expect((await as('ed')('GET', '/staff/studio/steps/investment')).body.data.liveVersion).toBe(0);
  });

  it('draws each new application one version by its id, the same on every ask, and pins it once answered', async () => {
    people = await oneOfEach(50);
    expect(await drawn(people.tried)).toBe(version);
    expect(await drawn(people.tried)).toBe(version);
    expect(await drawn(people.live)).toBe(0);
    // The tried version's validator module is served like a published one's.
    expect((await fetch(`${server.baseUrl}/api/kh/account/schema/validators/investment/${version}.js`)).status).toBe(200);
    // An application drawn the live version cannot save under the version tried.
    const tampered = await fill(people.live.c, 'investment', people.live.data.investment, { schemaVersion: version });
    expect(tampered.status).toBe(409);
    // Nor one drawn the version tried opt out by naming the live version: the arm is the server's draw alone.
    const optOut = await fill(people.tried.c, 'investment', people.tried.data.investment, { schemaVersion: 0 });
    expect(optOut.status).toBe(409);
    expect(optOut.body.code).toBe(tampered.body.code);
    expect((await fill(people.tried.c, 'investment', people.tried.data.investment, { schemaVersion: version })).status).toBe(200);
    expect((await fill(people.live.c, 'investment', people.live.data.investment, { schemaVersion: 0 })).status).toBe(200);
    const pins = await server.database.db.select().from((await import('../src/db/schema.ts')).applicationSteps).where(eq((await import('../src/db/schema.ts')).applicationSteps.stepId, 'investment'));
    expect(pins.find((p) => p.applicationId === people.tried.applyId)?.schemaVersion).toBe(version);
    expect(pins.find((p) => p.applicationId === people.live.applyId)?.schemaVersion).toBe(0);
  });

  it('compares the two versions from the events, as counted by hand', async () => {
    const started = (await server.database.db.select().from(stepExperiments).where(isNull(stepExperiments.endedAt)))[0]!.startedAt.getTime();
    // Milliseconds after the start, all before now.
    const at = (ms: number) => new Date(started + ms);
    const event = (member: string, eventCode: string, ms: number, value: Record<string, unknown>) => ({ channel: 'H5', memberId: member, eventCode, eventValue: { platform_type: 'H5', page: 'investment', ...value }, createdAt: at(ms) });
    const rows = [];
    // Version tried: 25 people reach it, 21 go on, 3 of them held back once first; 4 leave.
    for (let i = 0; i < 25; i++) {
      rows.push(event(`t${i}`, 'form_view', 10 + i, { version }));
      if (i < 3) rows.push(event(`t${i}`, 'field_error', 20 + i, { version, field: 'objectives', rule: 'validation.required' }));
      if (i < 21) rows.push(event(`t${i}`, 'step_next', 60 + i, { version, is_success: true }));
    }
    // Live version: 25 people, 9 go on, 12 held back; a refused Next is no completion.
    for (let i = 0; i < 25; i++) {
      rows.push(event(`l${i}`, 'form_view', 10 + i, { version: 0 }));
      if (i < 12) rows.push(event(`l${i}`, 'field_error', 20 + i, { version: 0, field: 'objectives', rule: 'validation.required' }));
      rows.push(event(`l${i}`, 'step_next', 60 + i, { version: 0, is_success: i < 9 }));
    }
    // Not counted: someone who had reached the step before the experiment; another step; nobody signed in.
    rows.push(event('old', 'form_view', -3600, { version: 0 }), event('old', 'form_view', 30, { version: 0 }), event('old', 'step_next', 40, { version: 0, is_success: true }));
    rows.push({ ...event('x1', 'form_view', 30, { version }), eventValue: { page: 'tax', version } });
    await server.database.db.insert(analyticsEvents).values(rows);

    const seen = (await as('eve')('GET', '/staff/studio/steps/investment/experiment')).body.data;
    expect(seen).toMatchObject({ version, control: 0, share: 50, startedBy: 'Erin Editor', endedAt: null, endOutcome: null });
    expect(seen.arms).toEqual({ tried: { version, reached: 25, completed: 21, erred: 3 }, live: { version: 0, reached: 25, completed: 9, erred: 12 } });
    // 21/25 against 9/25: Fisher's p ≈ 0.0012 (scipy), more than chance; errors 3/25 against 12/25 likewise.
    expect(seen.completion.verdict).toBe('tried');
    expect(seen.completion.p).toBeCloseTo(0.0012086, 6);
    expect(seen.errors.verdict).toBe('live');
  });

  it('ends by adoption only when a second editor confirms', async () => {
    const ask = await as('ed')('POST', '/staff/studio/steps/investment/experiment/end', { outcome: 'adopt' });
    expect(ask.body.data).toEqual({ version, endOutcome: 'adopt' });
    expect((await as('erin')('POST', '/staff/studio/steps/investment/experiment/end', { outcome: 'stop' })).body.msg).toBe('Someone has already asked to end this experiment: a second editor confirms it, or it is withdrawn.');
    const own = await as('ed')('POST', '/staff/studio/steps/investment/experiment/end/confirm');
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe('A second editor must confirm: you asked to end this experiment.');
    const done = await as('eve')('POST', '/staff/studio/steps/investment/experiment/end/confirm');
    expect(done.body.data).toEqual({ version, outcome: 'adopt', liveVersion: version });
    const history = (await as('ed')('GET', '/staff/studio/steps/investment')).body.data;
    expect(history.versions.find((v: { version: number }) => v.version === version).status).toBe('published');
    expect(history.publications.at(-1)).toMatchObject({ version, action: 'publish', by: 'Eve Editor', endedAt: null });
    // Everyone new is drawn it now; the applicant pinned to the old live version keeps it.
    expect(await drawn(await applicant())).toBe(version);
    expect(await drawn(people.live)).toBe(0);
    expect((await as('ed')('POST', '/staff/studio/steps/investment/experiment/end/confirm')).body.msg).toBe('No experiment is running on this step.');
    const actions = (await server.database.db.select({ action: auditLog.action }).from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['studioExperimentStarted', 'studioExperimentEndAsked', 'studioExperimentEnded', 'studioPublish']));
  });
});

describe('an experiment stopped', () => {
  it('retires the version tried: its applicants are drawn the live version again, and a page showing it cannot save', async () => {
    const live = (await as('ed')('GET', '/staff/studio/steps/investment')).body.data.liveVersion as number;
    const version = await versionInReview('Stopped.');
    expect((await as('erin')('POST', `/staff/studio/steps/investment/versions/${version}/experiment`, { share: 50 })).status).toBe(200);
    const { tried } = await oneOfEach(50);
    expect(await drawn(tried)).toBe(version);
    expect((await as('erin')('POST', '/staff/studio/steps/investment/experiment/end', { outcome: 'stop' })).status).toBe(200);
    // Withdrawn and asked again: the question is the asker's to take back.
    expect((await as('erin')('POST', '/staff/studio/steps/investment/experiment/end/withdraw')).status).toBe(200);
    expect((await as('erin')('POST', '/staff/studio/steps/investment/experiment/end/withdraw')).body.msg).toBe('Nobody has asked to end this experiment.');
    expect((await as('erin')('POST', '/staff/studio/steps/investment/experiment/end', { outcome: 'stop' })).status).toBe(200);
    expect((await as('ed')('POST', '/staff/studio/steps/investment/experiment/end/confirm')).body.data).toEqual({ version, outcome: 'stop', liveVersion: live });
    expect(await drawn(tried)).toBe(live);
    expect((await fill(tried.c, 'investment', tried.data.investment, { schemaVersion: version })).status).toBe(409);
    expect((await fill(tried.c, 'investment', tried.data.investment, { schemaVersion: live })).status).toBe(200);
    const history = (await as('ed')('GET', '/staff/studio/steps/investment')).body.data;
    expect(history.versions.find((v: { version: number }) => v.version === version)).toMatchObject({ status: 'experiment', retiredAt: expect.any(String) });
  });
});

describe('at once', () => {
  it('of many starts, many confirms of its end, one acts', async () => {
    const versions = [await versionInReview('A'), await versionInReview('B'), await versionInReview('C')];
    const starts = await Promise.all(versions.map((v) => as('erin')('POST', `/staff/studio/steps/investment/versions/${v}/experiment`, { share: 20 })));
    expect(starts.filter((r) => r.status === 200)).toHaveLength(1);
    expect(starts.filter((r) => r.status === 409)).toHaveLength(2);
    expect(await server.database.db.select().from(stepExperiments).where(and(eq(stepExperiments.stepId, 'investment'), isNull(stepExperiments.endedAt)))).toHaveLength(1);

    expect((await as('erin')('POST', '/staff/studio/steps/investment/experiment/end', { outcome: 'adopt' })).status).toBe(200);
    const before = (await server.database.db.select().from(stepPublications).where(eq(stepPublications.stepId, 'investment'))).length;
    const confirms = await Promise.all(['ed', 'eve', 'ed', 'eve', 'ed', 'eve'].map((who) => as(who)('POST', '/staff/studio/steps/investment/experiment/end/confirm')));
    expect(confirms.filter((r) => r.status === 200)).toHaveLength(1);
    expect(confirms.filter((r) => r.status !== 200).every((r) => r.status === 409)).toBe(true);
    expect((await server.database.db.select().from(stepPublications).where(eq(stepPublications.stepId, 'investment'))).length).toBe(before + 1);
  });
});
