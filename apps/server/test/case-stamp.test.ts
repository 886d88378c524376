// An open case follows its colleagues' work (issue: the review console for compliance): the console
// asks for a case's stamp every few seconds and reads the case again only when it moves. The stamp
// moves with a claim, a note, a decision and a resubmission, and asking for it is not a view. A
// resubmitted case returns to the reviewer who rejected it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, staff } from '../src/db/schema.ts';
import { answers, fill, submitAll, uploadedPath } from './fixtures.ts';
import { login, signInStaff, staffCall, startServer, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer({ ekyc: { maxPerDay: 1000, minIntervalSeconds: 0, handoffTtlSeconds: 300 } });
  Object.assign(tokens, await signInStaff(server, [['rita', 'Rita Reviewer', 'reviewer'], ['ravi', 'Ravi Reviewer', 'reviewer']]));
});
afterAll(() => server.close());

const rita = staffCall(() => server.baseUrl, () => tokens.rita);
const ravi = staffCall(() => server.baseUrl, () => tokens.ravi);

describe('the stamp of an open case', () => {
  it('moves when a colleague claims, writes a note or decides, and stays while nothing happens; asking is not a view', async () => {
    const mobile = '133009501';
    const c = await login(server, mobile);
    const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
    await submitAll(c, applyId, answers(9501, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile));
    const stampOf = async () => (await ravi('GET', `/staff/applications/${applyId}/stamp`)).body.data.stamp as string;

    const first = await stampOf();
    expect(first).toMatch(/^[\w-]{22}$/);
    expect(await stampOf()).toBe(first);
    await rita('POST', `/staff/applications/${applyId}/claim`);
    const claimed = await stampOf();
    expect(claimed).not.toBe(first);
    await rita('POST', `/staff/applications/${applyId}/notes`, { body: 'Checked the bank statement.' });
    const noted = await stampOf();
    expect(noted).not.toBe(claimed);
    await rita('POST', `/staff/applications/${applyId}/approve`, { markets: 19 });
    expect(await stampOf()).not.toBe(noted);
    // The stamp names nobody and nothing: Ravi's polling is no case view in the audit.
    const views = await server.database.db.select().from(auditLog).where(and(eq(auditLog.applicationId, applyId), eq(auditLog.action, 'caseViewed')));
    expect(views).toEqual([]);
    expect((await ravi('GET', '/staff/applications/nope/stamp')).status).toBe(404);
  });
});

describe('a resubmission', () => {
  async function rejectedAndResubmitted(n: number, before?: () => Promise<void>) {
    const mobile = `1330${String(n).padStart(5, '0')}`;
    const c = await login(server, mobile);
    const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
    const data = answers(n, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile);
    await submitAll(c, applyId, data);
    await rita('POST', `/staff/applications/${applyId}/claim`);
    expect((await rita('POST', `/staff/applications/${applyId}/reject`, { items: ['2005-bankStatement'] })).body.data.status).toBe(5);
    await before?.();
    expect((await fill(c, 'financial', { ...data.financial, bankStatement: await uploadedPath(c) })).status).toBe(200);
    expect((await c.post('/kh/account/apply/apply-submit', { applyId })).body.data.status).toBe(2);
    return applyId as string;
  }

  it('returns to the reviewer who rejected it, listed as resubmitted, and theirs to decide', async () => {
    const applyId = await rejectedAndResubmitted(9502);
    const seen = (await rita('GET', `/staff/applications/${applyId}`)).body.data;
    expect(seen.assigneeName).toBe('Rita Reviewer');
    // Each upload says which question it answers; the one replaced at the resubmission says so; the
    // identity check's images are listed once, as the check's.
    const uploads = (seen.documents as { kind: string; name: string; question?: { step: string; field: string; labelKey: string }; replaced?: boolean }[]).filter((d) => d.kind === 'upload');
    expect(uploads.filter((d) => d.question?.field === 'bankStatement')).toEqual([expect.objectContaining({ question: { step: 'financial', field: 'bankStatement', labelKey: 'field.financial.bankStatement.label' } })]);
    expect(uploads.filter((d) => d.replaced)).toHaveLength(1);
    expect(uploads.filter((d) => !d.question && !d.replaced)).toEqual([]);
    expect(seen.documents.filter((d: { kind: string }) => d.kind === 'idFront')).toHaveLength(1);
    expect(uploads.map((d) => d.name)).not.toContain('front.png');
    const queue = (await rita('GET', '/staff/applications?state=resubmitted&assignedToMe=true')).body.data;
    expect(queue.items.map((item: { id: string }) => item.id)).toContain(applyId);
    // A colleague cannot take it over by deciding it.
    expect((await ravi('POST', `/staff/applications/${applyId}/approve`, { markets: 19 })).status).toBe(409);
    expect((await rita('POST', `/staff/applications/${applyId}/approve`, { markets: 19 })).body.data.status).toBe(4);
  });

  it('goes to nobody when the reviewer who rejected it has been disabled since', async () => {
    const applyId = await rejectedAndResubmitted(9503, async () => {
      await server.database.db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.email, 'rita@broker.example'));
    });
    const seen = (await ravi('GET', `/staff/applications/${applyId}`)).body.data;
    expect(seen.application.assignedTo).toBeNull();
    expect((await ravi('POST', `/staff/applications/${applyId}/claim`)).status).toBe(200);
  });
});
