// The audit trail is complete and cannot be rewritten: every read of personal data by staff, every
// refusal and every decision is an entry with who, when, from which address and device; the
// application's database role cannot change or remove one; and the hash chain's verify command
// names the first entry that was tampered with.
import { spawnSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { auditLog } from '../src/db/schema.ts';
import { verifyAuditChain } from '../src/audit/audit.ts';
import { formulaSafe } from '../src/audit/audit-routes.ts';
import { answers, submitAll, uploadedPath } from './fixtures.ts';
import { login, signInStaff, staffCall, startServer, type TestServer } from './harness.ts';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
let server: TestServer;
const tokens: Record<string, string> = {};
let applyId: string;
const mobile = '137700001';

beforeAll(async () => {
  server = await startServer({}, { persistent: true });
  Object.assign(tokens, await signInStaff(server, [['mia', 'Mia Reviewer', 'reviewer'], ['ada', 'Ada Admin', 'admin']]));
  const c = await login(server, mobile);
  applyId = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data.applyId;
  await submitAll(c, applyId, answers(5, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile));
});
afterAll(() => server?.close());

const mia = staffCall(() => server.baseUrl, () => tokens.mia);
const since = async () => (await server.database.db.select({ id: auditLog.id }).from(auditLog).orderBy(asc(auditLog.chainSeq))).at(-1)?.id ?? 0;
const entriesAfter = (id: number) => server.database.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(asc(auditLog.chainSeq));

describe('every read of personal data, refusal and decision is an entry', () => {
  it('opening a case, a page of the queue and a search by NRIC, phone or e-mail: who, what, from where', async () => {
    const before = await since();
    const userAgent = 'Mozilla/5.0 (audit test; reviewer desk 7)';
    const call = (path: string) => fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${tokens.mia}`, 'user-agent': userAgent } });
    expect((await call(`/staff/applications/${applyId}`)).status).toBe(200);
    expect((await call('/staff/applications?state=submitted')).status).toBe(200);
    expect((await call(`/staff/applications?q=${mobile}`)).status).toBe(200);
    expect((await call('/staff/applications?q=someone%40example.com')).status).toBe(200);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => e.action)).toEqual(['caseViewed', 'queueViewed', 'queueSearched', 'queueSearched']);
    for (const entry of entries) expect(entry).toMatchObject({ staffId: expect.any(String), ip: '127.0.0.1', userAgent, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(entries[0]).toMatchObject({ applicationId: applyId });
    expect(entries[2].detail).toMatchObject({ q: mobile });
  });

  it('a sign-in with an e-mail nobody has is recorded, with the e-mail tried and the address', async () => {
    const before = await since();
    await fetch(`${server.baseUrl}/staff/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'user-agent': 'curl/8' }, body: JSON.stringify({ email: 'Nobody@Broker.example', password: 'guess guess guess' }) });
    const [entry] = await entriesAfter(before);
    expect(entry).toMatchObject({ action: 'loginFailed', staffId: null, ip: '127.0.0.1', userAgent: 'curl/8', detail: { email: 'nobody@broker.example' } });
  });

  it('a refused attempt is recorded with the route and the reason (a reviewer trying the admin\'s audit search)', async () => {
    const before = await since();
    await mia('POST', `/staff/applications/${applyId}/claim`);
    expect((await mia('GET', '/staff/audit')).status).toBe(403);
    const entries = await entriesAfter(before);
    expect(entries.map((e) => e.action)).toEqual(['claim', 'refused']);
    expect(entries[1].detail).toMatchObject({ method: 'GET', route: '/staff/audit', status: 403, reason: 'server.staffRoleRequired' });
  });
});

describe('the log is append-only where the application writes it', () => {
  it('UPDATE, DELETE and TRUNCATE of audit_log are refused by the database', async () => {
    const { db } = server.database;
    // The database's own refusal, under drizzle's wrapper.
    const refusal = (statement: ReturnType<typeof sql>) => db.execute(statement).then(() => 'done', (error: Error & { cause?: Error }) => error.cause?.message ?? error.message);
    expect(await refusal(sql`update audit_log set action = 'nothing' where id = (select min(id) from audit_log)`)).toBe('audit_log is append-only');
    expect(await refusal(sql`delete from audit_log where id = (select min(id) from audit_log)`)).toBe('audit_log is append-only');
    expect(await refusal(sql`truncate audit_log`)).toBe('audit_log is append-only');
    expect((await verifyAuditChain(db)).broken).toBeUndefined();
  });
});

describe('the admin’s audit search and export', () => {
  const ada = staffCall(() => server.baseUrl, () => tokens.ada);

  it('finds a case’s entries by the applicant’s name or NRIC (with or without dashes), not only by its id', async () => {
    // A device string is whatever the client sends: one that a spreadsheet would run.
    const opened = await fetch(`${server.baseUrl}/staff/applications/${applyId}`, { headers: { authorization: `Bearer ${tokens.mia}`, 'user-agent': '=HYPERLINK("http://evil.example","click")' } });
    expect(opened.status).toBe(200);
    const nric = String(answers(5, { proof: '', statement: '', signature: '' }, mobile).personal.nricNumber);
    for (const named of ['tan ah', nric, `${nric.slice(0, 6)}-${nric.slice(6, 8)}-${nric.slice(8)}`]) {
      const found = (await ada('GET', `/staff/audit?case=${encodeURIComponent(named)}`)).body.data.items as { applicationId: string }[];
      expect(found.length, named).toBeGreaterThan(0);
      expect(new Set(found.map((entry) => entry.applicationId)), named).toEqual(new Set([applyId]));
    }
    expect((await ada('GET', '/staff/audit?case=nobody%20at%20all')).body.data.items).toEqual([]);
    // LIKE's own characters are text: "%" finds no one.
    expect((await ada('GET', '/staff/audit?case=%25')).body.data.items).toEqual([]);
  });

  it('exports the search as CSV, every cell safe to open in a spreadsheet, the export itself an entry', async () => {
    const exported = await fetch(`${server.baseUrl}/staff/audit/export.csv?case=${encodeURIComponent('TAN AH KOW')}`, { headers: { authorization: `Bearer ${tokens.ada}` } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = (await exported.text()).replace(/^\ufeff/, '');
    const [header, ...rows] = text.trim().split('\n');
    expect(header).toBe('when,who,action,case,member,status before,status after,detail,address,device,position in the chain');
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.every((row) => row.includes(applyId))).toBe(true);
    // The device string is there, as text: no cell starts with what a spreadsheet runs.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    for (const row of rows) for (const cell of row.match(/("(?:[^"]|"")*"|[^,]*)(?=,|$)/g) ?? []) expect(cell.replace(/^"/, '')).not.toMatch(/^[=+\-@]/);
    // What a spreadsheet would run is written as text; the rest as it is.
    expect(['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', '\tx', 'TAN AH KOW', { note: '=1' }].map(formulaSafe)).toEqual(["'=HYPERLINK(\"x\")", "'+1", "'-2", "'@SUM(A1)", "'\tx", 'TAN AH KOW', '{"note":"=1"}']);
    const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'auditExported'));
    expect(entry!.detail).toMatchObject({ case: 'TAN AH KOW', rows: rows.length });
    // Only the admin's.
    expect((await fetch(`${server.baseUrl}/staff/audit/export.csv`, { headers: { authorization: `Bearer ${tokens.mia}` } })).status).toBe(403);
  });
});

describe('the hash chain names the first entry that was changed', () => {
  /** What someone with the database owner's powers could do: the triggers off, a row rewritten. */
  async function tamper(statement: ReturnType<typeof sql>) {
    await server.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(statement);
    });
  }

  it('intact, then an entry rewritten: the verify route and command name it; then an entry removed: the one after it', async () => {
    const { db } = server.database;
    const intact = await verifyAuditChain(db);
    expect(intact.broken).toBeUndefined();
    expect(intact.head).toEqual({ chainSeq: intact.entries, hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect((await staffCall(() => server.baseUrl, () => tokens.ada)('GET', '/staff/audit/verify')).body.data.broken).toBeUndefined();

    const [victim] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'caseViewed'), eq(auditLog.applicationId, applyId)));
    await tamper(sql`update audit_log set detail = '{"nothing":"to see"}'::jsonb where id = ${victim.id}`);
    expect((await verifyAuditChain(db)).broken).toEqual({ id: victim.id, chainSeq: victim.chainSeq, reason: 'hash' });
    const answer = await staffCall(() => server.baseUrl, () => tokens.ada)('GET', '/staff/audit/verify');
    expect(answer.body.data.broken).toMatchObject({ id: victim.id, reason: 'hash' });

    // Put back exactly as it was, then remove the entry after it instead.
    await tamper(sql`update audit_log set detail = ${JSON.stringify(victim.detail)}::jsonb where id = ${victim.id}`);
    expect((await verifyAuditChain(db)).broken).toBeUndefined();
    const [next] = await db.select().from(auditLog).where(eq(auditLog.chainSeq, victim.chainSeq! + 1));
    const [after] = await db.select().from(auditLog).where(eq(auditLog.chainSeq, victim.chainSeq! + 2));
    await tamper(sql`delete from audit_log where id = ${next.id}`);
    expect((await verifyAuditChain(db)).broken).toEqual({ id: after.id, chainSeq: after.chainSeq, reason: 'link' });

    // The operator's command, against the same database once the server has stopped.
    await server.close();
    const env = { ...process.env, ...(server.config.databaseUrl ? { DATABASE_URL: server.config.databaseUrl } : { DATA_DIR: server.dataDir, DATABASE_URL: '' }) };
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/audit-verify.ts'], { cwd: serverDir, env, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout + run.stderr).toContain(`broken at entry ${after.id} (chain position ${after.chainSeq}): it does not link to the entry before it`);
    server = undefined as never;
  });
});
