// Identity (eKYC), the PC hand-off, payment and staff review over real HTTP (issue: the hand-offs).
import { and, eq } from 'drizzle-orm';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationSteps, auditLog } from '../src/db/schema.ts';
import { EKYC_FAILURE_REASONS } from '../src/identity/ekyc.ts';
import { createStaff } from '../src/staff/staff-auth.ts';
import { client, login, startServer, type Client, type TestServer } from './harness.ts';
import { pdfLines, pdfText } from './pdf-text.ts';
import { STEP_CODES, answers, completeProviderPage, fill, initBody, submitAll, uploadedPath } from './fixtures.ts';
import { staffLogin } from '@kh/testing';

let server: TestServer;
let phone = 1000;
beforeAll(async () => {
  server = await startServer({ ekyc: { maxPerDay: 1000, minIntervalSeconds: 0, handoffTtlSeconds: 300 } });
});
afterAll(() => server.close());

const nextMobile = () => `13${String(1000000 + phone++)}`;
async function applicant(s = server) {
  const mobile = nextMobile();
  const c = await login(s, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  return { c, mobile, applyId: applyId as string };
}
describe('electronic ID (eKYC)', () => {
  it('init answers h5RedirectUrl; the provider page takes the photos and OCR fields and returns to responseUrl', async () => {
    const a = await applicant();
    const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
    expect(init.status).toBe(200);
    expect(init.body.data.h5RedirectUrl).toMatch(new RegExp(`^${server.baseUrl}/sandbox/ekyc/`));
    const page = await a.c.get(new URL(init.body.data.h5RedirectUrl).pathname, { t: new URL(init.body.data.h5RedirectUrl).searchParams.get('t')! });
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    // The provider's page is the one place that may use the camera.
    expect(page.headers.get('permissions-policy')).toContain('camera=(self)');
    expect(page.body).toContain('Front of your ID');
    expect(page.body).toContain('value="1990-01-01"');
    const done = await completeProviderPage(a.c, init.body.data.h5RedirectUrl);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${server.baseUrl}/iam/transit?checkId=${init.body.data.checkId}`);
  });
  it('the result record: isEkycSuccess, step1 with images and OCR, step2 with face score; the images are the applicant\'s', async () => {
    const a = await applicant();
    const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
    await completeProviderPage(a.c, init.body.data.h5RedirectUrl);
    const status = await a.c.form('/ekyc/rest-api/ctos/fetch-ekyc-status', { relateType: 'INIT', relateId: a.applyId });
    expect(status.body.data).toMatchObject({ isEkycSuccess: true, step2: { faceScore: 92, isIdentical: true } });
    expect(status.body.data.step1.ocrData).toMatchObject({ name: 'TAN AH KOW', idNo: '900101145678', birthDate: '1990-01-01', nationality: 'MYS' });
    expect((await a.c.get('/pdp/preview', { relativePath: status.body.data.step1.frontImgPath })).status).toBe(200);
    const other = await applicant();
    expect((await other.c.get('/pdp/preview', { relativePath: status.body.data.step1.frontImgPath })).status).toBe(404);
    expect((await a.c.form('/ekyc/rest-api/ctos/check-result', { relateType: 'INIT', relateId: a.applyId })).body.data.isEkycSuccess).toBe(true);
  });
  it('the personal step is prefilled from ocrData, the ID address split by the parser', async () => {
    const a = await applicant();
    const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
    await completeProviderPage(a.c, init.body.data.h5RedirectUrl);
    const personal = await a.c.post('/kh/account/apply/fetch-data', { fillStep: STEP_CODES.personal, relatedType: 'INIT' });
    expect(personal.body.data).toMatchObject({ name: 'TAN AH KOW', idNo: '900101145678', gender: 2, birthDate: '1990-01-01', identityKind: 106 });
    expect(personal.body.data.addressList).toEqual([{ addrType: 1, country: 'MYS', postalCode: '11600', state: '07', city: 'Jelutong', address: '3A LORONG BATU LANCHANG 8_TAMAN SRI BATU LANCHANG' }]);
  });
  it.each(EKYC_FAILURE_REASONS.map((r) => [r]))('a forced failure (%s) is reported with its reason', async (reason) => {
    const a = await applicant();
    const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
    await completeProviderPage(a.c, init.body.data.h5RedirectUrl, reason);
    const status = await a.c.form('/ekyc/rest-api/ctos/fetch-ekyc-status', { relateType: 'INIT', relateId: a.applyId });
    expect(status.body.data).toMatchObject({ isEkycSuccess: false, state: 'failed', failureReason: reason });
  });
  it('after a failure a retry succeeds', async () => {
    const a = await applicant();
    await completeProviderPage(a.c, (await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId))).body.data.h5RedirectUrl, 'blurry');
    await completeProviderPage(a.c, (await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId))).body.data.h5RedirectUrl);
    expect((await a.c.form('/ekyc/rest-api/ctos/fetch-ekyc-status', { relateType: 'INIT', relateId: a.applyId })).body.data.isEkycSuccess).toBe(true);
  });
  it('the ZOLOZ-style entry works the same way', async () => {
    const a = await applicant();
    const init = await a.c.form('/ekyc/zoloz/real-id/init', initBody(a.applyId, { idKind: 102, documentNumber: 'K1234567A' }));
    const done = await completeProviderPage(a.c, init.body.data.h5RedirectUrl, 'success', { nationality: 'SGP', idNo: 'K1234567A', expiryDate: '2031-05-01' });
    expect(done.status).toBe(303);
    expect((await a.c.form('/ekyc/zoloz/real-id/check-result', { relateType: 'INIT', relateId: a.applyId })).body.data.step1.ocrData).toMatchObject({ nationality: 'SGP', expiryDate: '2031-05-01' });
  });
  it('the provider page refuses missing photos with an error summary, and a used page', async () => {
    const a = await applicant();
    const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
    const url = new URL(init.body.data.h5RedirectUrl);
    const empty = new FormData();
    empty.append('outcome', 'success');
    const res = await a.c.request('POST', `${url.pathname}/complete`, { body: empty, query: { t: url.searchParams.get('t')! } });
    expect(res.status).toBe(400);
    expect(res.body).toContain('There is a problem');
    expect(res.body).toContain('href="#front"');
    await completeProviderPage(a.c, init.body.data.h5RedirectUrl);
    expect((await a.c.get(url.pathname, { t: url.searchParams.get('t')! })).status).toBe(410);
    expect((await a.c.get(url.pathname, { t: 'wrong' })).status).toBe(404);
  });
  it('limits: too frequent, and the submission limit of the day', async () => {
    const limited = await startServer({ ekyc: { maxPerDay: 2, minIntervalSeconds: 60, handoffTtlSeconds: 300 } });
    const a = await applicant(limited);
    expect((await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId))).status).toBe(200);
    const tooSoon = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.data).toEqual({ failureReason: 'tooFrequent' });
    await limited.database.db.execute('update ekyc_checks set created_at = now() - interval \'2 minutes\'' as never);
    expect((await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId))).status).toBe(200);
    await limited.database.db.execute('update ekyc_checks set created_at = now() - interval \'2 minutes\'' as never);
    const limit = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
    expect(limit.body.data).toEqual({ failureReason: 'submissionLimit' });
    await limited.close();
  });
  it('refuses a responseUrl on another site, and refuses init when ctosValid is off', async () => {
    const a = await applicant();
    expect((await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId, { responseUrl: 'https://evil.example/steal' }))).status).toBe(400);
    const off = await startServer({ appConfig: { ctosValid: false, ghlValid: true, myCtosSpecialState: [], rppEnabled: false } });
    const b = await applicant(off);
    const res = await b.c.form('/ekyc/rest-api/ctos/init', initBody(b.applyId));
    expect(res.status).toBe(409);
    expect(res.body.msg).toMatch(/being upgraded/);
    // Its own code: the app shows the copy-the-link notice for this refusal only, not for any 409.
    expect(res.body.code).toBe('40010008');
    await off.close();
  });
});

describe('refuse early: the identity check is not started for a document the personal step would refuse', () => {
  it('a minor by the MyKad\'s birth date, a Malaysian\'s passport, a short NRIC: 400 with the translated field error', async () => {
    const a = await applicant();
    const minor = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId, { documentNumber: '100215105571' }));
    expect(minor.status).toBe(400);
    expect(minor.body.data.fields).toEqual([expect.objectContaining({ field: 'nricNumber', key: 'validation.age', message: expect.stringMatching(/at least 18/) })]);
    await fill(a.c, 'contact', answers(phone++, { proof: '', statement: '', signature: '' }, a.mobile).contact);
    const passport = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId, { idKind: 102, documentNumber: 'A1234567' }));
    expect(passport.body.data.fields).toEqual([expect.objectContaining({ field: 'identityType', key: 'validation.malaysianPassport' })]);
    expect((await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId, { documentNumber: '90021510557' }))).body.data.fields[0].key).toBe('validation.nric');
    expect((await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId))).status).toBe(200);
  });
  it('a passport whose expiry an earlier check read is refused when it is valid for less than 6 months', async () => {
    const a = await applicant();
    await fill(a.c, 'contact', { ...answers(phone++, { proof: '', statement: '', signature: '' }, a.mobile).contact, nationality: 'SGP' });
    const passport = { idKind: 102, documentNumber: 'K1234567A', documentName: 'Lee Wei Ling' };
    const first = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId, passport));
    const soon = new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10);
    await completeProviderPage(a.c, first.body.data.h5RedirectUrl, 'blurry', { idNo: 'K1234567A', nationality: 'SGP', expiryDate: soon });
    const again = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId, passport));
    expect(again.status).toBe(400);
    expect(again.body.data.fields).toEqual([expect.objectContaining({ field: 'passportNumber', key: 'validation.validForMonths', message: expect.stringMatching(/at least 6 more months/) })]);
    // Another passport, not read before, goes on.
    expect((await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId, { ...passport, documentNumber: 'K7654321B' }))).status).toBe(200);
  });
});

describe('PC flow: a short-lived, single-use hand-off token', () => {
  it('the phone that opens it continues the same application without a second login', async () => {
    const pc = await applicant();
    const { url } = (await pc.c.form('/ekyc/handoff', { relateType: 'INIT', relateId: pc.applyId })).body.data;
    const phoneClient = client(server);
    const opened = await phoneClient.get(new URL(url).pathname);
    expect(opened.status).toBe(303);
    expect(opened.headers.get('location')).toBe(`/iam/start?handoff=1&applyId=${encodeURIComponent(pc.applyId)}`);
    expect((await phoneClient.post('/kh/account/apply/check')).body.data.applyId).toBe(pc.applyId);
  });
  it('gives the phone a session limited to that application\'s identity check, which ends with it', async () => {
    const pc = await applicant();
    const { url } = (await pc.c.form('/ekyc/handoff', { relateType: 'INIT', relateId: pc.applyId })).body.data;
    const phoneClient = client(server);
    await phoneClient.get(new URL(url).pathname);
    expect((await phoneClient.get('/passport/getUsers')).status).toBe(200);
    // Nothing but the identity check: no other step, no upload, no payment, no other application.
    for (const [path, body] of [['/kh/account/apply/fill-data', { fillStep: 2000, relatedType: 'INIT', applyId: pc.applyId, data: {} }], ['/kh/account/apply/fetch-data', { fillStep: 2003, relatedType: 'INIT', applyId: pc.applyId }], ['/money/payment/ghl/applyPay', { relateId: pc.applyId, merchantReturnURL: '/payment/transit' }], ['/kh/account/apply/apply-submit', { applyId: pc.applyId }]] as const) {
      const res = await phoneClient.post(path, body);
      expect(res.status, path).toBe(403);
      expect(res.body.msg).toMatch(/only the identity check/);
    }
    // Nor does it issue links or answer for the computer.
    expect((await phoneClient.form('/ekyc/handoff', { relateType: 'INIT', relateId: pc.applyId })).status).toBe(403);
    // Carrying on with the application on the phone needs a verified identity first.
    expect((await phoneClient.post('/ekyc/handoff/continue', { relateType: 'INIT', relateId: pc.applyId })).status).toBe(409);
    const init = await phoneClient.form('/ekyc/rest-api/ctos/init', initBody(pc.applyId));
    expect(init.status).toBe(200);
    await completeProviderPage(phoneClient, init.body.data.h5RedirectUrl);
    const checkId = init.body.data.checkId as string;
    expect((await phoneClient.post('/ekyc/handoff/confirm', { relateType: 'INIT', relateId: pc.applyId, checkId, accept: true })).status).toBe(403);
    expect((await pc.c.post('/ekyc/handoff/confirm', { relateType: 'INIT', relateId: pc.applyId, checkId, accept: true })).status).toBe(200);
    const saved = await phoneClient.post('/kh/account/apply/fill-data', { fillStep: STEP_CODES.identity, relatedType: 'INIT', applyId: pc.applyId, data: { idKind: 106, documentName: 'TAN AH KOW', documentNumber: '900101145678' } });
    expect(saved.status).toBe(200);
    // Still limited after the check, until the phone chooses.
    expect((await phoneClient.post('/kh/account/apply/fetch-data', { fillStep: 2003, relatedType: 'INIT', applyId: pc.applyId })).status).toBe(403);
    // The phone goes back to the computer: its session ends at once.
    expect((await phoneClient.post('/ekyc/handoff/finish', { relateType: 'INIT', relateId: pc.applyId })).status).toBe(200);
    expect((await phoneClient.post('/kh/account/apply/check')).status).toBe(401);
    // The PC's own session is untouched: it is told the phone went back to it, and carries on itself.
    const status = (await pc.c.post('/ekyc/rest-api/ctos/fetch-ekyc-status', { relateType: 'INIT', relateId: pc.applyId })).body.data;
    expect(status.isEkycSuccess).toBe(true);
    expect(status.phoneChoice).toBe('finished');
  });
  it('the phone may carry on with the application once the PC confirmed its identity check, and the PC is told (SPEC §1)', async () => {
    const pc = await applicant();
    const { url } = (await pc.c.form('/ekyc/handoff', { relateType: 'INIT', relateId: pc.applyId })).body.data;
    const phoneClient = client(server);
    await phoneClient.get(new URL(url).pathname);
    const init = await phoneClient.form('/ekyc/rest-api/ctos/init', initBody(pc.applyId));
    await completeProviderPage(phoneClient, init.body.data.h5RedirectUrl);
    // Verified on the phone, not yet the application's: the PC is shown whose document it read.
    const waiting = (await pc.c.post('/ekyc/rest-api/ctos/fetch-ekyc-status', { relateType: 'INIT', relateId: pc.applyId })).body.data;
    expect(waiting).toMatchObject({ state: 'unconfirmed', isEkycSuccess: false, awaitingConfirmation: { name: 'TAN AH KOW', idKind: 106, documentNumberEnding: '5678' } });
    expect(waiting.phoneOpenedAt).toEqual(expect.any(String));
    expect((await phoneClient.post('/ekyc/handoff/continue', { relateType: 'INIT', relateId: pc.applyId })).body.msg).toMatch(/not confirmed this identity check/);
    expect((await pc.c.post('/ekyc/handoff/confirm', { relateType: 'INIT', relateId: pc.applyId, checkId: init.body.data.checkId, accept: true })).body.data).toMatchObject({ state: 'success', isEkycSuccess: true });
    await phoneClient.post('/kh/account/apply/fill-data', { fillStep: STEP_CODES.identity, relatedType: 'INIT', applyId: pc.applyId, data: { idKind: 106, documentName: 'TAN AH KOW', documentNumber: '900101145678' } });
    // Until the phone chooses, the PC is told the check passed and nothing more: it waits for the choice.
    const before = (await pc.c.post('/ekyc/rest-api/ctos/fetch-ekyc-status', { relateType: 'INIT', relateId: pc.applyId })).body.data;
    expect(before.isEkycSuccess).toBe(true);
    expect(before.phoneChoice).toBeUndefined();
    // Another application's id is not this phone's to carry on.
    const other = await applicant();
    expect((await phoneClient.post('/ekyc/handoff/continue', { relateType: 'INIT', relateId: other.applyId })).status).toBe(403);
    expect((await phoneClient.post('/ekyc/handoff/continue', { relateType: 'INIT', relateId: pc.applyId })).status).toBe(200);
    // A full session now: the next step reads and saves.
    expect((await phoneClient.post('/kh/account/apply/fetch-data', { fillStep: 2003, relatedType: 'INIT', applyId: pc.applyId })).status).toBe(200);
    expect((await pc.c.post('/ekyc/rest-api/ctos/fetch-ekyc-status', { relateType: 'INIT', relateId: pc.applyId })).body.data).toMatchObject({ isEkycSuccess: true, phoneChoice: 'continued' });
  });
  it('whoever opens a photographed link and passes the check with their own document gets nothing of the account', async () => {
    const pc = await applicant();
    await fill(pc.c, 'contact', answers(phone++, { proof: '', statement: '', signature: '' }, pc.mobile).contact);
    // The applicant typed their own document on the PC before showing the code.
    await pc.c.form('/ekyc/rest-api/ctos/init', initBody(pc.applyId, { documentName: 'Tan Ah Kow', documentNumber: '900101145678' }));
    const { url } = (await pc.c.form('/ekyc/handoff', { relateType: 'INIT', relateId: pc.applyId })).body.data;
    const intruder = client(server);
    expect((await intruder.get(new URL(url).pathname)).status).toBe(303);
    // Nothing of the applicant is read: not the mobile, not the name and number typed on the PC.
    const user = (await intruder.get('/passport/getUsers')).body.data;
    expect(JSON.stringify(user)).not.toContain(pc.mobile);
    expect(user.mobile).toMatch(/^•+\d{2}$/);
    expect(user.name).toBeUndefined();
    const typed = (await intruder.post('/kh/account/apply/fetch-data', { fillStep: STEP_CODES.identity, relatedType: 'INIT', applyId: pc.applyId })).body.data;
    expect(typed.documentName).toBeUndefined();
    expect(typed.documentNumber).toBeUndefined();
    // Their own document passes the check on their own face.
    const init = await intruder.form('/ekyc/rest-api/ctos/init', initBody(pc.applyId, { documentName: 'Lim Siew Ling', documentNumber: '880202105566' }));
    await completeProviderPage(intruder, init.body.data.h5RedirectUrl, 'success', { name: 'LIM SIEW LING', idNo: '880202-10-5566', birthDate: '1988-02-02' });
    // It is not the application's identity: nothing prefilled, no continuing, no saving it as verified.
    expect((await intruder.post('/ekyc/handoff/continue', { relateType: 'INIT', relateId: pc.applyId })).status).toBe(409);
    expect((await pc.c.post('/kh/account/apply/fetch-data', { fillStep: STEP_CODES.personal, relatedType: 'INIT' })).body.data.name).toBeUndefined();
    expect((await intruder.form('/ekyc/rest-api/ctos/check-result', { relateType: 'INIT', relateId: pc.applyId })).body.data).toMatchObject({ state: 'unconfirmed', isEkycSuccess: false });
    // The applicant at the PC sees a name that is not theirs and says so: that phone is done.
    const status = (await pc.c.post('/ekyc/rest-api/ctos/fetch-ekyc-status', { relateType: 'INIT', relateId: pc.applyId })).body.data;
    expect(status.awaitingConfirmation).toMatchObject({ name: 'LIM SIEW LING', documentNumberEnding: '5566' });
    expect((await pc.c.post('/ekyc/handoff/confirm', { relateType: 'INIT', relateId: pc.applyId, checkId: init.body.data.checkId, accept: false })).body.data.state).toBe('disowned');
    expect((await intruder.post('/kh/account/apply/check')).status).toBe(401);
    expect((await pc.c.post('/ekyc/handoff/confirm', { relateType: 'INIT', relateId: pc.applyId, checkId: init.body.data.checkId, accept: true })).status).toBe(409);
    const after = (await pc.c.post('/ekyc/rest-api/ctos/fetch-ekyc-status', { relateType: 'INIT', relateId: pc.applyId })).body.data;
    expect(after).toMatchObject({ state: 'disowned', isEkycSuccess: false });
    expect(after.phoneOpenedAt).toBeUndefined();
    const [row] = await server.database.db.select().from(applicationSteps).where(and(eq(applicationSteps.applicationId, pc.applyId), eq(applicationSteps.stepId, 'personal')));
    expect(row).toBeUndefined();
  });
  it('a new link ends every earlier one, and the phone that opened one before the PC confirmed it', async () => {
    const pc = await applicant();
    const first = (await pc.c.form('/ekyc/handoff', { relateType: 'INIT', relateId: pc.applyId })).body.data.url;
    const second = (await pc.c.form('/ekyc/handoff', { relateType: 'INIT', relateId: pc.applyId })).body.data.url;
    expect((await client(server).get(new URL(first).pathname)).status).toBe(410);
    const phoneClient = client(server);
    expect((await phoneClient.get(new URL(second).pathname)).status).toBe(303);
    const init = await phoneClient.form('/ekyc/rest-api/ctos/init', initBody(pc.applyId));
    expect(init.status).toBe(200);
    // The PC does not know that phone: it shows a new code, and the phone that took the last is out, its check with it.
    await pc.c.form('/ekyc/handoff', { relateType: 'INIT', relateId: pc.applyId });
    expect((await phoneClient.post('/kh/account/apply/check')).status).toBe(401);
    const page = new URL(init.body.data.h5RedirectUrl);
    expect((await phoneClient.get(page.pathname, { t: page.searchParams.get('t')! })).status).toBe(410);
    expect((await pc.c.post('/ekyc/rest-api/ctos/fetch-ekyc-status', { relateType: 'INIT', relateId: pc.applyId })).body.data).toMatchObject({ state: 'disowned', isEkycSuccess: false });
  });
  it('cannot be replayed', async () => {
    const pc = await applicant();
    const { url } = (await pc.c.form('/ekyc/handoff', { relateType: 'INIT', relateId: pc.applyId })).body.data;
    expect((await client(server).get(new URL(url).pathname)).status).toBe(303);
    const replay = await client(server).get(new URL(url).pathname);
    expect(replay.status).toBe(410);
    expect(replay.body.msg).toMatch(/already been used or has expired/);
  });
  it('cannot be used by another account', async () => {
    const pc = await applicant();
    const { url } = (await pc.c.form('/ekyc/handoff', { relateType: 'INIT', relateId: pc.applyId })).body.data;
    const someoneElse = await applicant();
    const res = await someoneElse.c.get(new URL(url).pathname);
    expect(res.status).toBe(403);
    expect((await someoneElse.c.post('/kh/account/apply/check')).body.data.applyId).toBe(someoneElse.applyId);
  });
  it('expires', async () => {
    const quick = await startServer({ ekyc: { maxPerDay: 5, minIntervalSeconds: 0, handoffTtlSeconds: 0 } });
    const pc = await applicant(quick);
    const { url } = (await pc.c.form('/ekyc/handoff', { relateType: 'INIT', relateId: pc.applyId })).body.data;
    expect((await client(quick).get(new URL(url).pathname)).status).toBe(410);
    await quick.close();
  });
});

describe('payment: RM 11 through the sandbox gateway', () => {
  const payBody = (applyId: string, extra: Record<string, unknown> = {}) => ({ memberId: 'm', businessType: 0, relateId: applyId, merchantReturnURL: '/payment/transit', ...extra });
  async function pay(c: Client, redirectUrl: string, outcome: string, cardNo = '4111 1111 1111 1111') {
    const path = new URL(redirectUrl).pathname;
    expect((await c.get(path)).body).toContain('RM 11.00');
    return c.request('POST', `${path}/pay`, { form: { cardHolder: 'TAN AH KOW', cardNo, outcome } });
  }
  it('decline, then retry, then approved; paying twice never charges twice', async () => {
    const a = await applicant();
    const first = await a.c.post('/money/payment/ghl/applyPay', payBody(a.applyId));
    expect(first.body.data.result).toMatchObject({ payStatus: 2, amount: 11, currency: 'MYR' });
    const declined = await pay(a.c, first.body.data.result.redirectUrl, 'decline');
    expect(declined.status).toBe(303);
    expect(declined.headers.get('location')).toBe(`${server.baseUrl}/payment/transit?orderNumber=${first.body.data.result.orderNumber}&paymentId=${first.body.data.result.paymentId}`);
    expect((await a.c.post('/money/payment/ghl/queryPay', payBody(a.applyId, { orderNumber: first.body.data.result.orderNumber }))).body.data.result.payStatus).toBe(1);
    const retry = await a.c.post('/money/payment/ghl/applyPay', payBody(a.applyId));
    expect(retry.body.data.result.orderNumber).not.toBe(first.body.data.result.orderNumber);
    await pay(a.c, retry.body.data.result.redirectUrl, 'approve');
    expect((await a.c.post('/money/payment/ghl/queryPay', payBody(a.applyId, { orderNumber: retry.body.data.result.orderNumber }))).body.data.result.payStatus).toBe(0);
    const again = await a.c.post('/money/payment/ghl/applyPay', payBody(a.applyId));
    expect(again.body.data.result).toMatchObject({ payStatus: 0, orderNumber: retry.body.data.result.orderNumber });
    expect((await a.c.get(new URL(retry.body.data.result.redirectUrl ?? `${server.baseUrl}/sandbox/ghl/${retry.body.data.result.paymentId}`).pathname)).status).toBe(410);
  });
  it('the same order asked for twice is one order', async () => {
    const a = await applicant();
    const first = await a.c.post('/money/payment/ghl/applyPay', payBody(a.applyId));
    const second = await a.c.post('/money/payment/ghl/applyPay', payBody(a.applyId, { orderNumber: first.body.data.result.orderNumber }));
    expect(second.body.data.result.orderNumber).toBe(first.body.data.result.orderNumber);
  });
  it('a pending payment resolves when it is queried', async () => {
    const a = await applicant();
    const order = (await a.c.post('/money/payment/ghl/applyPay', payBody(a.applyId))).body.data.result;
    await pay(a.c, order.redirectUrl, 'pending');
    expect((await a.c.post('/money/payment/ghl/queryPay', payBody(a.applyId, { paymentId: order.paymentId }))).body.data.result.payStatus).toBe(0);
  });
  it('the gateway refuses a card number that fails the Luhn check', async () => {
    const a = await applicant();
    const order = (await a.c.post('/money/payment/ghl/applyPay', payBody(a.applyId))).body.data.result;
    const res = await pay(a.c, order.redirectUrl, 'approve', '4111 1111 1111 1112');
    expect(res.status).toBe(400);
    expect(res.body).toContain('Enter a valid card number');
  });
  it('an unknown order is payStatus -1; a wrong businessType or a foreign return URL is refused', async () => {
    const a = await applicant();
    expect((await a.c.post('/money/payment/ghl/queryPay', payBody(a.applyId, { orderNumber: 'NOPE' }))).body.data.result.payStatus).toBe(-1);
    expect((await a.c.post('/money/payment/ghl/applyPay', payBody(a.applyId, { businessType: 3 }))).status).toBe(400);
    expect((await a.c.post('/money/payment/ghl/applyPay', payBody(a.applyId, { merchantReturnURL: 'https://evil.example/' }))).status).toBe(400);
  });
  it('no payment when ghlValid is false', async () => {
    const off = await startServer({ appConfig: { ctosValid: true, ghlValid: false, myCtosSpecialState: [], rppEnabled: false } });
    const a = await applicant(off);
    expect((await a.c.post('/money/payment/ghl/applyPay', payBody(a.applyId))).status).toBe(409);
    await off.close();
  });
});

describe('staff review', () => {
  let staffToken = '';
  const staffCall = (method: string, path: string, json?: unknown, token = staffToken) =>
    fetch(`${server.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) }, body: json ? JSON.stringify(json) : undefined }).then(async (r) => ({ status: r.status, body: await r.json() }));

  beforeAll(async () => {
    await createStaff(server.database.db, { email: 'reviewer@broker.example', name: 'Reviewer', password: 'correct horse battery' });
    staffToken = await staffLogin(server.baseUrl, 'reviewer@broker.example', 'correct horse battery');
  });

  async function submitted({ read }: { read?: Record<string, string> } = {}) {
    const a = await applicant();
    const files = { proof: await uploadedPath(a.c), statement: await uploadedPath(a.c), signature: await uploadedPath(a.c) };
    const data = answers(phone, files, a.mobile);
    await submitAll(a.c, a.applyId, data, {}, read);
    return { ...a, data };
  }

  it('the applicant downloads the signed application after submitting: every step, the signature; nobody else can', async () => {
    const before = await applicant();
    const early = await before.c.request('GET', '/kh/account/apply/application-pdf');
    expect(early.status).toBe(409);
    expect(early.body.msg).toBe('This application has not been submitted yet.');
    const a = await submitted();
    const res = await a.c.request('GET', '/kh/account/apply/application-pdf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const bytes = res.body as Buffer;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
    const images = pdf.context.enumerateIndirectObjects().filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images).toHaveLength(1);
    // The text as a viewer reads it: the applicant's e-mail address is there.
    const shown = (await pdfText(bytes)).join('\n');
    expect(shown).toContain(String(a.data.contact.email));
    const other = await applicant();
    expect((await other.c.request('GET', '/kh/account/apply/application-pdf', { query: { applyId: a.applyId } })).status).not.toBe(200);
  });
  it('the signed application wraps a long answer within the page and writes Chinese as typed, not as question marks', async () => {
    const a = await submitted();
    // Answers as stored, whatever a published field let through: a 320-character word and a Chinese name.
    const long = 'SYARIKAT'.repeat(40);
    const [work] = await server.database.db.select().from(applicationSteps).where(and(eq(applicationSteps.applicationId, a.applyId), eq(applicationSteps.stepId, 'work')));
    await server.database.db.update(applicationSteps).set({ payload: { ...(work.payload as object), companyName: long } }).where(and(eq(applicationSteps.applicationId, a.applyId), eq(applicationSteps.stepId, 'work')));
    const [personal] = await server.database.db.select().from(applicationSteps).where(and(eq(applicationSteps.applicationId, a.applyId), eq(applicationSteps.stepId, 'personal')));
    await server.database.db.update(applicationSteps).set({ payload: { ...(personal.payload as object), name: '陳偉玲 CHONG WEI LING' } }).where(and(eq(applicationSteps.applicationId, a.applyId), eq(applicationSteps.stepId, 'personal')));
    const res = await a.c.request('GET', '/kh/account/apply/application-pdf');
    const lines = await pdfLines(res.body as Buffer);
    const text = lines.map((l) => l.text).join('\n');
    expect(text).toContain('陳偉玲 CHONG WEI LING');
    expect(text).not.toContain('???');
    // The long answer is on the page in pieces, each on its line, with nothing added between them
    // (a space inside a line the applicant never typed): the lines read back as the answer, exactly.
    const label = lines.findIndex((l) => l.text.startsWith('Company name:'));
    const pieces = lines.slice(label + 1, label + 6).map((l) => l.text);
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('').slice(0, long.length)).toBe(long);
    for (const line of lines) expect(line.x + line.width, line.text).toBeLessThanOrEqual(line.pageWidth - 56 + 1);
  });
  it('a case is one reviewer\'s: a claim keeps others from deciding it, a supervisor reassigns it, and a decision on a case that changed underneath is refused', async () => {
    await createStaff(server.database.db, { email: 'second@broker.example', name: 'Second Reviewer', password: 'correct horse battery' });
    await createStaff(server.database.db, { email: 'lead@broker.example', name: 'Lead', password: 'correct horse battery', role: 'supervisor' });
    const second = await staffLogin(server.baseUrl, 'second@broker.example', 'correct horse battery');
    const lead = await staffLogin(server.baseUrl, 'lead@broker.example', 'correct horse battery');
    const a = await submitted();
    const path = `/staff/applications/${a.applyId}`;
    expect((await staffCall('POST', `${path}/claim`)).status).toBe(200);
    const taken = await staffCall('POST', `${path}/claim`, undefined, second);
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe('Reviewer is working on this case. Ask a supervisor to reassign it.');
    expect((await staffCall('POST', `${path}/reject`, { items: ['2004-employment'] }, second)).status).toBe(409);
    // Only a supervisor reassigns.
    const me = (await staffCall('GET', '/staff/me', undefined, second)).body.data.id;
    expect((await staffCall('POST', `${path}/assign`, { staffId: me }, second)).status).toBe(403);
    expect((await staffCall('POST', `${path}/assign`, { staffId: me }, lead)).status).toBe(200);
    expect((await staffCall('POST', `${path}/approve`, { markets: 1, expectedStatus: 2 })).status).toBe(409);
    // The second reviewer decided on status 2; a resubmission or another decision since makes it stale.
    expect((await staffCall('POST', `${path}/reject`, { items: ['2004-employment'], expectedStatus: 2 }, second)).status).toBe(200);
    const stale = await staffCall('POST', `${path}/approve`, { markets: 1, expectedStatus: 2 }, second);
    expect(stale.status).toBe(409);
    expect(stale.body.msg).toBe('This case changed while you were looking at it. Reload it to see what changed, then decide.');
    // The refused attempts are entries of the case's audit beside what was done.
    const audit = (await staffCall('GET', path)).body.data.audit.map((e: { action: string }) => e.action);
    expect(audit).toEqual(['claim', 'refused', 'refused', 'refused', 'assign', 'refused', 'reject', 'refused']);
  });
  it('needs its own authentication: a wrong password, no token, or an applicant\'s cookie are refused', async () => {
    expect((await fetch(`${server.baseUrl}/staff/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'reviewer@broker.example', password: 'nope' }) })).status).toBe(401);
    expect((await staffCall('GET', '/staff/applications', undefined, 'not-a-token')).status).toBe(401);
    const a = await applicant();
    expect((await a.c.get('/staff/applications')).status).toBe(401);
  });
  it('lists applications by status with paging, and reads one whole, with its documents', async () => {
    const a = await submitted();
    const list = await staffCall('GET', '/staff/applications?status=2&page=1&pageSize=1');
    expect(list.body.data).toMatchObject({ page: 1, pageSize: 1 });
    expect(list.body.data.total).toBeGreaterThanOrEqual(1);
    expect(list.body.data.items).toHaveLength(1);
    const one = await staffCall('GET', `/staff/applications/${a.applyId}`);
    expect(Object.keys(one.body.data.steps).sort()).toEqual(['agreement', 'contact', 'declaration', 'financial', 'identity', 'investment', 'market', 'personal', 'signature', 'tax', 'work']);
    expect(one.body.data.documents.length).toBeGreaterThanOrEqual(6);
    expect(one.body.data.identityChecks[0].state).toBe('success');
    expect(one.body.data.payments[0]).toMatchObject({ payStatus: 0, amountSen: 1100, cardLast4: '1111' });
  });
  it('approves market by market: success records the opened markets and the MY client code', async () => {
    const a = await submitted();
    const my = await staffCall('POST', `/staff/applications/${a.applyId}/approve`, { markets: 16 });
    expect(my.body.data).toMatchObject({ status: 3, opened: 16, masClientCodeActive: true });
    const rest = await staffCall('POST', `/staff/applications/${a.applyId}/approve`, { markets: 3 });
    expect(rest.body.data).toMatchObject({ status: 4, opened: 19 });
    expect((await a.c.post('/kh/account/apply/check')).body.data).toMatchObject({ success: true, status: 4, opened: 19, masClientCodeActive: true });
    expect((await a.c.get('/passport/getUsers')).body.data.hsNo).toMatch(/^C\d{7}$/);
    // Switching the MY client code off is asked here, and made when a supervisor confirms (staff-changes.test.ts).
    const inactive = await staffCall('POST', `/staff/members/${(await a.c.get('/passport/getUsers')).body.data.mid}/my-client-code`, { active: false });
    expect(inactive.body.data).toMatchObject({ changeId: expect.any(String), state: 'pending' });
    expect((await a.c.post('/kh/account/apply/check')).body.data).toMatchObject({ masClientCodeActive: true });
  });
  it('rejects with RejectReason items; the resubmission may change only those, enforced on the server', async () => {
    const a = await submitted();
    expect((await staffCall('POST', `/staff/applications/${a.applyId}/reject`, { items: ['2005-unknownThing'] })).status).toBe(400);
    const rejected = await staffCall('POST', `/staff/applications/${a.applyId}/reject`, { items: ['2005-bankStatement', '2002-idDocument'] });
    expect(rejected.body.data).toMatchObject({ status: 5, rejectedReason: '2005-bankStatement,2002-idDocument' });
    const touched = await fill(a.c, 'financial', { ...a.data.financial, bankName: 'CIMB' });
    expect(touched.status).toBe(409);
    expect(touched.body.data.fields).toEqual(['bankName']);
    const newStatement = await uploadedPath(a.c);
    expect((await fill(a.c, 'financial', { ...a.data.financial, bankStatement: newStatement })).status).toBe(200);
    const upload = { idFront: await uploadedPath(a.c), idBack: await uploadedPath(a.c) };
    expect((await a.c.post('/kh/account/apply/fill-data', { fillStep: STEP_CODES.documentUpload, relatedType: 'INIT', data: { idDocument: { frontImgPath: upload.idFront, backImgPath: upload.idBack } } })).status).toBe(200);
    // The rejected identity document is checked again before the resubmission.
    expect((await a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId })).body.data.steps.map((s: { step: string }) => s.step)).toEqual(['identity']);
    const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId, { documentNumber: String(a.data.identity.nricNumber) }));
    await completeProviderPage(a.c, init.body.data.h5RedirectUrl, 'success', { idNo: String(a.data.identity.nricNumber) });
    expect((await fill(a.c, 'identity', a.data.identity)).status).toBe(200);
    expect((await a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId })).body.data.status).toBe(2);
  });
  it('a reviewer who rejects the ID gets a new identity check, not a free-text edit', async () => {
    const a = await submitted();
    await staffCall('POST', `/staff/applications/${a.applyId}/reject`, { items: ['2002-idDocument'] });
    expect((await a.c.post('/ekyc/rest-api/ctos/fetch-ekyc-status', { relateType: 'INIT', relateId: a.applyId })).body.data.isEkycSuccess).toBe(false);
    // Neither the identity step without a new check, nor another number typed on personal.
    expect((await fill(a.c, 'identity', a.data.identity)).body.data.fields).toEqual([expect.objectContaining({ field: 'verification', key: 'validation.identityNotVerified' })]);
    expect((await fill(a.c, 'personal', { ...a.data.personal, nricNumber: '850505105555' })).status).toBe(409);
    // A new check of another MyKad: that document, and only it, is what opens.
    const other = '850505105555';
    const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId, { documentNumber: other }));
    await completeProviderPage(a.c, init.body.data.h5RedirectUrl, 'success', { idNo: other, birthDate: '1985-05-05', gender: 'M' });
    expect((await fill(a.c, 'identity', { ...a.data.identity, nricNumber: other })).status).toBe(200);
    expect((await a.c.post('/ekyc/rest-api/ctos/fetch-ekyc-status', { relateType: 'INIT', relateId: a.applyId })).body.data.verifiedIdentity).toMatchObject({ documentNumber: other, gender: 1 });
    expect((await a.c.post('/kh/account/apply/fetch-data', { fillStep: STEP_CODES.personal, relatedType: 'INIT', applyId: a.applyId })).body.data).toMatchObject({ idNo: other, birthDate: '1985-05-05', gender: 1 });
  });
  it('a request for information that names only the income proof opens no identity check; a check after the review shows as a change', async () => {
    const a = await submitted();
    await staffCall('POST', `/staff/applications/${a.applyId}/request-information`, { items: ['2004-incomeProof'], note: 'Your latest payslip, please' });
    // The round-3 swap: another person's MyKad checked in place of the verified one.
    const swap = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId, { documentNumber: '850505105555', documentName: 'Someone Else' }));
    expect(swap.status).toBe(409);
    expect(swap.body.msg).toMatch(/does not ask for your identity document/);
    const before = (await staffCall('GET', `/staff/applications/${a.applyId}`)).body.data;
    expect(before.identityChecks).toHaveLength(1);
    expect(before.identityChecks[0]).toMatchObject({ madeAfterReview: false });
    // When the identity document is asked for, a new check may be made, and the reviewer sees it as a change.
    const b = await submitted();
    await staffCall('POST', `/staff/applications/${b.applyId}/reject`, { items: ['2002-idDocument'] });
    const init = await b.c.form('/ekyc/rest-api/ctos/init', initBody(b.applyId, { documentNumber: String(b.data.identity.nricNumber) }));
    expect(init.status).toBe(200);
    await completeProviderPage(b.c, init.body.data.h5RedirectUrl, 'success', { idNo: String(b.data.identity.nricNumber) });
    const after = (await staffCall('GET', `/staff/applications/${b.applyId}`)).body.data;
    expect(after.identityChecks.map((check: { madeAfterReview: boolean }) => check.madeAfterReview)).toEqual([true, false]);
    expect(after.pendingChanges).toContainEqual(expect.objectContaining({ step: 'identity', kind: 'identityCheck' }));
  });
  it('the staff detail shows the verified identity beside the typed answers, and flags a mismatch', async () => {
    const a = await submitted();
    const clean = (await staffCall('GET', `/staff/applications/${a.applyId}`)).body.data;
    expect(clean.verifiedIdentity).toMatchObject({ documentType: 106, documentNumber: a.data.identity.nricNumber, name: 'TAN AH KOW' });
    expect(clean.identityMismatch).toBe(false);
    expect(clean.identityComparison).toContainEqual({ fact: 'documentNumber', field: 'nricNumber', verified: a.data.identity.nricNumber, typed: a.data.identity.nricNumber, matches: true });
    // The document read with a name other than the one typed to start the check: flagged.
    const b = await submitted({ read: { name: 'TAN AH KOH' } });
    const flagged = (await staffCall('GET', `/staff/applications/${b.applyId}`)).body.data;
    expect(flagged.identityMismatch).toBe(true);
    expect(flagged.identityComparison).toContainEqual(expect.objectContaining({ fact: 'name', verified: 'TAN AH KOH', matches: false }));
  });
  it('gives the client number (hsNo) once per member, not again at each approval', async () => {
    const a = await submitted();
    await staffCall('POST', `/staff/applications/${a.applyId}/approve`, { markets: 16 });
    const first = (await a.c.get('/passport/getUsers')).body.data.hsNo;
    await staffCall('POST', `/staff/applications/${a.applyId}/approve`, { markets: 3 });
    expect((await a.c.get('/passport/getUsers')).body.data.hsNo).toBe(first);
  });
  it('writes every action to the audit log: who, when, what, before and after', async () => {
    const a = await submitted();
    await staffCall('POST', `/staff/applications/${a.applyId}/reject`, { items: ['2003-address'] });
    const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.applicationId, a.applyId));
    expect(entry).toMatchObject({ action: 'reject', statusBefore: 2, statusAfter: 5, detail: { items: ['2003-address'] } });
    expect(entry.staffId).toBeTruthy();
    expect(entry.createdAt).toBeInstanceOf(Date);
  });
});

describe('the sandbox providers outside the sandbox', () => {
  it('on a staging site (production with KH_SANDBOX=1) the pages have no outcome control, and a forced outcome is ignored', async () => {
    const staging = await startServer({ sandboxControls: false });
    try {
      const a = await applicant(staging);
      const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
      const pageUrl = new URL(init.body.data.h5RedirectUrl);
      const ekycPage = await a.c.get(pageUrl.pathname, { t: pageUrl.searchParams.get('t')! });
      expect(ekycPage.body).not.toContain('Sandbox control');
      expect(ekycPage.body).not.toContain('name="outcome"');
      await completeProviderPage(a.c, init.body.data.h5RedirectUrl, 'faceMismatch');
      expect((await a.c.form('/ekyc/rest-api/ctos/fetch-ekyc-status', { relateType: 'INIT', relateId: a.applyId })).body.data.isEkycSuccess).toBe(true);

      const order = await a.c.post('/money/payment/ghl/applyPay', { memberId: 'm', businessType: 0, relateId: a.applyId, merchantReturnURL: '/payment/transit' });
      const gatewayPath = new URL(order.body.data.result.redirectUrl).pathname;
      expect((await a.c.get(gatewayPath)).body).not.toContain('name="outcome"');
      await a.c.request('POST', `${gatewayPath}/pay`, { form: { cardHolder: 'TAN AH KOW', cardNo: '4111 1111 1111 1111', outcome: 'decline' } });
      const query = await a.c.post('/money/payment/ghl/queryPay', { memberId: 'm', businessType: 0, relateId: a.applyId, merchantReturnURL: '/payment/transit', orderNumber: order.body.data.result.orderNumber });
      expect(query.body.data.result.payStatus).toBe(0);
    } finally {
      await staging.close();
    }
  });
  it('without KH_SANDBOX in production the sandbox pages are not there at all', async () => {
    const bare = await startServer({ sandbox: false, sandboxControls: false });
    try {
      for (const path of ['/sandbox/assets/sandbox.css', '/sandbox/ekyc/any', '/sandbox/ghl/any']) expect((await client(bare).get(path)).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
