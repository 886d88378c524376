// The identity provider contract, against the sandbox provider page and against a fake ZOLOZ gateway
// speaking the Real ID H5 wire format (signed initialize and checkresult, the applicant sent to
// ZOLOZ's page and back through the return URL): a verified MyKad fills the personal step and keeps
// its images; a failed face match says why; an answer ZOLOZ did not sign is not believed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ekycChecks } from '../src/db/schema.ts';
import { ZOLOZ_DOC_TYPES } from '../src/identity/zoloz.ts';
import { STEP_CODES, completeProviderPage, initBody, pngBytes } from './fixtures.ts';
import { fakeZoloz } from './fake-zoloz.ts';
import { eventually, login, type Client, type TestServer, startServer } from './harness.ts';

let sandbox: TestServer;
let real: TestServer;
let zoloz: Awaited<ReturnType<typeof fakeZoloz>>;
let jpeg: string;
beforeAll(async () => {
  zoloz = await fakeZoloz();
  [sandbox, real] = await Promise.all([startServer(), startServer({ zoloz: zoloz.settings, jobs: { retryLimit: 3, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } })]);
  // ZOLOZ returns JPEGs; a PNG is a picture all the same for the adapter.
  jpeg = (await pngBytes(90, 60)).toString('base64');
});
afterAll(async () => {
  await sandbox.close();
  await real.close();
  await zoloz.close();
});

let phone = 0;
async function applicantOn(server: TestServer) {
  const c = await login(server, `12777${String(1000 + phone++)}`);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  return { c, applyId: applyId as string };
}
const status = (c: Client, applyId: string) => c.form('/ekyc/rest-api/ctos/fetch-ekyc-status', { relateType: 'INIT', relateId: applyId });

/** Each provider behind the same contract: the applicant goes through its page with an outcome and comes back. */
const providers: [string, () => TestServer, (c: Client, h5RedirectUrl: string, outcome: 'success' | 'faceMismatch') => Promise<string>][] = [
  ['the sandbox provider page', () => sandbox, async (c, h5RedirectUrl, outcome) => {
    const res = await completeProviderPage(c, h5RedirectUrl, outcome);
    expect(res.status).toBe(303);
    return res.headers.get('location')!;
  }],
  ['a fake ZOLOZ gateway (wire format)', () => real, async (c, h5RedirectUrl, outcome) => {
    const back = zoloz.finish(h5RedirectUrl, outcome, { front: jpeg, back: jpeg, face: jpeg });
    // ZOLOZ's page sends the browser to the return URL: a GET on our origin, no session needed.
    const res = await fetch(back, { redirect: 'manual' });
    expect(res.status).toBe(303);
    return res.headers.get('location')!;
  }],
];

describe.each(providers)('the identity provider contract: %s', (_name, server, visit) => {
  it('a verified MyKad: success, the images kept as the applicant\'s files, the personal step filled from what was read', async () => {
    const a = await applicantOn(server());
    const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
    expect(init.status).toBe(200);
    expect((await status(a.c, a.applyId)).body.data.state).toBe('pending');
    const location = await visit(a.c, init.body.data.h5RedirectUrl, 'success');
    expect(location).toMatch(new RegExp(`/iam/transit\\?checkId=${init.body.data.checkId}$`));
    const result = (await status(a.c, a.applyId)).body.data;
    expect(result).toMatchObject({ state: 'success', isEkycSuccess: true, verifiedIdentity: { documentType: 106, documentNumber: '900101145678' } });
    expect(result.step1.ocrData).toMatchObject({ name: 'TAN AH KOW', idNo: '900101145678', birthDate: '1990-01-01', gender: 'F', nationality: 'MYS' });
    expect(result.step2.faceScore).toBeGreaterThan(80);
    // The front image is the applicant's and can be previewed by them.
    const preview = await a.c.get('/pdp/preview', { relativePath: result.step1.frontImgPath });
    expect(preview.status).toBe(200);
    const personal = await a.c.post('/kh/account/apply/fetch-data', { fillStep: STEP_CODES.personal, relatedType: 'INIT' });
    expect(personal.body.data).toMatchObject({ name: 'TAN AH KOW', idNo: '900101145678', gender: 2, birthDate: '1990-01-01', identityKind: 106 });
    expect(personal.body.data.addressList[0]).toMatchObject({ postalCode: '11600', state: '07', city: 'Jelutong' });
  });

  it('a face that does not match: failed, with the reason the failure page shows', async () => {
    const a = await applicantOn(server());
    const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
    await visit(a.c, init.body.data.h5RedirectUrl, 'faceMismatch');
    expect((await status(a.c, a.applyId)).body.data).toMatchObject({ state: 'failed', isEkycSuccess: false, failureReason: 'faceMismatch' });
  });
});

describe('the ZOLOZ wire format', () => {
  it('initialize is signed by the merchant key and asks for H5 Real ID for the document typed, returning to our origin with the page token', async () => {
    const a = await applicantOn(real);
    const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
    const { init: call } = zoloz.transactionOf(init.body.data.h5RedirectUrl);
    expect(call.signatureValid).toBe(true);
    expect(call.headers.signature).toMatch(/^algorithm=RSA256, signature=[A-Za-z0-9%]+$/);
    expect(call.headers['request-time']).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0000$/);
    expect(call.body).toMatchObject({ bizId: init.body.data.checkId, metaInfo: 'MOB_H5', flowType: 'H5_REALIDLITE_KYC', docType: ZOLOZ_DOC_TYPES[106] });
    // ZOLOZ never learns who the member is.
    expect(call.body.userId).toMatch(/^[0-9a-f]{32}$/);
    expect(call.body.h5ModeConfig.completeCallbackUrl).toMatch(new RegExp(`^${real.baseUrl}/ekyc/zoloz/real-id/return/${init.body.data.checkId}\\?t=`));
    expect(new URL(init.body.data.h5RedirectUrl).origin).toBe('https://sg-production-cdn.zoloz.com');
    // The passport is asked for as a passport.
    const b = await applicantOn(real);
    const passport = await b.c.form('/ekyc/rest-api/ctos/init', initBody(b.applyId, { idKind: 102, documentNumber: 'A12345678', documentName: 'John Smith' }));
    expect(zoloz.transactionOf(passport.body.data.h5RedirectUrl).init.body.docType).toBe(ZOLOZ_DOC_TYPES[102]);
  });

  it('an answer not signed by ZOLOZ is not believed: the check stays pending, the applicant is told in their language, and it settles once ZOLOZ answers', async () => {
    const a = await applicantOn(real);
    const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
    const back = zoloz.finish(init.body.data.h5RedirectUrl, 'success', { front: jpeg, back: jpeg, face: jpeg });
    zoloz.forgeAnswers(true);
    try {
      const res = await fetch(`${back}&language=zh-HK`, { redirect: 'manual' });
      expect(res.status).toBe(502);
      expect((await res.json()).msg).toBe('身份驗證服務暫時未能回應，請於數分鐘後再試。');
      expect((await status(a.c, a.applyId)).body.data.state).toBe('pending');
    } finally {
      zoloz.forgeAnswers(false);
    }
    // The status poll asks ZOLOZ again: the applicant's transit page gets the answer without a return.
    expect((await status(a.c, a.applyId)).body.data.state).toBe('success');
    const metrics = await (await fetch(`${real.baseUrl}/metrics`)).text();
    expect(metrics).toMatch(/kh_provider_failures_total\{provider="ekyc",reason="provider-signature"\} [1-9]/);
  });

  it('a return ZOLOZ did not answer for is asked about again in the background: the check settles with no one polling', async () => {
    const a = await applicantOn(real);
    const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
    const back = zoloz.finish(init.body.data.h5RedirectUrl, 'success', { front: jpeg, back: jpeg, face: jpeg });
    zoloz.forgeAnswers(true);
    expect((await fetch(back, { redirect: 'manual' })).status).toBe(502);
    zoloz.forgeAnswers(false);
    // The applicant closed the tab: only the job asks ZOLOZ now.
    const checkId = init.body.data.checkId as string;
    const settled = await eventually(async () => {
      const [check] = await real.database.db.select().from(ekycChecks).where(eq(ekycChecks.id, checkId));
      return check.state === 'pending' ? undefined : check;
    });
    expect(settled).toMatchObject({ state: 'success', faceScore: 96 });
  });

  it('still on ZOLOZ\'s page: pending until it ends; quitting the page ends the check, so another may start', async () => {
    const a = await applicantOn(real);
    const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
    expect((await status(a.c, a.applyId)).body.data.state).toBe('pending');
    const interrupt = zoloz.finish(init.body.data.h5RedirectUrl, 'pending', { front: '', back: '', face: '' }, 'interrupt');
    expect((await fetch(interrupt, { redirect: 'manual' })).status).toBe(303);
    expect((await status(a.c, a.applyId)).body.data).toMatchObject({ state: 'failed', failureReason: 'recognitionFailed' });
  });

  it('a forged document is failed as fake; a repeated return changes nothing and stores nothing twice', async () => {
    const a = await applicantOn(real);
    const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
    const back = zoloz.finish(init.body.data.h5RedirectUrl, 'forgedDocument', { front: jpeg, back: jpeg, face: jpeg });
    const [first, second] = await Promise.all([fetch(back, { redirect: 'manual' }), fetch(back, { redirect: 'manual' })]);
    expect([first.status, second.status]).toEqual([303, 303]);
    expect((await status(a.c, a.applyId)).body.data).toMatchObject({ state: 'failed', failureReason: 'fake' });
    const [check] = await real.database.db.select().from(ekycChecks).where(eq(ekycChecks.id, init.body.data.checkId));
    expect(check.frontImgPath).toBeTruthy();
    const rows = await real.database.db.execute(`select count(*)::int as n from files where relative_path = '${check.frontImgPath}'`);
    expect((rows as unknown as { rows: { n: number }[] }).rows[0].n).toBe(1);
  });

  it('a return URL with a wrong token, or for a sandbox check, is unknown', async () => {
    const a = await applicantOn(real);
    const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
    const back = new URL(zoloz.finish(init.body.data.h5RedirectUrl, 'success', { front: jpeg, back: jpeg, face: jpeg }));
    back.searchParams.set('t', 'not-the-token');
    expect((await fetch(back, { redirect: 'manual' })).status).toBe(404);
    const s = await applicantOn(sandbox);
    const sandboxInit = await s.c.form('/ekyc/rest-api/ctos/init', initBody(s.applyId));
    const token = new URL(sandboxInit.body.data.h5RedirectUrl).searchParams.get('t')!;
    expect((await fetch(`${sandbox.baseUrl}/ekyc/zoloz/real-id/return/${sandboxInit.body.data.checkId}?t=${token}`, { redirect: 'manual' })).status).toBe(404);
    // And the sandbox page (mounted beside ZOLOZ outside production) never shows or settles a real provider's check.
    const realToken = new URL(zoloz.transactionOf(init.body.data.h5RedirectUrl).init.body.h5ModeConfig.completeCallbackUrl).searchParams.get('t')!;
    expect((await a.c.get(`/sandbox/ekyc/${init.body.data.checkId}`, { t: realToken })).status).toBe(404);
  });

  it('ZOLOZ down at the start: a translated 502, and no face scan counted against the day\'s limit', async () => {
    const down = await startServer({ zoloz: { ...zoloz.settings, apiUrl: 'http://127.0.0.1:9' } });
    try {
      const a = await applicantOn(down);
      for (let i = 0; i < 6; i++) {
        const res = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId));
        expect(res.status).toBe(502);
        expect(res.body.msg).toMatch(/not answering/);
      }
    } finally {
      await down.close();
    }
  });
});

describe('the ZOLOZ settings', () => {
  it('are all four or none, and a key that is not a key stops the start', async () => {
    const { loadConfig } = await import('../src/config.ts');
    expect(() => loadConfig({ KH_ZOLOZ_URL: 'https://sg-production-api.zoloz.com' })).toThrow(/needs all four/);
    const keys = { KH_ZOLOZ_URL: 'https://sg-production-api.zoloz.com', KH_ZOLOZ_CLIENT_ID: '2188', KH_ZOLOZ_PRIVATE_KEY: 'bm90IGEga2V5', KH_ZOLOZ_PUBLIC_KEY: 'bm90IGEga2V5' };
    expect(() => loadConfig(keys)).toThrow(/KH_ZOLOZ_PRIVATE_KEY: not a readable RSA private key/);
    const pem = (key: import('node:crypto').KeyObject, type: 'pkcs8' | 'spki') => key.export({ format: 'pem', type }).toString();
    const config = loadConfig({ ...keys, KH_ZOLOZ_PRIVATE_KEY: pem(zoloz.settings.merchantPrivateKey, 'pkcs8'), KH_ZOLOZ_PUBLIC_KEY: pem(zoloz.settings.zolozPublicKey, 'spki') });
    expect(config.zoloz?.webSdkUrl).toBe('https://sg-production-cdn.zoloz.com/page/zoloz-realid-fe/index.html');
    // The bare base64 body the ZOLOZ portal shows works too.
    const bare = (key: string) => key.replace(/-----[^-]+-----|\s/g, '');
    expect(loadConfig({ ...keys, KH_ZOLOZ_PRIVATE_KEY: bare(pem(zoloz.settings.merchantPrivateKey, 'pkcs8')), KH_ZOLOZ_PUBLIC_KEY: bare(pem(zoloz.settings.zolozPublicKey, 'spki')) }).zoloz).toBeDefined();
  });
});
