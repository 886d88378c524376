// The review console's API: maker-checker, the queue, the case's documents, history, notes and the
// admin's audit search, over real HTTP (issue: the review console).
import sharp from 'sharp';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { applications, ekycChecks } from '../src/db/schema.ts';
import { answers, fill, submitAll, uploadedPath, type FormStep } from './fixtures.ts';
import { login, signInStaff, staffCall, startServer, type TestServer } from './harness.ts';

let server: TestServer;
let phone = 0;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startServer({ ekyc: { maxPerDay: 1000, minIntervalSeconds: 0, handoffTtlSeconds: 300 } });
  Object.assign(
    tokens,
    await signInStaff(server, [
      ['maker', 'Mei Maker', 'reviewer'],
      ['other', 'Omar Other', 'reviewer'],
      ['lead', 'Lim Lead', 'supervisor'],
      ['chief', 'Chen Chief', 'supervisor'],
      ['admin', 'Ada Admin', 'admin'],
    ]),
  );
});
afterAll(() => server.close());

const as = (who: string) => staffCall(() => server.baseUrl, () => tokens[who]);
const maker = as('maker');
const other = as('other');
const lead = as('lead');
const chief = as('chief');
const admin = as('admin');

type Answers = Record<FormStep, Record<string, unknown>>;
async function submitted(change: (data: Answers) => void = () => {}, options: { name?: string } = {}) {
  const n = 7000 + phone++;
  const mobile = `13${String(2000000 + n)}`;
  const c = await login(server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  const files = { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) };
  const data = answers(n, files, mobile);
  if (options.name) data.personal.documentName = data.identity.documentName = options.name;
  change(data);
  await submitAll(c, applyId, data);
  return { c, applyId: applyId as string, mobile, data, files };
}

describe('maker-checker', () => {
  it('a margin account needs a second approval by a different supervisor, for the same markets', async () => {
    const a = await submitted((d) => (d.market.marginAcc = true));
    const path = `/staff/applications/${a.applyId}`;
    expect((await maker('GET', path)).body.data.secondApprovalReasons).toEqual(['margin']);
    const first = await maker('POST', `${path}/approve`, { markets: 19, expectedStatus: 2 });
    expect(first.body.data).toMatchObject({ awaitingSecondApproval: true, status: 2, opened: 0, assignedTo: null });
    // Nothing opened yet: the applicant still waits.
    expect((await a.c.post('/kh/account/apply/check')).body.data).toMatchObject({ status: 2, opened: 0 });
    expect((await maker('GET', '/staff/applications?state=secondApproval&q=' + a.mobile)).body.data.items.map((i: { id: string }) => i.id)).toEqual([a.applyId]);

    // A reviewer cannot check, nor take the case to; the maker cannot check their own.
    expect((await other('POST', `${path}/approve`, { markets: 19 })).status).toBe(403);
    expect((await other('POST', `${path}/claim`)).status).toBe(403);
    expect((await maker('POST', `${path}/approve`, { markets: 19 })).status).toBe(403);
    // A supervisor approving other markets than the maker did is refused: reject to change them.
    const differs = await lead('POST', `${path}/approve`, { markets: 16 });
    expect(differs.status).toBe(409);
    expect(differs.body.msg).toBe('The second approval must approve the markets the first approval did; reject the case to change them');
    const second = await lead('POST', `${path}/approve`, { markets: 19, expectedStatus: 2 });
    expect(second.body.data).toMatchObject({ awaitingSecondApproval: false, status: 4, opened: 19 });
    const audit = (await lead('GET', path)).body.data.audit.map((e: { action: string; staffName: string; detail: { reason?: string } }) => `${e.action}:${e.staffName}${e.detail.reason ? `:${e.detail.reason}` : ''}`);
    // Every refused attempt is in the case's audit beside the decisions.
    expect(audit).toEqual([
      'approveFirst:Mei Maker',
      'refused:Omar Other:server.staffRoleRequired',
      'refused:Omar Other:server.staffRoleRequired',
      'refused:Mei Maker:server.staffRoleRequired',
      'refused:Lim Lead:server.secondApprovalDiffers',
      'approveSecond:Lim Lead',
    ]);
  });

  it('a supervisor who made the first approval cannot give the second', async () => {
    const a = await submitted((d) => (d.market.marginAcc = true));
    const path = `/staff/applications/${a.applyId}`;
    await lead('POST', `${path}/approve`, { markets: 19 });
    const own = await lead('POST', `${path}/approve`, { markets: 19 });
    expect(own.status).toBe(409);
    expect(own.body.msg).toBe('You approved this case first: a different supervisor must give the second approval');
    expect((await chief('POST', `${path}/approve`, { markets: 19 })).body.data.status).toBe(4);
  });

  it('a politically exposed person and an identity that differs from what was typed need it too; a plain cash account does not', async () => {
    const pep = await submitted((d) => Object.assign(d.declaration, { isPep: true, pepName: 'Dato Seri Example', pepPosition: 'Minister', pepEmployer: 'Government', pepCountry: 'MYS' }));
    expect((await maker('GET', `/staff/applications/${pep.applyId}`)).body.data.secondApprovalReasons).toEqual(['pep']);
    expect((await maker('POST', `/staff/applications/${pep.applyId}/approve`, { markets: 19 })).body.data.awaitingSecondApproval).toBe(true);

    // The provider corrects its reading after the submit (a re-read of the MyKad): what was typed no longer matches.
    const mismatch = await submitted();
    await server.database.db.update(ekycChecks).set({ ocrData: sql`${ekycChecks.ocrData} || '{"gender":"M"}'::jsonb` }).where(eq(ekycChecks.applicationId, mismatch.applyId));
    const facts = (await maker('GET', `/staff/applications/${mismatch.applyId}`)).body.data;
    expect(facts.identityMismatch).toBe(true);
    expect(facts.secondApprovalReasons).toEqual(['identityMismatch']);
    expect(facts.identityComparison).toContainEqual(expect.objectContaining({ fact: 'gender', verified: 1, typed: 2, matches: false }));
    expect((await maker('POST', `/staff/applications/${mismatch.applyId}/approve`, { markets: 19 })).body.data.awaitingSecondApproval).toBe(true);

    const plain = await submitted();
    expect((await maker('GET', `/staff/applications/${plain.applyId}`)).body.data.secondApprovalReasons).toEqual([]);
    expect((await maker('POST', `/staff/applications/${plain.applyId}/approve`, { markets: 19 })).body.data).toMatchObject({ awaitingSecondApproval: false, status: 4 });
  });

  it('a rejection by the checker ends the first approval; the resubmission is approved afresh', async () => {
    const a = await submitted((d) => (d.market.marginAcc = true));
    const path = `/staff/applications/${a.applyId}`;
    await maker('POST', `${path}/approve`, { markets: 19 });
    expect((await lead('POST', `${path}/reject`, { items: ['2005-bankStatement'] })).body.data).toMatchObject({ status: 5, firstApprovedBy: null });
    expect((await fill(a.c, 'financial', { ...a.data.financial, bankStatement: await uploadedPath(a.c) })).status).toBe(200);
    expect((await a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId })).body.data.status).toBe(2);
    expect((await lead('POST', `${path}/approve`, { markets: 19 })).body.data.awaitingSecondApproval).toBe(true);
  });

  it('a case waiting for its second approval is sent back by a checker only: not a reviewer, not the maker', async () => {
    const a = await submitted((d) => (d.market.marginAcc = true));
    const path = `/staff/applications/${a.applyId}`;
    await maker('POST', `${path}/approve`, { markets: 19 });
    // The round-3 wipe: a reviewer who may not claim it sends it back, and the first approval is gone.
    for (const [who, verb, body] of [[other, 'reject', { items: ['2005-bankStatement'] }], [other, 'request-information', { items: ['2005-bankStatement'], note: 'A newer statement' }], [maker, 'reject', { items: ['2005-bankStatement'] }]] as const) {
      const refused = await who('POST', `${path}/${verb}`, body);
      expect([403, 409], verb).toContain(refused.status);
    }
    const [row] = await server.database.db.select({ status: applications.status, firstApprovedBy: applications.firstApprovedBy }).from(applications).where(eq(applications.id, a.applyId));
    expect(row).toMatchObject({ status: 2, firstApprovedBy: expect.any(String) });
    expect((await lead('POST', `${path}/reject`, { items: ['2005-bankStatement'] })).status).toBe(200);
  });
  it('a draft is the applicant\'s alone: no staff route opens, claims or decides an application never submitted', async () => {
    const n = 7900 + phone++;
    const c = await login(server, `13${String(2000000 + n)}`);
    const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
    await fill(c, 'contact', answers(n, { proof: '', statement: '', signature: '' }, `13${String(2000000 + n)}`).contact);
    const path = `/staff/applications/${applyId}`;
    for (const [method, route, body] of [['GET', path, undefined], ['GET', `${path}/stamp`, undefined], ['POST', `${path}/claim`, undefined], ['POST', `${path}/notes`, { body: 'Calling them' }], ['POST', `${path}/reject`, { items: ['2005-bankStatement'] }], ['GET', `${path}/documents/application-pdf`, undefined]] as const)
      expect((await maker(method, route, body)).status, `${method} ${route}`).toBe(404);
  });
  it('two supervisors giving the second approval at once: one opens the markets, the other is told the case changed', async () => {
    const a = await submitted((d) => (d.market.marginAcc = true));
    const path = `/staff/applications/${a.applyId}`;
    await maker('POST', `${path}/approve`, { markets: 19 });
    const answers = await Promise.all([lead, chief, lead, chief].map((who) => who('POST', `${path}/approve`, { markets: 19, expectedStatus: 2 })));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(3);
    const audit = (await lead('GET', path)).body.data.audit.map((e: { action: string }) => e.action);
    expect(audit.filter((action: string) => action === 'approveSecond')).toHaveLength(1);
  });
});

describe('the queue', () => {
  it('counts cases per state, filters, searches by name, NRIC, mobile, e-mail and client number, and pages', async () => {
    const aminah = await submitted(() => {}, { name: 'AMINAH BINTI ABDULLAH' });
    const pep = await submitted((d) => Object.assign(d.declaration, { isPep: true, pepName: 'Dato Seri Example', pepPosition: 'Minister', pepEmployer: 'Government', pepCountry: 'MYS' }), { name: 'PEP PERSON' });
    const queue = async (query: string) => (await maker('GET', `/staff/applications?${query}`)).body.data;

    const all = await queue('');
    expect(Object.keys(all.counts).sort()).toEqual(['approved', 'inReview', 'rejected', 'resubmitted', 'secondApproval', 'submitted']);
    const submittedBefore = all.counts.submitted;
    expect(submittedBefore).toBeGreaterThanOrEqual(2);

    expect((await queue('q=aminah')).items.map((i: { id: string }) => i.id)).toEqual([aminah.applyId]);
    const nric = String(aminah.data.personal.nricNumber);
    expect((await queue(`q=${nric.slice(0, 6)}-${nric.slice(6, 8)}-${nric.slice(8)}`)).items.map((i: { id: string }) => i.id)).toEqual([aminah.applyId]);
    expect((await queue(`q=0${aminah.mobile}`)).items.map((i: { id: string }) => i.id)).toEqual([aminah.applyId]);
    expect((await queue(`q=${encodeURIComponent(String(aminah.data.contact.email))}`)).items.map((i: { id: string }) => i.id)).toEqual([aminah.applyId]);
    // A search with LIKE's own characters finds nothing rather than everything.
    expect((await queue('q=%25')).total).toBe(0);

    const peps = await queue('pep=true&state=submitted');
    expect(peps.items.map((i: { id: string }) => i.id)).toContain(pep.applyId);
    expect(peps.items.every((i: { pep: boolean }) => i.pep)).toBe(true);
    expect((await queue('market=HK&kind=new&accountType=0&islamic=false')).items.map((i: { id: string }) => i.id)).toContain(aminah.applyId);
    expect((await queue('kind=addMarket')).items.map((i: { id: string }) => i.id)).not.toContain(aminah.applyId);
    // Nothing submitted today is a working day old.
    expect((await queue('minAgeDays=1')).total).toBe(0);

    const page1 = await queue('state=submitted&pageSize=1&sort=name&order=asc');
    const page2 = await queue('state=submitted&pageSize=1&page=2&sort=name&order=asc');
    expect(page1.items).toHaveLength(1);
    expect(page1.items[0].id).not.toBe(page2.items[0].id);
    expect(page1.items[0].applicantName <= page2.items[0].applicantName).toBe(true);

    // Claimed is in review; the counts follow.
    await maker('POST', `/staff/applications/${aminah.applyId}/claim`);
    const after = await queue('');
    expect(after.counts.submitted).toBe(submittedBefore - 1);
    expect((await queue('state=inReview')).items.find((i: { id: string }) => i.id === aminah.applyId)).toMatchObject({ assigneeName: 'Mei Maker', ageWorkingDays: 0 });
    expect((await maker('GET', '/staff/applications?state=nonsense')).status).toBe(400);
  });

  it('an add-market case shows the member\'s name and the accounts they hold', async () => {
    const a = await submitted((d) => (d.market.usMarket = false), { name: 'SITI ADD MARKET' });
    await maker('POST', `/staff/applications/${a.applyId}/approve`, { markets: 16 });
    await maker('POST', `/staff/applications/${a.applyId}/approve`, { markets: 1 });
    expect((await a.c.post('/kh/account/apply/check')).body.data.opened).toBe(17);
    const created = await a.c.post('/kh/account/supplement/create', {}, { market: '2' });
    if (!created.body.data) throw new Error(JSON.stringify(created.body));
    const supplementId = created.body.data.applyId;
    for (const step of ['agreement', 'signature'] as const) expect((await fill(a.c, step, a.data[step], { relatedType: 'SUPPLEMENT', applyId: supplementId })).status).toBe(200);
    expect((await a.c.post('/kh/account/supplement/submit', { applyId: supplementId, marketType: 2 })).body.data.status).toBe(2);
    const [item] = (await maker('GET', '/staff/applications?kind=addMarket&q=siti')).body.data.items;
    expect(item).toMatchObject({ id: supplementId, relatedType: 'SUPPLEMENT', applicantName: 'SITI ADD MARKET', existingMarkets: 17, market: 2 });
    expect((await maker('GET', `/staff/applications/${supplementId}`)).body.data.existingMarkets).toBe(17);
  });
});

describe('the case', () => {
  it('documents are served to staff only, stamped with the viewer, and each view is audited', async () => {
    const a = await submitted();
    const path = `/staff/applications/${a.applyId}`;
    const { documents } = (await maker('GET', path)).body.data;
    expect(documents.map((d: { kind: string }) => d.kind)).toEqual(expect.arrayContaining(['upload', 'idFront', 'idBack', 'face', 'applicationPdf']));
    const upload = documents.find((d: { kind: string }) => d.kind === 'upload');
    const image = await maker('GET', `${path}/documents/${encodeURIComponent(upload.ref)}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('private, no-store');
    // The stamp is on it: the image is not the plain blue square uploaded.
    const { dominant } = await sharp(image.body as Buffer).stats();
    expect(await sharp(image.body as Buffer).metadata()).toMatchObject({ format: 'jpeg' });
    expect(dominant).toBeDefined();
    const raw = await sharp(image.body as Buffer).raw().toBuffer();
    expect(new Set(raw).size).toBeGreaterThan(8);

    const pdf = await maker('GET', `${path}/documents/application-pdf`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await PDFDocument.load(pdf.body as Buffer)).getPageCount()).toBeGreaterThanOrEqual(2);
    expect((pdf.body as Buffer).length).toBeGreaterThan(1000);

    // Another case's file is not this case's document; the applicant's own cookie opens nothing here.
    const b = await submitted();
    const theirs = (await maker('GET', `/staff/applications/${b.applyId}`)).body.data.documents.find((d: { kind: string }) => d.kind === 'upload');
    const cross = await maker('GET', `${path}/documents/${encodeURIComponent(theirs.ref)}`);
    expect(cross.status).toBe(404);
    expect(cross.body.msg).toBe('That document is not part of this case');
    expect((await a.c.get(`${path}/documents/application-pdf`)).status).toBe(401);

    const views = (await admin('GET', `/staff/audit?action=documentView&applicationId=${a.applyId}`)).body.data.items;
    expect(views.map((v: { detail: { ref: string }; staffName: string }) => `${v.staffName}:${v.detail.ref}`)).toEqual(['Mei Maker:application-pdf', `Mei Maker:${upload.ref}`]);
  });

  it('keeps each submission, what the rejection named, and what the applicant changed since', async () => {
    const a = await submitted();
    const path = `/staff/applications/${a.applyId}`;
    await maker('POST', `${path}/reject`, { items: ['2005-bankStatement'], note: 'The statement must show your name — please upload a newer one.' });
    const seen = (await a.c.post('/kh/account/apply/check')).body.data;
    expect(seen).toMatchObject({ status: 5, rejectionNote: 'The statement must show your name — please upload a newer one.' });
    const statement = await uploadedPath(a.c);
    expect((await fill(a.c, 'financial', { ...a.data.financial, bankStatement: statement })).status).toBe(200);
    const pending = (await maker('GET', path)).body.data.pendingChanges;
    expect(pending).toEqual([{ step: 'financial', path: 'bankStatementPath', before: a.files.statement, after: statement }]);
    await a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId });
    const detail = (await maker('GET', path)).body.data;
    expect(detail.history.map((h: { number: number; answersRejection: string | null }) => [h.number, h.answersRejection])).toEqual([
      [1, null],
      [2, '2005-bankStatement'],
    ]);
    expect(detail.history[1].changes).toEqual([{ step: 'financial', path: 'bankStatementPath', before: a.files.statement, after: statement }]);
    expect((await maker('GET', `/staff/applications?state=resubmitted&q=${a.mobile}`)).body.data.items).toHaveLength(1);
    // The applicant no longer sees the old note once resubmitted.
    expect((await a.c.post('/kh/account/apply/check')).body.data.rejectionNote).toBeNull();
  });

  it('staff write notes on a case; an empty one is refused with a message', async () => {
    const a = await submitted();
    const path = `/staff/applications/${a.applyId}`;
    expect((await maker('POST', `${path}/notes`, { body: 'Called the applicant: payslip follows.' })).status).toBe(200);
    const blank = await other('POST', `${path}/notes`, { body: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toBe('A note cannot be empty');
    const { notes, audit } = (await other('GET', path)).body.data;
    expect(notes).toEqual([expect.objectContaining({ body: 'Called the applicant: payslip follows.', staffName: 'Mei Maker' })]);
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['note']);
    // Notes are staff-only: the applicant's answers carry none.
    expect(JSON.stringify((await a.c.post('/kh/account/apply/check')).body)).not.toContain('payslip follows');
  });
});

describe('the console\'s session', () => {
  it('answers who is signed in, or null before anyone is: never a 401 for asking', async () => {
    expect((await (await fetch(`${server.baseUrl}/staff/session`)).json()).data).toBeNull();
    expect((await maker('GET', '/staff/session')).body.data).toMatchObject({ name: 'Mei Maker', role: 'reviewer', email: 'maker@broker.example' });
  });
});

describe('the audit, for an admin', () => {
  it('searches by person, action and case; a reviewer or supervisor cannot', async () => {
    const a = await submitted();
    await other('POST', `/staff/applications/${a.applyId}/claim`);
    const mine = (await admin('GET', `/staff/audit?applicationId=${a.applyId}`)).body.data;
    expect(mine.items.map((e: { action: string; staffName: string }) => `${e.action}:${e.staffName}`)).toEqual(['claim:Omar Other']);
    const logins = (await admin('GET', '/staff/audit?action=totpEnrolled&pageSize=2')).body.data;
    expect(logins.items).toHaveLength(2);
    expect(logins.hasMore).toBe(true);
    expect((await admin('GET', `/staff/audit?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).body.data.items).toEqual([]);
    expect((await lead('GET', '/staff/audit')).status).toBe(403);
    expect((await maker('GET', '/staff/audit')).status).toBe(403);
    expect((await admin('GET', '/staff/audit?from=yesterday')).status).toBe(400);
  });
});
