// Sanctions and PEP screening through the API (issue: the review console for compliance): an admin
// imports versioned lists, every submit is screened, a hit holds the case until a supervisor clears
// it (a confirmed hit is never approved), and each step is audited. On PGlite and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, screeningResults } from '../src/db/schema.ts';
import { answers, submitAll, uploadedPath } from './fixtures.ts';
import { login, signInStaff, staffCall, startServer, type TestServer } from './harness.ts';

let server: TestServer;
let phone = 0;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer({ ekyc: { maxPerDay: 1000, minIntervalSeconds: 0, handoffTtlSeconds: 300 } });
  Object.assign(
    tokens,
    await signInStaff(server, [
      ['rita', 'Rita Reviewer', 'reviewer'],
      ['sam', 'Sam Supervisor', 'supervisor'],
      ['sue', 'Sue Supervisor', 'supervisor'],
      ['ada', 'Ada Admin', 'admin'],
    ]),
  );
});
afterAll(() => server.close());

const as = (who: string) => staffCall(() => server.baseUrl, () => tokens[who]);
const rita = as('rita');
const sam = as('sam');
const sue = as('sue');
const ada = as('ada');

const LIST = 'Bank Negara domestic list';
const csv = (...rows: string[]) => ['reference,category,name,aliases,birth_dates,nationalities', ...rows].join('\n');

async function submitted(name: string) {
  const n = 9300 + phone++;
  const mobile = `13${String(4000000 + n)}`;
  const c = await login(server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  const data = answers(n, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile);
  data.personal.documentName = data.identity.documentName = name;
  await submitAll(c, applyId, data);
  return applyId as string;
}

const screeningsOf = async (applyId: string) => (await rita('GET', `/staff/applications/${applyId}`)).body.data.screenings;

describe('lists', () => {
  it('an admin imports a list: a version with its SHA-256 and what could not be read, audited', async () => {
    const imported = await ada('POST', '/staff/screening/lists', {
      name: LIST,
      format: 'csv',
      content: csv('S-1,sanctions,Abdul Rahman bin Yusof,Abd Rahman Yusoff,1990-01-01,MYS', 'S-2,sanctions,Tan Ah Kow,,1955,CHN', 'S-3,unknown,Someone,,,'),
    });
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({ name: LIST, version: 1, entryCount: 2, problems: ['line 4: category "unknown" is sanctions or pep; left out'], sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'screeningListImported'));
    expect(entry!.detail).toMatchObject({ name: LIST, version: 1, entries: 2, sha256: imported.body.data.sha256, problems: 1 });
  });

  it('a file nothing can be read from is refused, saying why, and stores nothing', async () => {
    const refused = await ada('POST', '/staff/screening/lists', { name: LIST, format: 'un-xml', content: '<html>not the list</html>' });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('No entry of the list could be read: not the UN consolidated list: no CONSOLIDATED_LIST element');
    expect((await ada('GET', '/staff/screening/lists')).body.data.map((l: { version: number }) => l.version)).toEqual([1]);
    // A format that is not one of the two is the request's problem.
    expect((await ada('POST', '/staff/screening/lists', { name: LIST, format: 'xlsx', content: 'x' })).status).toBe(400);
  });
});

describe('screening at submit', () => {
  let held = '';

  it('an applicant on no list is screened clear, against the lists live at the time', async () => {
    const clear = await submitted('TAN AH KOW');
    const [result] = await screeningsOf(clear);
    // Same name as S-2, but born in 1990 and Malaysian: a near miss, not a hit.
    expect(result).toMatchObject({ state: 'clear', hits: [], lists: [{ name: LIST, version: 1 }], subject: { name: 'TAN AH KOW', birthDate: '1990-01-01', nationality: 'MYS' } });
  });

  it('a listed applicant is held: the hit says why; no approval passes until a supervisor clears it', async () => {
    held = await submitted('ABD. RAHMAN BIN YUSOFF');
    const [result] = await screeningsOf(held);
    expect(result.state).toBe('hit');
    expect(result.hits).toEqual([
      expect.objectContaining({ ref: 'S-1', category: 'sanctions', listedName: expect.any(String), list: expect.objectContaining({ name: LIST, version: 1 }), why: expect.arrayContaining(["date of birth 1990-01-01 is the list's 1990-01-01", "nationality MYS is the list's"]) }),
    ]);
    const path = `/staff/applications/${held}`;
    await rita('POST', `${path}/claim`);
    const refused = await rita('POST', `${path}/approve`, { markets: 19 });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('A screening hit holds this case: a supervisor must clear it before it is approved.');
    const audited = await server.database.db.select().from(auditLog).where(and(eq(auditLog.applicationId, held), eq(auditLog.action, 'refused')));
    expect(audited.map((entry) => entry.detail)).toEqual([expect.objectContaining({ route: '/staff/applications/:id/approve', status: 409, reason: 'server.screeningHold' })]);
    // Only a supervisor decides, with a reason.
    expect((await rita('POST', `${path}/screening/${result.id}/decide`, { outcome: 'cleared', reason: 'Different person' })).status).toBe(403);
    expect((await sam('POST', `${path}/screening/${result.id}/decide`, { outcome: 'cleared', reason: '' })).status).toBe(400);
  });

  it('two supervisors deciding at once: one decision stands; cleared, the case is approved as any other', async () => {
    const path = `/staff/applications/${held}`;
    const [result] = await screeningsOf(held);
    const answers = await Promise.all([
      sam('POST', `${path}/screening/${result.id}/decide`, { outcome: 'cleared', reason: 'Born in Kota Bharu, the listed person in Jakarta; NRIC checked' }),
      sue('POST', `${path}/screening/${result.id}/decide`, { outcome: 'confirmed', reason: 'Same person' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.status === 200)!.body.data;
    const [stored] = await server.database.db.select().from(screeningResults).where(eq(screeningResults.id, result.id));
    expect(stored!.state).toBe(won.state);
    const decided = await server.database.db.select().from(auditLog).where(and(eq(auditLog.applicationId, held), eq(auditLog.action, won.state === 'cleared' ? 'screeningCleared' : 'screeningConfirmed')));
    expect(decided).toHaveLength(1);
    const approve = await rita('POST', `${path}/approve`, { markets: 19 });
    if (won.state === 'cleared') expect(approve.body.data).toMatchObject({ status: 4 });
    else expect(approve.body.msg).toBe('A screening hit on this case was confirmed: it cannot be approved.');
  });

  it('a confirmed hit is never approved', async () => {
    const listed = await submitted('MUHAMMAD ABDUL RAHMAN YUSOF');
    const [result] = await screeningsOf(listed);
    expect(result.state).toBe('hit');
    expect((await sue('POST', `/staff/applications/${listed}/screening/${result.id}/decide`, { outcome: 'confirmed', reason: 'The listed person: NRIC and date of birth agree' })).body.data).toMatchObject({ state: 'confirmed', deciderName: 'Sue Supervisor' });
    // Decided once: a second decision is refused.
    expect((await sam('POST', `/staff/applications/${listed}/screening/${result.id}/decide`, { outcome: 'cleared', reason: 'Changed my mind' })).status).toBe(409);
    await rita('POST', `/staff/applications/${listed}/claim`);
    expect((await rita('POST', `/staff/applications/${listed}/approve`, { markets: 19 })).body.msg).toBe('A screening hit on this case was confirmed: it cannot be approved.');
    expect((await screeningsOf(listed))[0]).toMatchObject({ state: 'confirmed', decisionReason: 'The listed person: NRIC and date of birth agree', deciderName: 'Sue Supervisor' });
  });

  it('a list imported while a case waits screens it again: a newly listed applicant is held; a decided hit keeps its decision', async () => {
    const waiting = await submitted('LEE SIEW LING');
    expect((await screeningsOf(waiting))[0].state).toBe('clear');
    const added = await ada('POST', '/staff/screening/lists', { name: 'Domestic PEP list', format: 'csv', content: csv('P-1,pep,Lee Siew Ling,,,MYS') });
    expect(added.body.data.rescreened).toMatchObject({ hits: 1 });
    const [again] = await screeningsOf(waiting);
    expect(again).toMatchObject({ state: 'hit', hits: [expect.objectContaining({ ref: 'P-1', category: 'pep', list: expect.objectContaining({ name: 'Domestic PEP list', version: 1 }) })] });
    await rita('POST', `/staff/applications/${waiting}/claim`);
    expect((await rita('POST', `/staff/applications/${waiting}/approve`, { markets: 19 })).body.msg).toBe('A screening hit holds this case: a supervisor must clear it before it is approved.');
    const imports = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'screeningListImported'));
    expect(imports.map((entry) => entry.detail)).toContainEqual(expect.objectContaining({ name: 'Domestic PEP list', version: 1, rescreened: added.body.data.rescreened.screened, newHits: 1 }));
    // Only cases whose latest screening was clear were screened again: the held and confirmed ones were not.
    expect(added.body.data.rescreened.screened).toBeLessThan(5);
  });

  it('a new version of the list retires the one before, and the next submit is screened against it', async () => {
    const second = await ada('POST', '/staff/screening/lists', { name: LIST, format: 'csv', content: csv('S-9,pep,Lee Siew Ling,,,') });
    expect(second.body.data.version).toBe(2);
    const versions = ((await ada('GET', '/staff/screening/lists')).body.data as { name: string; version: number; retiredAt: string | null }[]).filter((v) => v.name === LIST);
    expect(versions.map((v) => [v.version, v.retiredAt === null])).toEqual([
      [2, true],
      [1, false],
    ]);
    const now = await submitted('ABDUL RAHMAN BIN YUSOF');
    expect((await screeningsOf(now))[0]).toMatchObject({ state: 'clear', lists: expect.arrayContaining([expect.objectContaining({ name: LIST, version: 2 })]) });
    expect((await screeningsOf(now))[0].lists.map((list: { name: string; version: number }) => `${list.name} v${list.version}`).sort()).toEqual(['Bank Negara domestic list v2', 'Domestic PEP list v1']);
  });
});
