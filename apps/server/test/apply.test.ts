// apply over real HTTP: the record, saving and fetching steps with the compiled step schemas and the
// server's own rules, status transitions, submission, rejection, ownership and malformed bodies.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationSteps, applications, ekycChecks, payments } from '../src/db/schema.ts';
import { client, login, startServer, type Client, type TestServer } from './harness.ts';
import { STEP_CODES, answers, fill, payloadOf, uploadedPath, type FormStep } from './fixtures.ts';

let server: TestServer;
let counter = 100;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

async function applicant() {
  const n = counter++;
  const mobile = `12${String(3000000 + n)}`;
  const c = await login(server, mobile);
  const created = await c.post('/kh/account/apply/create', { relatedType: 'INIT' });
  const applyId: string = created.body.data.applyId;
  const files = { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) };
  return { c, n, mobile, applyId, data: answers(n, files, mobile) };
}

const db = () => server.database.db;
/** A successful identity check of this MyKad, as the provider records it (OCR included). */
async function verifyIdentity(applyId: string, memberFrom: Client, nric: string, id = `e-${applyId}`) {
  const member = (await memberFrom.get('/passport/getUsers')).body.data.mid;
  const ocrData = { name: 'TAN AH KOW', gender: 'F', birthDate: '1990-01-01', nationality: 'MYS', expiryDate: '', idNo: nric, idAddress: '' };
  await db().insert(ekycChecks).values({ id, applicationId: applyId, memberId: member, provider: 'test', state: 'success', idKind: 106, documentName: 'TAN AH KOW', documentNumber: nric, responseUrl: '/iam/transit', pageTokenHash: 'unused', ocrData, completedAt: new Date() });
}
async function settlePayment(applyId: string, memberFrom: Client) {
  const member = (await memberFrom.get('/passport/getUsers')).body.data.mid;
  await db().insert(payments).values({ orderNumber: `o-${applyId}`, paymentId: `p-${applyId}`, applicationId: applyId, memberId: member, businessType: 0, amountSen: 1100, payStatus: 0, merchantReturnUrl: '/payment/transit' });
}
const ALL_STEPS: FormStep[] = ['contact', 'market', 'identity', 'personal', 'work', 'financial', 'investment', 'tax', 'declaration', 'agreement', 'signature'];

async function completeApplication() {
  const a = await applicant();
  await verifyIdentity(a.applyId, a.c, a.data.identity.nricNumber as string);
  for (const step of ALL_STEPS) {
    const res = await fill(a.c, step, a.data[step]);
    if (res.status !== 200) throw new Error(`${step}: ${JSON.stringify(res.body)}`);
  }
  await settlePayment(a.applyId, a.c);
  return a;
}

describe('the application record (khInfo)', () => {
  it('no record: new, firstOpenFlag true, default fill step start', async () => {
    const c = await login(server, '129000001');
    expect((await c.post('/kh/account/apply/check')).body.data).toMatchObject({ exist: false, status: 0, firstOpenFlag: true, fillStep: 1000, identityKind: 101, nationalityCode: 'MYS' });
  });
  it('create is idempotent: a repeated create makes no second application', async () => {
    const c = await login(server, '129000002');
    const first = await c.post('/kh/account/apply/create', { relatedType: 'INIT' });
    const second = await c.post('/kh/account/apply/create', { relatedType: 'INIT' });
    expect(second.body.data.applyId).toBe(first.body.data.applyId);
    expect((await c.post('/kh/account/apply/record')).body.data).toHaveLength(1);
    expect((await c.post('/kh/account/apply/check')).body.data).toMatchObject({ exist: true, status: 1, applyId: first.body.data.applyId });
  });
  it('the invitation code comes from _scnl and is kept', async () => {
    const a = await applicant();
    await fill(a.c, 'contact', a.data.contact, { invitationCode: 'AB12CD34' });
    const [row] = await db().select().from(applications).where(eq(applications.id, a.applyId));
    expect(row.invitationCode).toBe('AB12CD34');
  });
});

describe('fill-data and fetch-data', () => {
  it('saves a step and fetch-data returns it, so a draft resumes exactly', async () => {
    const a = await applicant();
    const saved = await fill(a.c, 'personal', a.data.personal);
    expect(saved.status).toBe(200);
    const fetched = await a.c.post('/kh/account/apply/fetch-data', { fillStep: STEP_CODES.personal, relatedType: 'INIT', applyId: a.applyId });
    expect(fetched.body.data).toEqual({ ...payloadOf('personal', a.data.personal), _revision: 1 });
    expect((await a.c.post('/kh/account/apply/check')).body.data.fillStep).toBe(2003);
  });
  it('financial fetch-data carries dto.bankName', async () => {
    const a = await applicant();
    await fill(a.c, 'financial', a.data.financial);
    const fetched = await a.c.post('/kh/account/apply/fetch-data', { fillStep: STEP_CODES.financial, relatedType: 'INIT' });
    expect(fetched.body.data.dto).toEqual({ bankName: 'MBB' });
  });
  it('the e-invoice question (SPEC §5) is optional, and its answer is kept', async () => {
    const a = await applicant();
    expect((await fill(a.c, 'tax', a.data.tax)).status).toBe(200);
    expect((await fill(a.c, 'tax', { ...a.data.tax, needEInvoice: true })).status).toBe(200);
    const fetched = (await a.c.post('/kh/account/apply/fetch-data', { fillStep: STEP_CODES.tax, relatedType: 'INIT' })).body.data;
    expect(fetched.needEInvoice).toBe(true);
    expect((await fill(a.c, 'tax', { ...a.data.tax, needEInvoice: 'maybe' })).body.data.fields).toEqual([expect.objectContaining({ field: 'needEInvoice' })]);
  });
  it('user info (SPEC §3) names the bank account, masked, the sources and the markets opened', async () => {
    const a = await applicant();
    const before = (await a.c.get('/passport/getUsers')).body.data;
    expect(before).toMatchObject({ logined: true, haveMobile: true, opened: 0 });
    expect(before.bankAccount).toBeUndefined();
    await fill(a.c, 'financial', a.data.financial);
    const after = (await a.c.get('/passport/getUsers')).body.data;
    expect(after.bankAccount).toBe('••••••7890');
    expect(JSON.stringify(after)).not.toContain('1234567890');
  });
  it('values of hidden fields are dropped', async () => {
    const a = await applicant();
    const data = { ...payloadOf('personal', a.data.personal), passportExpiryDate: '2030-01-01' };
    await a.c.post('/kh/account/apply/fill-data', { fillStep: STEP_CODES.personal, relatedType: 'INIT', data });
    const fetched = await a.c.post('/kh/account/apply/fetch-data', { fillStep: STEP_CODES.personal, relatedType: 'INIT' });
    expect(fetched.body.data.passportExpiryDate).toBeUndefined();
  });
  it('refuses invalid answers with field errors the client can show, translated', async () => {
    const a = await applicant();
    const res = await a.c.request('POST', '/kh/account/apply/fill-data', {
      json: { fillStep: STEP_CODES.personal, relatedType: 'INIT', data: payloadOf('personal', { ...a.data.personal, birthDate: '2015-01-01', maritalStatus: 9 }) },
      query: { language: 'zh-CN' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('40010001');
    expect(res.body.data.fields.map((f: { field: string; key: string }) => [f.field, f.key])).toEqual([
      ['birthDate', 'validation.age'],
      ['maritalStatus', 'validation.option'],
    ]);
    expect(res.body.data.fields[0].message).toContain('18');
  });
  it('age, Malaysian passport and margin only for Malaysians are enforced on the server', async () => {
    const a = await applicant();
    const passport = { ...a.data.personal, identityType: 102, nricNumber: undefined, passportNumber: 'A12345678', passportExpiry: '2030-01-01' };
    const refused = await fill(a.c, 'personal', passport);
    expect(refused.body.data.fields).toContainEqual(expect.objectContaining({ field: 'identityType', key: 'validation.malaysianPassport' }));
    await fill(a.c, 'personal', { ...passport, nationality: 'SGP' });
    const margin = await fill(a.c, 'market', { ...a.data.market, myType: 1 });
    expect(margin.body.data.fields).toContainEqual(expect.objectContaining({ field: 'myType', key: 'validation.marginOnlyForMalaysians' }));
  });
  it('username, e-mail, phone and ID number must not belong to another applicant', async () => {
    const first = await applicant();
    await fill(first.c, 'contact', first.data.contact);
    await fill(first.c, 'personal', first.data.personal);
    const second = await applicant();
    const contact = await fill(second.c, 'contact', { ...second.data.contact, username: String(first.data.contact.username).toUpperCase(), email: first.data.contact.email, mobile: first.mobile });
    expect(contact.body.data.fields.map((f: { key: string }) => f.key)).toEqual(['validation.usernameTaken', 'validation.emailTaken', 'validation.phoneTaken']);
    const personal = await fill(second.c, 'personal', first.data.personal);
    expect(personal.body.data.fields).toEqual([expect.objectContaining({ field: 'nricNumber', key: 'validation.idNumberTaken' })]);
  });
  it('the market step opens at least one market: all three unticked is refused, in words', async () => {
    const a = await applicant();
    const none = await fill(a.c, 'market', { ...a.data.market, myMarket: false, hkMarket: false, usMarket: false });
    expect(none.status).toBe(400);
    expect(none.body.data.fields).toEqual([expect.objectContaining({ field: 'myMarket', key: 'validation.marketRequired', message: 'Choose at least one market to open.' })]);
    expect((await fill(a.c, 'market', { ...a.data.market, myMarket: false, hkMarket: true, usMarket: false })).status).toBe(200);
  });
  it('a dealer code must be known; the dealer representative call names them', async () => {
    const a = await applicant();
    const unknown = await fill(a.c, 'contact', { ...a.data.contact, agentChoice: 2, drCode: 'DR9999' });
    expect(unknown.body.data.fields).toContainEqual(expect.objectContaining({ field: 'drCode', key: 'server.drUnknown' }));
    await fill(a.c, 'contact', { ...a.data.contact, agentChoice: 2, drCode: 'DR1001' });
    expect((await a.c.get('/plat/app/dr/before/open')).body.data).toEqual({ name: 'Lim Wei Ming', drCode: 'DR1001' });
    // The code being typed, before any save: whose it is, or nobody's.
    expect((await a.c.get('/plat/app/dr/before/open?drCode=dr1002')).body.data).toEqual({ name: 'Nurul Aisyah binti Ahmad', drCode: 'DR1002' });
    expect((await a.c.get('/plat/app/dr/before/open?drCode=DR9999')).body.data).toBeNull();
    expect((await a.c.get('/plat/app/dr/before/open?drCode=constructor')).body.data).toBeNull();
  });
  it('the fill-step call (no data) records the page a draft is on, and saves nothing (SPEC §7)', async () => {
    const a = await applicant();
    await fill(a.c, 'contact', a.data.contact);
    const arrive = (fillStep: number) => a.c.post('/kh/account/apply/fill-data', { fillStep, relatedType: 'INIT', applyId: a.applyId, invitationCode: 'ABC123' });
    const arrived = await arrive(STEP_CODES.work);
    expect(arrived.status).toBe(200);
    expect(arrived.body.data).toMatchObject({ fillStep: STEP_CODES.work, saved: false });
    expect((await a.c.post('/kh/account/apply/check')).body.data.fillStep).toBe(STEP_CODES.work);
    expect((await a.c.post('/kh/account/apply/fetch-data', { fillStep: STEP_CODES.work, relatedType: 'INIT' })).body.data).toEqual({ _revision: 0 });
    // A page that is no form step (the result, 1900) is not where a draft resumes.
    expect((await arrive(1900)).status).toBe(400);
    expect((await arrive(STEP_CODES.payment)).status).toBe(200);
    expect((await a.c.post('/kh/account/apply/check')).body.data.fillStep).toBe(STEP_CODES.payment);
  });
  it('a save from a page drawn before another device saved the step is refused, and changes nothing', async () => {
    const a = await applicant();
    const fetch = async () => (await a.c.post('/kh/account/apply/fetch-data', { fillStep: STEP_CODES.work, relatedType: 'INIT' })).body.data;
    // Never saved: revision 0, and a page drawn from it saves.
    expect((await fetch())._revision).toBe(0);
    const first = await fill(a.c, 'work', a.data.work, { basedOnRevision: 0 });
    expect(first.body.data.revision).toBe(1);
    // The PC saves from revision 1; the phone, still showing revision 1, then saves an older answer.
    expect((await fill(a.c, 'work', { ...a.data.work, companyName: 'NEWER SDN BHD' }, { basedOnRevision: 1 })).body.data.revision).toBe(2);
    const stale = await fill(a.c, 'work', { ...a.data.work, companyName: 'OLDER SDN BHD' }, { basedOnRevision: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('40010009');
    expect(stale.body.msg).toBe('These answers were changed on another device since this page opened. Nothing was saved.');
    const now = await fetch();
    expect(now).toMatchObject({ _revision: 2, companyName: 'NEWER SDN BHD' });
    // A save that names no revision (an older app) is not checked; one from the current revision lands.
    expect((await fill(a.c, 'work', a.data.work)).status).toBe(200);
    expect((await fill(a.c, 'work', a.data.work, { basedOnRevision: 3 })).body.data.revision).toBe(4);
    expect((await fill(a.c, 'work', a.data.work, { basedOnRevision: -1 })).status).toBe(400);
  });
  it('an upload field must name a file of this applicant', async () => {
    const a = await applicant();
    const other = await applicant();
    const res = await fill(a.c, 'financial', { ...a.data.financial, bankStatement: other.data.financial.bankStatement });
    expect(res.body.data.fields).toEqual([expect.objectContaining({ field: 'bankStatement', key: 'validation.uploadFailed' })]);
  });
  it('the identity outcome is the server\'s: the browser cannot claim a verified identity', async () => {
    const a = await applicant();
    await a.c.post('/kh/account/apply/fill-data', { fillStep: STEP_CODES.identity, relatedType: 'INIT', data: { ...payloadOf('identity', a.data.identity), isEkycSuccess: true } });
    const submit = await a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId });
    expect(submit.body.data.steps.map((s: { step: string }) => s.step)).toContain('identity');
  });
  it('payment is read-only and unknown steps are refused', async () => {
    const a = await applicant();
    expect((await a.c.post('/kh/account/apply/fill-data', { fillStep: 2011, relatedType: 'INIT', data: {} })).status).toBe(400);
    const unknown = await a.c.post('/kh/account/apply/fill-data', { fillStep: 4242, relatedType: 'INIT', data: {} });
    expect(unknown.body.msg).toBe('Unknown step 4242.');
  });
});

describe('Identity: what was verified is what is opened (SPEC §1, §3, §5)', () => {
  it('once the identity check succeeds, personal refuses another MyKad, name, birth date, gender or nationality, translated', async () => {
    const a = await applicant();
    await verifyIdentity(a.applyId, a.c, a.data.identity.nricNumber as string);
    const swapped = await fill(a.c, 'personal', { ...a.data.personal, nricNumber: '850505105555', documentName: 'LIM AH SENG', birthDate: '1985-05-05', gender: 1, nationality: 'SGP' });
    expect(swapped.status).toBe(400);
    const locked = swapped.body.data.fields.filter((f: { key: string }) => f.key === 'validation.identityLocked').map((f: { field: string }) => f.field);
    expect(locked).toEqual(expect.arrayContaining(['nricNumber', 'documentName', 'birthDate', 'gender', 'nationality']));
    expect(swapped.body.data.fields.find((f: { field: string }) => f.field === 'nricNumber').message).toMatch(/must match the document your identity check verified/);
    const inChinese = await a.c.request('POST', '/kh/account/apply/fill-data', { json: { fillStep: STEP_CODES.personal, relatedType: 'INIT', data: payloadOf('personal', { ...a.data.personal, nricNumber: '850505105555' }) }, query: { language: 'zh-HK' } });
    expect(inChinese.body.data.fields[0].message).toMatch(/身份驗證/);
    expect((await fill(a.c, 'personal', a.data.personal)).status).toBe(200);
  });
  it('the number may be typed with dashes on the identity check and is the same document', async () => {
    const a = await applicant();
    const nric = a.data.identity.nricNumber as string;
    await verifyIdentity(a.applyId, a.c, `${nric.slice(0, 6)}-${nric.slice(6, 8)}-${nric.slice(8)}`);
    expect((await fill(a.c, 'personal', a.data.personal)).status).toBe(200);
  });
  it('answers typed before the check are replaced by what it verified when the identity step is saved', async () => {
    const a = await applicant();
    for (const step of ALL_STEPS.filter((s) => s !== 'identity')) await fill(a.c, step, step === 'personal' ? { ...a.data.personal, nricNumber: '850505105555', birthDate: '1985-05-05' } : a.data[step]);
    await verifyIdentity(a.applyId, a.c, a.data.identity.nricNumber as string);
    expect((await fill(a.c, 'identity', a.data.identity)).status).toBe(200);
    const personal = await a.c.post('/kh/account/apply/fetch-data', { fillStep: STEP_CODES.personal, relatedType: 'INIT', applyId: a.applyId });
    expect(personal.body.data).toMatchObject({ idNo: a.data.identity.nricNumber, birthDate: '1990-01-01', maritalStatus: 1 });
    await settlePayment(a.applyId, a.c);
    expect((await a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId })).body.data.status).toBe(2);
  });
});

describe('submission and status transitions', () => {
  it('submit is refused while a step is missing, and names the steps', async () => {
    const a = await applicant();
    await fill(a.c, 'contact', a.data.contact);
    const res = await a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId });
    expect(res.status).toBe(400);
    expect(res.body.data.steps.map((s: { step: string }) => s.step)).toEqual(['market', 'identity', 'personal', 'work', 'financial', 'investment', 'tax', 'declaration', 'agreement', 'signature', 'payment']);
  });
  it('a complete application goes from stash to review; a repeated submit makes no second transition', async () => {
    const a = await completeApplication();
    const first = await a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId });
    expect(first.body.data).toMatchObject({ status: 2, applyId: a.applyId });
    const again = await a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId });
    expect(again.body.data.status).toBe(2);
  });
  it('fill-data only while stash or fail: a submitted application is locked', async () => {
    const a = await completeApplication();
    await a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId });
    const res = await fill(a.c, 'contact', a.data.contact);
    expect(res.status).toBe(409);
    expect(res.body.msg).toBe('This application cannot be changed now.');
  });
  it('after a rejection, only the rejected items can change, then the application is resubmitted', async () => {
    const a = await completeApplication();
    await a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId });
    await db().update(applications).set({ status: 5, rejectedReason: '2005-bankStatement' }).where(eq(applications.id, a.applyId));
    expect((await a.c.post('/kh/account/apply/check')).body.data).toMatchObject({ status: 5, rejectedReason: '2005-bankStatement' });
    const otherStep = await fill(a.c, 'contact', a.data.contact);
    expect(otherStep.status).toBe(409);
    const notRejected = await fill(a.c, 'financial', { ...a.data.financial, bankAccountNumber: '9999999999' });
    expect(notRejected.status).toBe(409);
    expect(notRejected.body.data.fields).toEqual(['bankAccountNumber']);
    const newStatement = await uploadedPath(a.c);
    expect((await fill(a.c, 'financial', { ...a.data.financial, bankStatement: newStatement })).status).toBe(200);
    expect((await a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId })).body.data.status).toBe(2);
  });
  it('channelPaymentInfoSubmit confirms the named, settled payment of this application', async () => {
    const a = await applicant();
    const body = { applyId: a.applyId, paymentId: `p-${a.applyId}`, orderNumber: `o-${a.applyId}` };
    const missing = await a.c.post('/kh/account/apply/channelPaymentInfoSubmit', body);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('payment record missing');
    await settlePayment(a.applyId, a.c);
    expect((await a.c.post('/kh/account/apply/channelPaymentInfoSubmit', body)).body.data).toEqual({ saved: true });
  });
  it('queryPaymentType says a fee of RM 11 applies; rpp-switch answers', async () => {
    const a = await applicant();
    expect((await a.c.get('/kh/account/apply/queryPaymentType', { applyId: a.applyId })).body.data).toEqual({ needPay: true, amount: 11, currency: 'MYR' });
    expect((await a.c.get('/kh/account/apply/rpp-switch')).body.data).toEqual({ enabled: false });
  });
});

describe('ownership: applicant A can never read or change B\'s application', () => {
  it('another applicant\'s applyId answers as not found', async () => {
    const a = await applicant();
    await fill(a.c, 'contact', a.data.contact);
    const b = await applicant();
    expect((await b.c.post('/kh/account/apply/fetch-data', { fillStep: 2000, relatedType: 'INIT', applyId: a.applyId })).status).toBe(404);
    expect((await b.c.post('/kh/account/apply/fill-data', { fillStep: 2000, relatedType: 'INIT', applyId: a.applyId, data: {} })).status).toBe(404);
    expect((await b.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId })).status).toBe(404);
  });
  it('without a session every apply call is 401', async () => {
    expect((await client(server).post('/kh/account/apply/check')).status).toBe(401);
    expect((await client(server).post('/kh/account/apply/fill-data', { fillStep: 2000, relatedType: 'INIT', data: {} })).status).toBe(401);
  });
  it('a save with an ended or made-up session is 401, and changes nothing', async () => {
    const a = await applicant();
    await fill(a.c, 'contact', a.data.contact);
    const ended = a.c.cookie;
    expect((await a.c.post('/passport/logout')).status).toBe(200);
    const stale = client(server);
    for (const cookie of [ended, 'kh_sid=made-up']) {
      stale.cookie = cookie;
      expect((await stale.post('/kh/account/apply/fill-data', { fillStep: 2000, relatedType: 'INIT', data: { ...a.data.contact, email: 'changed@example.com' } })).status).toBe(401);
    }
    const [stored] = await db().select().from(applicationSteps).where(and(eq(applicationSteps.applicationId, a.applyId), eq(applicationSteps.stepId, 'contact')));
    expect(stored!.payload).toMatchObject({ email: a.data.contact.email });
  });
});

describe('malformed bodies get an envelope 400 with a clear message, never a 500', () => {
  it.each([
    ['broken JSON', { body: '{"fillStep":', headers: { 'content-type': 'application/json' } }],
    ['a missing field', { json: { relatedType: 'INIT', data: {} } }],
    ['a wrong type', { json: { fillStep: 'two', relatedType: 'INIT', data: {} } }],
    ['an unknown relatedType', { json: { fillStep: 2000, relatedType: 'OTHER', data: {} } }],
    ['data that is not an object', { json: { fillStep: 2000, relatedType: 'INIT', data: 'x' } }],
  ])('%s', async (_name, init) => {
    const a = await login(server, `12${String(4000000 + counter++)}`);
    const res = await a.request('POST', '/kh/account/apply/fill-data', init as never);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: '400' });
    expect(res.body.msg).toMatch(/Invalid request/);
  });
  it('the /api prefix answers like the base path', async () => {
    const c = await login(server, '129000099');
    expect((await c.post('/api/kh/account/apply/check')).body.data.exist).toBe(false);
  });
  it('an unknown path is an envelope 404', async () => {
    const res = await client(server).get('/kh/account/apply/nothing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: '404' });
  });
});
