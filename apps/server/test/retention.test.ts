// Retention: what is kept how long, and that removal takes everything of a member (rows, files,
// previews, claims, sessions) while a case in review, an open account and a legal hold keep it all.
// The clock is moved by handing the rules a later `now`; the audit log's floor is the database's own.
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, auditAnchors, auditLog, files, memberClaims, members } from '../src/db/schema.ts';
import { localFileStorage } from '../src/storage/file-storage.ts';
import { verifyAuditChain } from '../src/audit/audit.ts';
import { closeAccount, dueMembers, placeHold, purgeAuditEntries, purgeDue, releaseHolds, retentionReport } from '../src/applications/retention.ts';
import { answers, fill, pngBytes, submitAll, upload } from './fixtures.ts';
import { login, startServer, type Client, type TestServer } from './harness.ts';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DAY = 86_400_000;
const YEAR = 365.25 * DAY;
const settings = { years: 7, draftDays: 365 };
const later = (ms: number) => new Date(Date.now() + ms);

let server: TestServer;
let phone = 100;
const db = () => server.database.db;
const storage = () => localFileStorage(join(server.dataDir, 'files'));
const nextMobile = () => `13${String(7000000 + phone++)}`;

beforeAll(async () => {
  server = await startServer();
  // Entries written eight years ago, before anything else: the oldest part of the chain.
  for (let i = 0; i < 3; i++) await db().insert(auditLog).values({ action: 'oldEntry', staffId: null, detail: { i }, createdAt: new Date(Date.now() - 8 * YEAR + i * DAY) });
});
afterAll(() => server.close());

async function applicant(): Promise<{ c: Client; mobile: string; applyId: string; memberId: string }> {
  const mobile = nextMobile();
  const c = await login(server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  const [row] = await db().select({ memberId: applications.memberId }).from(applications).where(eq(applications.id, applyId));
  return { c, mobile, applyId, memberId: row.memberId };
}
const due = async (memberId: string, at: Date) => (await dueMembers(db(), settings, at, 10, memberId))[0];
const memberExists = async (memberId: string) => (await db().select().from(members).where(eq(members.id, memberId))).length === 1;

describe('the audit log past its retention', () => {
  it('its oldest entries leave behind an anchor; the chain verifies from it and keeps growing; nothing younger can be removed', async () => {
    const before = await verifyAuditChain(db());
    expect(before.broken).toBeUndefined();
    const old = await db().select().from(auditLog).where(eq(auditLog.action, 'oldEntry'));
    expect(old).toHaveLength(3);
    expect(await purgeAuditEntries(db(), settings)).toBe(3);
    expect(await db().select().from(auditLog).where(eq(auditLog.action, 'oldEntry'))).toEqual([]);
    const [anchor] = await db().select().from(auditAnchors);
    expect(anchor).toMatchObject({ chainSeq: 3, entriesPurged: 3 });
    const after = await verifyAuditChain(db());
    expect(after.broken).toBeUndefined();
    expect(after.entries).toBe(before.entries - 3 + 1); // the purge's own entry
    expect(after.head!.chainSeq).toBe(before.head!.chainSeq + 1);

    // The database, not the job, refuses what is younger than six years.
    const refusal = (query: ReturnType<typeof sql>) => db().execute(query).then(() => 'done', (error: Error & { cause?: Error }) => (error.cause ?? error).message);
    const [recent] = await db().select().from(auditLog).orderBy(sql`chain_seq desc`).limit(1);
    expect(await refusal(sql`insert into audit_anchors (chain_seq, hash, entries_purged) values (${recent.chainSeq}, ${recent.hash}, 1)`)).toBe('audit entries are kept at least six years');
    expect(await refusal(sql`insert into audit_anchors (chain_seq, hash, entries_purged) values (${recent.chainSeq}, 'forged', 1)`)).toBe('an audit anchor must name an entry of the chain with its hash');
    expect(await refusal(sql`delete from audit_log where id = ${recent.id}`)).toBe('audit_log is append-only');
    expect(await refusal(sql`delete from audit_anchors`)).toBe('audit_anchors is append-only');
    // An entry cannot be slipped in as old: it is dated no earlier than the one before it.
    await db().insert(auditLog).values({ action: 'backdated', staffId: null, detail: {}, createdAt: new Date(Date.now() - 20 * YEAR) });
    const [backdated] = await db().select().from(auditLog).where(eq(auditLog.action, 'backdated'));
    expect(backdated.createdAt.getTime()).toBeGreaterThanOrEqual(recent.createdAt.getTime());
    expect(await purgeAuditEntries(db(), settings)).toBe(0);
    expect((await verifyAuditChain(db())).broken).toBeUndefined();
  });
});

describe('retention rules', () => {
  it('a draft never submitted goes a year after its last activity: rows, files, previews, claims and the session with it', async () => {
    const a = await applicant();
    const proof = (await upload(a.c, await pngBytes(), 'proof.png')).body.data.filepath as string;
    expect((await a.c.request('GET', `/pdp/preview?relativePath=${encodeURIComponent(proof)}&waterMark=true`)).status).toBe(200);
    expect((await fill(a.c, 'contact', { ...answers(1, { proof: '', statement: '', signature: '' }, a.mobile).contact, username: 'RetainedName', email: 'retained@gmail.com' })).status).toBe(200);

    expect(await due(a.memberId, later(300 * DAY))).toBeUndefined();
    expect(await due(a.memberId, later(366 * DAY))).toMatchObject({ rule: 'draft', held: false });
    const outcome = await purgeDue(db(), storage(), settings, later(366 * DAY));
    expect(outcome.members).toBeGreaterThanOrEqual(1);
    expect(await memberExists(a.memberId)).toBe(false);
    expect(await db().select().from(files).where(eq(files.memberId, a.memberId))).toEqual([]);
    expect(await db().select().from(memberClaims).where(eq(memberClaims.memberId, a.memberId))).toEqual([]);
    await expect(storage().get(proof)).rejects.toThrow();
    await expect(storage().get(`previews/${proof}.jpg`)).rejects.toThrow();
    // The session is gone, and the name is free for someone else.
    expect((await a.c.post('/kh/account/apply/check')).status).toBe(401);
    const b = await applicant();
    expect((await fill(b.c, 'contact', { ...answers(2, { proof: '', statement: '', signature: '' }, b.mobile).contact, username: 'retainedname', email: 'retained@gmail.com' })).status).toBe(200);
    // The removal is in the audit log, with no personal data.
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.memberId, a.memberId)).orderBy(sql`chain_seq desc`).limit(1);
    expect(entry).toMatchObject({ action: 'retentionPurged', staffId: null, detail: { rule: 'draft', files: 1 } });
    expect(JSON.stringify(entry)).not.toMatch(/RetainedName|retained@gmail|proof\.png/i);
  });

  it("a draft's latest step save is activity, however old its application, member and sessions", async () => {
    const a = await applicant();
    expect((await fill(a.c, 'contact', { ...answers(4, { proof: '', statement: '', signature: '' }, a.mobile).contact, username: 'StillFilling', email: 'still.filling@gmail.com' })).status).toBe(200);
    // Everything but the step saved today is dated 400 days back.
    const longAgo = new Date(Date.now() - 400 * DAY);
    await db().execute(sql`update applications set created_at = ${longAgo.toISOString()}::timestamptz, updated_at = ${longAgo.toISOString()}::timestamptz where member_id = ${a.memberId}`);
    await db().execute(sql`update members set created_at = ${longAgo.toISOString()}::timestamptz where id = ${a.memberId}`);
    await db().execute(sql`update sessions set last_seen_at = ${longAgo.toISOString()}::timestamptz where member_id = ${a.memberId}`);
    expect(await due(a.memberId, later(300 * DAY))).toBeUndefined();
    expect(await due(a.memberId, later(366 * DAY))).toMatchObject({ rule: 'draft' });
  });

  it('a case in review is never due; a refused one goes seven years after its last activity, not six', async () => {
    const a = await applicant();
    const proof = (await upload(a.c, await pngBytes())).body.data.filepath as string;
    const statement = (await upload(a.c, await pngBytes())).body.data.filepath as string;
    const signature = (await upload(a.c, await pngBytes())).body.data.filepath as string;
    await submitAll(a.c, a.applyId, answers(3, { proof, statement, signature }, a.mobile));
    expect((await db().select({ status: applications.status }).from(applications).where(eq(applications.id, a.applyId)))[0].status).toBe(2);
    expect(await due(a.memberId, later(50 * YEAR))).toBeUndefined();
    // Refused: status 5 and nothing opened.
    await db().update(applications).set({ status: 5 }).where(eq(applications.id, a.applyId));
    expect(await due(a.memberId, later(6 * YEAR))).toBeUndefined();
    expect(await due(a.memberId, later(7 * YEAR + 2 * DAY))).toMatchObject({ rule: 'unopened' });
  });

  it('an opened account is kept while open, and seven years after the broker closes it', async () => {
    const a = await applicant();
    await db().update(applications).set({ status: 4, opened: 1, submittedAt: new Date() }).where(eq(applications.id, a.applyId));
    expect(await due(a.memberId, later(50 * YEAR))).toBeUndefined();
    await closeAccount(db(), a.memberId, new Date(), 'operations');
    expect(await due(a.memberId, later(6 * YEAR))).toBeUndefined();
    expect(await due(a.memberId, later(7 * YEAR + 2 * DAY))).toMatchObject({ rule: 'closed' });
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'accountClosed'));
    expect(entry).toMatchObject({ memberId: a.memberId, detail: { by: 'operations' } });
  });

  it('a legal hold keeps everything whatever its age, until released', async () => {
    const a = await applicant();
    await placeHold(db(), a.memberId, 'Court order 2026/123', 'compliance');
    const report = await retentionReport(db(), settings, later(2 * YEAR));
    expect(report.due.find((d) => d.memberId === a.memberId)).toMatchObject({ held: true });
    const held = await purgeDue(db(), storage(), settings, later(2 * YEAR));
    expect(held.held).toBeGreaterThanOrEqual(1);
    expect(await memberExists(a.memberId)).toBe(true);
    expect(await releaseHolds(db(), a.memberId, 'compliance')).toBe(1);
    await purgeDue(db(), storage(), settings, later(2 * YEAR));
    expect(await memberExists(a.memberId)).toBe(false);
  });
});

describe('the retention command', () => {
  it('reports in one JSON line, refuses a hold without a reason, and holds then releases a member', async () => {
    const persistent = await startServer({}, { persistent: true });
    const mobile = nextMobile();
    const c = await login(persistent, mobile);
    const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
    const [row] = await persistent.database.db.select({ memberId: applications.memberId }).from(applications).where(eq(applications.id, applyId));
    await persistent.close();
    const env = { ...process.env, KH_DEV: '1', DATA_DIR: persistent.dataDir, DATABASE_URL: persistent.config.databaseUrl ?? '' };
    const run = (...args: string[]) => execFileSync(process.execPath, ['--import', 'tsx', 'scripts/retention.ts', ...args], { cwd: serverDir, env, encoding: 'utf8', stdio: 'pipe' });
    const report = JSON.parse(run('report'));
    expect(report).toMatchObject({ msg: 'retention report', settings: { years: 7, draftDays: 365 }, dueMembers: 0 });
    expect(() => run('hold', row.memberId, '--by', 'compliance')).toThrow(/--reason is required/);
    expect(() => run('close', row.memberId, '--at', 'yesterday', '--by', 'ops')).toThrow(/is not a date/);
    expect(JSON.parse(run('hold', row.memberId, '--reason', 'Police request', '--by', 'compliance'))).toMatchObject({ msg: 'legal hold placed', memberId: row.memberId });
    expect(JSON.parse(run('release', row.memberId, '--by', 'compliance'))).toMatchObject({ released: 1 });
    expect(() => run('hold', 'no-such-member', '--reason', 'x', '--by', 'y')).toThrow(/No member no-such-member/);
    // A member id may begin with "-" (ids are base64url): it is the id, not an option.
    expect(() => run('hold', '-S8VbypqsX1mZGRa', '--reason', 'x', '--by', 'y')).toThrow(/No member -S8VbypqsX1mZGRa/);
    // Seven runs of the command, each a new Node process opening the database: on a busy 2-core
    // machine that took more than the default 30 s, with nothing wrong.
  }, 120_000);
});
