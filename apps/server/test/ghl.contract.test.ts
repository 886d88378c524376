// The card gateway contract, against the sandbox gateway page and against a fake GHL gateway that
// speaks the hosted-payment wire format (signed request in, signed answers to the return and
// callback URLs out): an order is paid once, a decline makes room for a new order, and an answer
// that is not the gateway's changes nothing.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_TIMEOUT_SECONDS, requestHash, responseHash, type GhlSettings } from '../src/payment/ghl.ts';
import { eventually, login, startServer, type Client, type TestServer } from './harness.ts';

const GHL: GhlSettings = { url: 'https://pay.ghl.example/IPGSG/Payment.aspx', serviceId: 'KHB', password: 'merchant-password' };
const payBody = (applyId: string, extra: Record<string, unknown> = {}) => ({ relateId: applyId, merchantReturnURL: '/payment/transit', ...extra });

/** The fake gateway: reads the signed request from the URL the browser is sent to, and answers as GHL does. */
function fakeGhl(server: TestServer) {
  return {
    request(redirectUrl: string) {
      const url = new URL(redirectUrl);
      expect(url.origin + url.pathname).toBe(GHL.url);
      const fields = Object.fromEntries(url.searchParams);
      expect(fields.HashValue).toBe(requestHash(GHL.password, fields));
      return fields;
    },
    answer(request: Record<string, string>, txnStatus: '0' | '1' | '2', tamper: Record<string, string> = {}) {
      const fields: Record<string, string> = {
        TransactionType: 'SALE', PymtMethod: 'CC', ServiceID: request.ServiceID, PaymentID: request.PaymentID, OrderNumber: request.OrderNumber,
        Amount: request.Amount, CurrencyCode: request.CurrencyCode, TxnID: `T${request.PaymentID.slice(-8)}`, TxnStatus: txnStatus, AuthCode: txnStatus === '0' ? '123456' : '', Param6: '', Param7: '',
        TxnMessage: txnStatus === '0' ? 'Transaction Successful' : 'Declined',
      };
      return { ...fields, HashValue2: responseHash(GHL.password, fields), ...tamper };
    },
    /** The gateway's server calling ours. */
    callback: (fields: Record<string, string>) =>
      fetch(`${server.baseUrl}/money/ghl/callback`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() }).then(async (r) => ({ status: r.status, text: await r.text() })),
    /** The gateway page posting the applicant's browser back. */
    browserReturn: (c: Client, fields: Record<string, string>) => c.request('POST', '/money/ghl/return', { form: fields, headers: { origin: new URL(GHL.url).origin } }),
  };
}

/** Provider jobs not yet run to the end (created, retrying or active). */
async function unfinishedProviderJobs(server: TestServer): Promise<number> {
  const result = (await server.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'provider' and state in ('created', 'retry', 'active')`)) as unknown as { rows: { n: number }[] };
  return result.rows[0].n;
}

let sandbox: TestServer;
let ghl: TestServer;
beforeAll(async () => {
  [sandbox, ghl] = await Promise.all([startServer(), startServer({ ghl: GHL, jobs: { retryLimit: 2, retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } })]);
});
afterAll(async () => {
  await sandbox.close();
  await ghl.close();
});

let phone = 0;
async function applicantOn(server: TestServer) {
  const c = await login(server, `12666${String(1000 + phone++)}`);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  return { c, applyId: applyId as string };
}

/** Each gateway behind the same contract: pay with an outcome, as the applicant's browser would. */
const gateways: [string, () => TestServer, (c: Client, redirectUrl: string, outcome: 'approve' | 'decline') => Promise<void>][] = [
  ['the sandbox gateway page', () => sandbox, async (c, redirectUrl, outcome) => {
    const res = await c.request('POST', `${new URL(redirectUrl).pathname}/pay`, { form: { cardHolder: 'TAN AH KOW', cardNo: '4111111111111111', outcome } });
    expect(res.status).toBe(303);
  }],
  ['a fake GHL gateway (wire format)', () => ghl, async (c, redirectUrl, outcome) => {
    const gateway = fakeGhl(ghl);
    const answer = gateway.answer(gateway.request(redirectUrl), outcome === 'approve' ? '0' : '1');
    expect(await gateway.callback(answer)).toEqual({ status: 200, text: 'OK' });
    const back = await gateway.browserReturn(c, answer);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toMatch(/\/payment\/transit\?orderNumber=/);
  }],
];

describe.each(gateways)('the card gateway contract: %s', (_name, server, pay) => {
  it('a decline, then a new order paid; paying again never makes another order', async () => {
    const a = await applicantOn(server());
    const first = (await a.c.post('/money/payment/ghl/applyPay', payBody(a.applyId))).body.data.result;
    expect(first).toMatchObject({ payStatus: 2, amount: 11, currency: 'MYR' });
    await pay(a.c, first.redirectUrl, 'decline');
    expect((await a.c.post('/money/payment/ghl/queryPay', payBody(a.applyId, { orderNumber: first.orderNumber }))).body.data.result.payStatus).toBe(1);
    const second = (await a.c.post('/money/payment/ghl/applyPay', payBody(a.applyId))).body.data.result;
    expect(second.orderNumber).not.toBe(first.orderNumber);
    await pay(a.c, second.redirectUrl, 'approve');
    expect((await a.c.post('/money/payment/ghl/queryPay', payBody(a.applyId, { orderNumber: second.orderNumber }))).body.data.result.payStatus).toBe(0);
    const again = (await a.c.post('/money/payment/ghl/applyPay', payBody(a.applyId))).body.data.result;
    expect(again).toMatchObject({ orderNumber: second.orderNumber, payStatus: 0 });
    expect(again.redirectUrl).toBeUndefined();
  });
});

describe('the GHL wire format', () => {
  it('the request carries the protocol fields, amount in ringgit with two decimals, and its hash over them in the protocol order', async () => {
    const a = await applicantOn(ghl);
    const order = (await a.c.post('/money/payment/ghl/applyPay', payBody(a.applyId))).body.data.result;
    const fields = fakeGhl(ghl).request(order.redirectUrl);
    expect(fields).toMatchObject({ TransactionType: 'SALE', ServiceID: 'KHB', PaymentID: order.paymentId, OrderNumber: order.orderNumber, Amount: '11.00', CurrencyCode: 'MYR', PageTimeout: PAGE_TIMEOUT_SECONDS, MerchantReturnURL: `${ghl.baseUrl}/money/ghl/return`, MerchantCallBackURL: `${ghl.baseUrl}/money/ghl/callback` });
    const expected = createHash('sha256').update(`merchant-passwordKHB${order.paymentId}${ghl.baseUrl}/money/ghl/return${ghl.baseUrl}/money/ghl/callback11.00MYR${fields.CustIP}${PAGE_TIMEOUT_SECONDS}`).digest('hex');
    expect(fields.HashValue).toBe(expected);
  });
  it('an answer with a wrong hash, a changed amount or another service is refused and changes nothing; a repeated callback is answered OK without a second effect', async () => {
    const a = await applicantOn(ghl);
    const gateway = fakeGhl(ghl);
    const order = (await a.c.post('/money/payment/ghl/applyPay', payBody(a.applyId))).body.data.result;
    const request = gateway.request(order.redirectUrl);
    const paid = gateway.answer(request, '0');
    expect((await gateway.callback({ ...paid, HashValue2: 'f'.repeat(64) })).status).toBe(400);
    expect((await gateway.callback(gateway.answer({ ...request, Amount: '0.01' }, '0'))).status).toBe(400);
    expect((await gateway.callback(gateway.answer({ ...request, ServiceID: 'OTHER' }, '0'))).status).toBe(400);
    expect((await a.c.post('/money/payment/ghl/queryPay', payBody(a.applyId, { orderNumber: order.orderNumber }))).body.data.result.payStatus).toBe(2);
    expect(await gateway.callback(paid)).toEqual({ status: 200, text: 'OK' });
    expect(await gateway.callback(paid)).toEqual({ status: 200, text: 'OK' });
    // The callback alone settles the order (its answer is a job, acknowledged once stored).
    const payStatus = async () => (await a.c.post('/money/payment/ghl/queryPay', payBody(a.applyId, { orderNumber: order.orderNumber }))).body.data.result.payStatus as number;
    await eventually(async () => ((await payStatus()) === 0 ? true : undefined));
    // A late "failed" for a paid order does not unpay it, once its job has run too.
    expect((await gateway.callback(gateway.answer(request, '1'))).status).toBe(200);
    await eventually(async () => ((await unfinishedProviderJobs(ghl)) === 0 ? true : undefined));
    expect(await payStatus()).toBe(0);
    const metrics = await (await fetch(`${ghl.baseUrl}/metrics`)).text();
    expect(metrics).toContain('kh_provider_failures_total{provider="ghl",reason="answer-hash"} 1');
  });
  it('the return from another site than the gateway is refused (only the gateway page may post the applicant back)', async () => {
    const a = await applicantOn(ghl);
    const gateway = fakeGhl(ghl);
    const order = (await a.c.post('/money/payment/ghl/applyPay', payBody(a.applyId))).body.data.result;
    const answer = gateway.answer(gateway.request(order.redirectUrl), '0');
    expect((await a.c.request('POST', '/money/ghl/return', { form: answer, headers: { origin: 'https://evil.example' } })).status).toBe(403);
  });
});
