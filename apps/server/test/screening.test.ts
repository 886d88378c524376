// Sanctions and PEP screening through the API: an admin imports versioned lists (as a job), every
// submit is screened, a hit holds the case until a supervisor decides it, and a confirmed match stays
// with the person whatever happens next (a send-back, a resubmission, a new account, a new list
// version), lifted only by two supervisors. The round-3 attacks are staged as a reviewer and a
// supervisor would try them. On PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { applications, auditLog, memberClaims, screeningResults } from '../src/db/schema.ts';
import { answers, submitAll, uploadedPath } from './fixtures.ts';
import { login, signInStaff, staffCall, startServer, type TestServer } from './harness.ts';

let server: TestServer;
let phone = 0;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const base = (await import('../src/config.ts')).loadConfig({ KH_DEV: '1' });
  server = await startServer({ ekyc: { maxPerDay: 1000, minIntervalSeconds: 0, handoffTtlSeconds: 300 }, jobs: { ...base.jobs, pollingIntervalSeconds: 0.5 } });
  Object.assign(
    tokens,
    await signInStaff(server, [
      ['rita', 'Rita Reviewer', 'reviewer'],
      ['ron', 'Ron Reviewer', 'reviewer'],
      ['sam', 'Sam Supervisor', 'supervisor'],
      ['sue', 'Sue Supervisor', 'supervisor'],
      ['ada', 'Ada Admin', 'admin'],
    ]),
  );
});
afterAll(() => server.close());

const as = (who: string) => staffCall(() => server.baseUrl, () => tokens[who]);
const [rita, ron, sam, sue, ada] = ['rita', 'ron', 'sam', 'sue', 'ada'].map(as);

const LIST = 'Bank Negara domestic list';
const csv = (...rows: string[]) => ['reference,category,name,aliases,birth_dates,nationalities', ...rows].join('\n');

/** Posts a list file as its bytes (as the console does), then waits for its import and its screening of everyone to end. */
async function importList(name: string, content: string, format = 'csv') {
  const res = await fetch(`${server.baseUrl}/staff/screening/lists?name=${encodeURIComponent(name)}&format=${format}`, { method: 'POST', headers: { authorization: `Bearer ${tokens.ada}`, 'content-type': format === 'csv' ? 'text/csv' : 'application/xml' }, body: content });
  const body = (await res.json()) as { data: { id: string; state: string }; msg: string };
  if (res.status !== 202) return { status: res.status, body };
  const settled = await waitForList(body.data.id);
  return { status: res.status, body, settled };
}

async function waitForList(id: string) {
  for (let i = 0; i < 200; i++) {
    const versions = (await ada('GET', '/staff/screening/lists')).body.data as { id: string; state: string; rescreen: { state: string } | null }[];
    const version = versions.find((v) => v.id === id)!;
    if (version.state === 'failed' || (version.state !== 'importing' && version.rescreen?.state === 'done')) return version as typeof version & Record<string, unknown>;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the list version ${id} did not settle`);
}

async function submitted(name: string, more: { nric?: string; birthDate?: string } = {}) {
  const n = 9300 + phone++;
  const mobile = `13${String(4000000 + n)}`;
  const c = await login(server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  const data = answers(n, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile);
  data.personal.documentName = data.identity.documentName = name;
  if (more.nric) data.identity.nricNumber = data.personal.nricNumber = more.nric;
  await submitAll(c, applyId, data, {}, more.birthDate ? { birthDate: more.birthDate } : {});
  return { applyId: applyId as string, c, data, mobile };
}

const caseOf = async (applyId: string) => (await rita('GET', `/staff/applications/${applyId}`)).body.data;
const screeningsOf = async (applyId: string) => (await caseOf(applyId)).screenings;
const statusOf = async (applyId: string) => (await server.database.db.select({ status: applications.status }).from(applications).where(eq(applications.id, applyId)))[0]!.status;

describe('lists', () => {
  it('an admin imports a list as a job: answered at once, then live with its SHA-256 and what could not be read, audited', async () => {
    const imported = await importList(LIST, csv('S-1,sanctions,Abdul Rahman bin Yusof,Abd Rahman Yusoff,1990-01-01,MYS', 'S-2,sanctions,Tan Ah Kow,,1955,CHN', 'S-3,unknown,Someone,,,'));
    expect(imported.status).toBe(202);
    expect(imported.body.data).toMatchObject({ name: LIST, version: 1, state: 'importing' });
    expect(imported.settled).toMatchObject({ name: LIST, version: 1, state: 'live', entryCount: 2, problems: ['line 4: category "unknown" is sanctions or pep; left out'], sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const entries = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'screeningListImported'));
    expect(entries.at(-1)!.detail).toMatchObject({ name: LIST, version: 1, entries: 2, sha256: imported.settled!.sha256, problems: 1 });
  });

  it('a list of thousands of people is taken whole (its bytes are not request values)', async () => {
    const rows = Array.from({ length: 3000 }, (_, n) => `W-${n},pep,Person Number ${n} Wong,,19${40 + (n % 60)},MYS`);
    const large = await importList('Large PEP list', csv(...rows));
    expect(large.status).toBe(202);
    expect(large.settled).toMatchObject({ state: 'live', entryCount: 3000 });
  });

  it('a file nothing can be read from fails, saying why, and nothing live changes', async () => {
    const refused = await importList(LIST, '<html>not the list</html>', 'un-xml');
    expect(refused.settled).toMatchObject({ state: 'failed', failure: 'not the UN consolidated list: no CONSOLIDATED_LIST element' });
    const versions = (await ada('GET', '/staff/screening/lists')).body.data as { version: number; state: string }[];
    expect(versions.filter((v) => (v as unknown as { name: string }).name === LIST).map((v) => [v.version, v.state])).toEqual([
      [2, 'failed'],
      [1, 'live'],
    ]);
    // A format that is not one of the two, and an empty file, are the request's problem.
    expect((await fetch(`${server.baseUrl}/staff/screening/lists?name=x&format=xlsx`, { method: 'POST', headers: { authorization: `Bearer ${tokens.ada}`, 'content-type': 'text/csv' }, body: 'a' })).status).toBe(400);
    const empty = await fetch(`${server.baseUrl}/staff/screening/lists?name=x&format=csv`, { method: 'POST', headers: { authorization: `Bearer ${tokens.ada}`, 'content-type': 'text/csv' }, body: '' });
    expect(empty.status).toBe(400);
    // A form on another page cannot send one: JSON and form bodies are not a list file.
    expect((await fetch(`${server.baseUrl}/staff/screening/lists?name=x&format=csv`, { method: 'POST', headers: { authorization: `Bearer ${tokens.ada}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' })).status).toBe(415);
  });
});

describe('screening at submit', () => {
  it('an applicant on no list is screened clear, against the lists live at the time', async () => {
    const { applyId } = await submitted('TAN AH KOW');
    const [result] = await screeningsOf(applyId);
    // Same name as S-2, but born in 1990 and Malaysian: a near miss, not a hit.
    expect(result).toMatchObject({ state: 'clear', hits: [], lists: expect.arrayContaining([expect.objectContaining({ name: LIST, version: 1 }), expect.objectContaining({ name: 'Large PEP list' })]), subject: { name: 'TAN AH KOW', birthDate: '1990-01-01', nationality: 'MYS' } });
  });

  it('with no list loaded a submit is "unscreened", never "clear"', async () => {
    const bare = await startServer();
    try {
      const c = await login(bare, '134999001');
      const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
      await submitAll(c, applyId, answers(9001, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, '134999001'));
      const [result] = await bare.database.db.select().from(screeningResults).where(eq(screeningResults.applicationId, applyId));
      expect(result).toMatchObject({ state: 'unscreened', lists: [], hits: [] });
    } finally {
      await bare.close();
    }
  });

  it('a listed applicant is held: the hit says why; no approval passes until a supervisor decides it', async () => {
    const { applyId } = await submitted('ABD. RAHMAN BIN YUSOFF');
    const [result] = await screeningsOf(applyId);
    expect(result.state).toBe('hit');
    expect(result.hits).toEqual([
      expect.objectContaining({ ref: 'S-1', category: 'sanctions', listedName: expect.any(String), list: expect.objectContaining({ name: LIST, version: 1 }), why: expect.arrayContaining(["date of birth 1990-01-01 is the list's 1990-01-01", "nationality MYS is the list's"]) }),
    ]);
    const path = `/staff/applications/${applyId}`;
    await rita('POST', `${path}/claim`);
    const refused = await rita('POST', `${path}/approve`, { markets: 19 });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('A screening hit holds this case: a supervisor must decide it before it is approved.');
    const audited = await server.database.db.select().from(auditLog).where(and(eq(auditLog.applicationId, applyId), eq(auditLog.action, 'refused')));
    expect(audited.map((entry) => entry.detail)).toEqual([expect.objectContaining({ route: '/staff/applications/:id/approve', status: 409, reason: 'server.screeningHold' })]);
    // Only a supervisor decides, with a reason.
    expect((await rita('POST', `${path}/screening/${result.id}/decide`, { outcome: 'cleared', reason: 'Different person' })).status).toBe(403);
    expect((await sam('POST', `${path}/screening/${result.id}/decide`, { outcome: 'cleared', reason: '' })).status).toBe(400);
  });

  it('two supervisors deciding at once: one decision stands', async () => {
    const { applyId } = await submitted('ABDUL RAHMAN BIN YUSOF');
    const path = `/staff/applications/${applyId}`;
    const [result] = await screeningsOf(applyId);
    const decided = await Promise.all([
      sam('POST', `${path}/screening/${result.id}/decide`, { outcome: 'cleared', reason: 'Born in Kota Bharu, the listed person in Jakarta; NRIC checked' }),
      sue('POST', `${path}/screening/${result.id}/decide`, { outcome: 'confirmed', reason: 'Same person' }),
    ]);
    expect(decided.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = decided.find((a) => a.status === 200)!.body.data;
    const [stored] = await server.database.db.select().from(screeningResults).where(eq(screeningResults.id, result.id));
    expect(stored!.state).toBe(won.state);
    expect((await caseOf(applyId)).screeningDecisions).toHaveLength(1);
  });
});

describe('a confirmed match is never approved, whatever happens next', () => {
  it('it is refused finally or not at all: no send-back, no request for information, no approval', async () => {
    const { applyId } = await submitted('MUHAMMAD ABDUL RAHMAN YUSOF');
    const path = `/staff/applications/${applyId}`;
    const [result] = await screeningsOf(applyId);
    expect((await sue('POST', `${path}/screening/${result.id}/decide`, { outcome: 'confirmed', reason: 'The listed person: NRIC and date of birth agree' })).body.data).toMatchObject({ state: 'confirmed', deciderName: 'Sue Supervisor' });
    // Decided once: a second decision is refused.
    expect((await sam('POST', `${path}/screening/${result.id}/decide`, { outcome: 'cleared', reason: 'Changed my mind' })).status).toBe(409);
    await rita('POST', `${path}/claim`);
    expect((await rita('POST', `${path}/approve`, { markets: 19 })).body.msg).toMatch(/^This person is a confirmed match/);
    // The round-3 laundering: sent back to resubmit, resubmitted unchanged, screened afresh as a new hit, cleared by another supervisor.
    const sentBack = await rita('POST', `${path}/reject`, { items: ['2003-name'] });
    expect(sentBack.status).toBe(409);
    expect(sentBack.body.msg).toMatch(/can only be refused finally/);
    expect((await rita('POST', `${path}/request-information`, { items: ['2003-name'], note: 'Send your payslip' })).status).toBe(409);
    expect(await statusOf(applyId)).toBe(2);
    expect((await rita('POST', `${path}/reject`, { items: ['2003-name'], final: true })).status).toBe(200);
    expect(await statusOf(applyId)).toBe(5);
  });

  it('a resubmission screened again carries the confirmation: nobody can clear it there', async () => {
    const listed = await submitted('MOHD ABDUL RAHMAN YUSOF');
    const path = `/staff/applications/${listed.applyId}`;
    const [first] = await screeningsOf(listed.applyId);
    // Sent back for something else before anyone decided the hit: the resubmission is a fresh screening.
    await rita('POST', `${path}/claim`);
    expect((await rita('POST', `${path}/reject`, { items: ['2003-name'] })).status).toBe(200);
    await sue('POST', `${path}/screening/${first.id}/decide`, { outcome: 'confirmed', reason: 'Same person' });
    expect((await listed.c.post('/kh/account/apply/apply-submit', { applyId: listed.applyId })).status).toBe(200);
    const [latest] = await screeningsOf(listed.applyId);
    expect(latest.id).not.toBe(first.id);
    expect(latest).toMatchObject({ state: 'confirmed', hits: [expect.objectContaining({ ref: 'S-1', carried: expect.objectContaining({ outcome: 'confirmed', deciderName: 'Sue Supervisor' }) })] });
    expect((await sam('POST', `${path}/screening/${latest.id}/decide`, { outcome: 'cleared', reason: 'Another person after all' })).status).toBe(409);
    expect((await rita('POST', `${path}/approve`, { markets: 19 })).body.msg).toMatch(/^This person is a confirmed match/);
  });

  it('a new account of the same person (another phone, the same MyKad) is held by the confirmation, with or without a hit', async () => {
    const first = await submitted('MUHD ABDUL RAHMAN YUSOFF', { nric: '900101145432' });
    const [result] = await screeningsOf(first.applyId);
    await sue('POST', `/staff/applications/${first.applyId}/screening/${result.id}/decide`, { outcome: 'confirmed', reason: 'Listed: passport copy from the FIED matches' });
    // Years on, the first account's data purged by retention (its ID number free again; the decision is kept).
    const [{ memberId }] = await server.database.db.select({ memberId: applications.memberId }).from(applications).where(eq(applications.id, first.applyId));
    await server.database.db.delete(memberClaims).where(eq(memberClaims.memberId, memberId));
    // Under another phone and a name the list does not hold: no hit, still the person.
    const again = await submitted('AHMAD FAIZAL', { nric: '900101145432' });
    expect((await screeningsOf(again.applyId))[0].state).toBe('clear');
    await ron('POST', `/staff/applications/${again.applyId}/claim`);
    expect((await ron('POST', `/staff/applications/${again.applyId}/approve`, { markets: 19 })).body.msg).toMatch(/^This person is a confirmed match/);
    // The case shows the decision made on the other application.
    expect((await caseOf(again.applyId)).screeningDecisions).toEqual([expect.objectContaining({ outcome: 'confirmed', thisCase: false, applicationId: first.applyId, ref: 'S-1' })]);
  });

  it('lifted only by two supervisors, neither of whom then approves the case', async () => {
    const { applyId } = await submitted('MHD ABDUL RAHMAN YUSOF');
    const path = `/staff/applications/${applyId}`;
    const [result] = await screeningsOf(applyId);
    await sam('POST', `${path}/screening/${result.id}/decide`, { outcome: 'confirmed', reason: 'Same person' });
    const proposed = await sue('POST', `${path}/screening/override`, { reason: 'The FIED confirms S-1 was delisted on 1 November' });
    expect(proposed.status).toBe(200);
    expect((await sue('POST', `/staff/changes/${proposed.body.data.changeId}/approve`)).status).toBe(409);
    await rita('POST', `${path}/claim`);
    expect((await rita('POST', `${path}/approve`, { markets: 19 })).status).toBe(409);
    // A reviewer cannot propose one.
    expect((await rita('POST', `${path}/screening/override`, { reason: 'No' })).status).toBe(403);
    expect((await sam('POST', `/staff/changes/${proposed.body.data.changeId}/approve`)).status).toBe(200);
    const audit = await server.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.applicationId, applyId));
    expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(['screeningConfirmed', 'screeningOverrideProposed', 'screeningOverridden']));
    expect((await rita('POST', `${path}/approve`, { markets: 19 })).body.data).toMatchObject({ status: 4 });
  });
});

describe('whoever decides a hit never approves that case', () => {
  it('the supervisor who cleared the hit is refused its approval; a colleague approves', async () => {
    const { applyId } = await submitted('RAHMAN YUSOF ABDUL');
    const path = `/staff/applications/${applyId}`;
    const [result] = await screeningsOf(applyId);
    await sam('POST', `${path}/screening/${result.id}/decide`, { outcome: 'cleared', reason: 'Born elsewhere; NRIC checked against JPN' });
    await sam('POST', `${path}/claim`);
    const alone = await sam('POST', `${path}/approve`, { markets: 19 });
    expect(alone.status).toBe(409);
    expect(alone.body.msg).toBe('You decided a screening hit on this case: a colleague who did not must approve it.');
    await sue('POST', `${path}/assign`, { staffId: (await rita('GET', '/staff/me')).body.data.id });
    expect((await rita('POST', `${path}/approve`, { markets: 19 })).body.data).toMatchObject({ status: 4 });
  });
});

describe('every import screens everyone again, whatever their earlier results', () => {
  it('a newly listed applicant is held though an earlier hit on their case was cleared', async () => {
    const { applyId } = await submitted('ABDUL RAHMAN YUSOFF');
    const path = `/staff/applications/${applyId}`;
    const [result] = await screeningsOf(applyId);
    await sam('POST', `${path}/screening/${result.id}/decide`, { outcome: 'cleared', reason: 'Different person' });
    // The same applicant, exactly, on a list of the Home Affairs ministry.
    const moha = await importList('MOHA list', csv('M-7,sanctions,Abdul Rahman Yusoff,,1990-01-01,MYS'));
    expect(moha.settled).toMatchObject({ state: 'live', rescreen: expect.objectContaining({ state: 'done', hits: expect.any(Number) }) });
    const screenings = await screeningsOf(applyId);
    expect(screenings[0]).toMatchObject({ kind: 'rescreen', state: 'hit', hits: [expect.objectContaining({ ref: 'M-7', list: expect.objectContaining({ name: 'MOHA list' }) })] });
    await rita('POST', `${path}/claim`);
    expect((await rita('POST', `${path}/approve`, { markets: 19 })).body.msg).toBe('A screening hit holds this case: a supervisor must decide it before it is approved.');
    // The case names the run that screened it.
    expect((await caseOf(applyId)).screeningRuns).toContainEqual(expect.objectContaining({ listName: 'MOHA list', state: 'done', newHit: true }));
  });

  it('opened accounts are screened too; a version of the list that holds what it held already adds nothing', async () => {
    const customer = await submitted('LEE SIEW LING');
    await rita('POST', `/staff/applications/${customer.applyId}/claim`);
    expect((await rita('POST', `/staff/applications/${customer.applyId}/approve`, { markets: 19 })).body.data).toMatchObject({ status: 4 });
    const pep = await importList('Domestic PEP list', csv('P-1,pep,Lee Siew Ling,,,MYS'));
    expect(pep.settled).toMatchObject({ state: 'live' });
    expect((await screeningsOf(customer.applyId))[0]).toMatchObject({ kind: 'rescreen', state: 'hit', hits: [expect.objectContaining({ ref: 'P-1', category: 'pep' })] });
    const before = (await screeningsOf(customer.applyId)).length;
    await importList('Domestic PEP list', csv('P-1,pep,Lee Siew Ling,,,MYS', 'P-2,pep,Someone Else Entirely,,,MYS'));
    expect((await screeningsOf(customer.applyId)).length).toBe(before);
  });
});
