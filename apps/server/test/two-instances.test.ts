// Two server instances on one PostgreSQL and one S3 server, as production runs behind a load
// balancer: an applicant moves from one to the other mid-application, the code limits are shared,
// and stopping an instance loses nothing it acknowledged.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@kh/testing';
import type { S3Settings } from '../src/storage/s3-storage.ts';
import { answers, completeProviderPage, fill, initBody, uploadedPath, type FormStep } from './fixtures.ts';
import { POSTGRES_URL, client, freshPostgresDatabase, latestCode, startServer, type TestServer } from './harness.ts';

describe.skipIf(!POSTGRES_URL)('two instances, one PostgreSQL, one S3 server', () => {
  let s3: S3rver;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const port = await freePort();
    s3 = new S3rver({ port, address: '127.0.0.1', silent: true, directory: mkdtempSync(join(tmpdir(), 'kh-s3-')), configureBuckets: [{ name: 'kh-shared', configs: [] }] });
    await s3.run();
    const s3Settings: S3Settings = { bucket: 'kh-shared', region: 'ap-southeast-1', endpoint: `http://127.0.0.1:${port}`, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    const databaseUrl = await freshPostgresDatabase(POSTGRES_URL!);
    // Started together: the migrations take turns.
    [a, b] = await Promise.all([startServer({ databaseUrl, s3: s3Settings }), startServer({ databaseUrl, s3: s3Settings })]);
  }, 120_000);
  afterAll(async () => {
    await a?.close().catch(() => undefined);
    await b?.close();
    await s3?.close();
  });

  it('the code limits hold across both: a second code for one phone, and the number look-ups per address', async () => {
    expect((await client(a).sendCode('128880001')).status).toBe(200);
    const again = await client(b).sendCode('128880001');
    expect(again.status).toBe(429);
    const lookups = await Promise.all(
      Array.from({ length: 14 }, (_, i) => client(i % 2 ? a : b).form('/passport/reg/isRegisterUser', { mobile: `12888${String(1000 + i)}`, countryCode: '60' })),
    );
    expect(lookups.filter((r) => r.status === 200)).toHaveLength(a.config.limits.lookupsPerMinute);
  });

  it('logs in and uploads on A; A stops; the applicant goes on on B, with everything A acknowledged, and submits', async () => {
    const mobile = '128880002';
    const instance = { baseUrl: a.baseUrl } as TestServer;
    const browser = client(instance);
    expect((await browser.sendCode(mobile)).status).toBe(200);
    expect((await browser.form('/passport/sms/auth-code/use', { mobile, countryCode: '60', code: await latestCode(a, mobile) })).status).toBe(200);
    const { applyId } = (await browser.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
    const files = { proof: await uploadedPath(browser), statement: await uploadedPath(browser), signature: await uploadedPath(browser) };
    const data = answers(8802, files, mobile);
    expect((await fill(browser, 'contact', data.contact)).status).toBe(200);

    // A goes away (a deploy, a crash): its connections are cut.
    await a.close();
    instance.baseUrl = b.baseUrl;

    expect((await browser.post('/kh/account/apply/fetch-data', { fillStep: 2000, relatedType: 'INIT' })).body.data).toMatchObject({ email: data.contact.email });
    expect((await browser.get('/pdp/preview', { relativePath: files.proof })).status).toBe(200);
    const init = await browser.form('/ekyc/rest-api/ctos/init', initBody(applyId, { documentNumber: String(data.identity.nricNumber) }));
    expect(init.status).toBe(200);
    await completeProviderPage(browser, init.body.data.h5RedirectUrl, 'success', { idNo: String(data.identity.nricNumber) });
    for (const step of ['market', 'identity', 'personal', 'work', 'financial', 'investment', 'tax', 'declaration', 'agreement', 'signature'] as FormStep[]) {
      const saved = await fill(browser, step, data[step]);
      expect(saved.status, `${step}: ${JSON.stringify(saved.body)}`).toBe(200);
    }
    const order = (await browser.post('/money/payment/ghl/applyPay', { relateId: applyId, merchantReturnURL: '/payment/transit' })).body.data.result;
    await browser.request('POST', `${new URL(order.redirectUrl).pathname}/pay`, { form: { cardHolder: 'TAN AH KOW', cardNo: '4111111111111111', outcome: 'approve' } });
    const submitted = await browser.post('/kh/account/apply/apply-submit', { applyId });
    expect(submitted.body.data.status).toBe(2);
  });
});
