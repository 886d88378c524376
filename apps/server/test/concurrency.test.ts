// Money, codes and limits hold under concurrency: N requests at once, exactly one effect. The server
// suite runs this on PGlite and again on PostgreSQL (scripts/test-postgres.mjs), where the requests
// really do overlap.
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, ekycChecks, memberClaims, payments, smsCodes } from '../src/db/schema.ts';
import { client, latestCode, login, startServer, type Client, type TestServer } from './harness.ts';
import { fill } from './fixtures.ts';

let server: TestServer;
let phone = 5000;
beforeAll(async () => {
  server = await startServer({ ekyc: { maxPerDay: 3, minIntervalSeconds: 0, handoffTtlSeconds: 300 } });
});
afterAll(() => server.close());

const db = () => server.database.db;
const nextMobile = () => `12${String(8000000 + phone++)}`;
const statuses = (responses: { status: number }[]) => responses.map((r) => r.status).sort((a, b) => a - b);

async function applicant(): Promise<{ c: Client; applyId: string }> {
  const c = await login(server, nextMobile());
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  return { c, applyId };
}

describe('money: one application has at most one payable order', () => {
  it('ten simultaneous applyPay calls make one order, and every answer names it', async () => {
    const a = await applicant();
    const answers = await Promise.all(Array.from({ length: 10 }, () => a.c.post('/money/payment/ghl/applyPay', { relateId: a.applyId, merchantReturnURL: '/payment/transit' })));
    expect(statuses(answers)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((r) => r.body.data.result.orderNumber)).size).toBe(1);
    expect(await db().select().from(payments).where(eq(payments.applicationId, a.applyId))).toHaveLength(1);
  });
  it('a paid application refuses new orders: the paid one is the answer, also to ten at once', async () => {
    const a = await applicant();
    const first = (await a.c.post('/money/payment/ghl/applyPay', { relateId: a.applyId, merchantReturnURL: '/payment/transit' })).body.data.result;
    await a.c.request('POST', `/sandbox/ghl/${first.paymentId}/pay`, { form: { cardHolder: 'TAN AH KOW', cardNo: '4111111111111111', outcome: 'approve' } });
    const again = await Promise.all(Array.from({ length: 10 }, () => a.c.post('/money/payment/ghl/applyPay', { relateId: a.applyId, merchantReturnURL: '/payment/transit' })));
    for (const answer of again) expect(answer.body.data.result).toMatchObject({ orderNumber: first.orderNumber, payStatus: 0 });
    expect(await db().select().from(payments).where(eq(payments.applicationId, a.applyId))).toHaveLength(1);
  });
  it('after a declined payment, exactly one new order is made for ten retries at once', async () => {
    const a = await applicant();
    const first = (await a.c.post('/money/payment/ghl/applyPay', { relateId: a.applyId, merchantReturnURL: '/payment/transit' })).body.data.result;
    await a.c.request('POST', `/sandbox/ghl/${first.paymentId}/pay`, { form: { cardHolder: 'TAN AH KOW', cardNo: '4111111111111111', outcome: 'decline' } });
    const retries = await Promise.all(Array.from({ length: 10 }, () => a.c.post('/money/payment/ghl/applyPay', { relateId: a.applyId, merchantReturnURL: '/payment/transit' })));
    const orders = new Set(retries.map((r) => r.body.data.result.orderNumber));
    expect(orders.size).toBe(1);
    expect(orders.has(first.orderNumber)).toBe(false);
  });
});

describe('codes: the attempt limit and single use hold when guesses arrive together', () => {
  async function sendCode(mobile: string) {
    const c = client(server);
    const sent = await c.sendCode(mobile);
    expect(sent.status).toBe(200);
    return c;
  }
  it('40 wrong codes at once are checked at most 5 times; the right code is refused after them', async () => {
    const mobile = nextMobile();
    const c = await sendCode(mobile);
    const right = await latestCode(server, mobile);
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const guesses = await Promise.all(Array.from({ length: 40 }, () => c.form('/passport/sms/auth-code/use', { mobile, countryCode: '60', code: wrong })));
    expect(guesses.filter((g) => g.status === 400)).toHaveLength(5);
    expect(guesses.filter((g) => g.status === 429)).toHaveLength(35);
    const [row] = await db().select().from(smsCodes).where(and(eq(smsCodes.mobile, mobile), eq(smsCodes.countryCode, '60')));
    expect(row.attempts).toBe(5);
    expect((await c.form('/passport/sms/auth-code/use', { mobile, countryCode: '60', code: right })).status).toBe(429);
  });
  it('the right code sent twice at once logs in once', async () => {
    const mobile = nextMobile();
    await sendCode(mobile);
    const code = await latestCode(server, mobile);
    const both = await Promise.all([client(server), client(server)].map((c) => c.form('/passport/sms/auth-code/use', { mobile, countryCode: '60', code })));
    expect(statuses(both)).toEqual([200, 400]);
  });
  it('ten code requests at once for one phone send one code', async () => {
    const mobile = nextMobile();
    const requests = await Promise.all(
      Array.from({ length: 10 }, async () => client(server).sendCode(mobile)),
    );
    expect(requests.filter((r) => r.status === 200)).toHaveLength(1);
    expect(requests.filter((r) => r.status === 429)).toHaveLength(9);
    expect(await db().select().from(smsCodes).where(eq(smsCodes.mobile, mobile))).toHaveLength(1);
  });
});

describe('limits and records: N at once, exactly the allowed effect', () => {
  it('ten identity-check inits at once stay within the daily limit (3 here)', async () => {
    const a = await applicant();
    const body = { relateType: 'INIT', relateId: a.applyId, responseUrl: '/iam/transit', documentName: 'Tan Ah Kow', idKind: 106, documentNumber: '900101145678' };
    const inits = await Promise.all(Array.from({ length: 10 }, () => a.c.form('/ekyc/rest-api/ctos/init', body)));
    expect(inits.filter((r) => r.status === 200)).toHaveLength(3);
    expect(inits.filter((r) => r.status === 429)).toHaveLength(7);
    expect(await db().select().from(ekycChecks).where(eq(ekycChecks.applicationId, a.applyId))).toHaveLength(3);
  });
  it('two add-market creates at once make one supplement application', async () => {
    const a = await applicant();
    await db().update(applications).set({ status: 4, opened: 16, market: 16 }).where(eq(applications.id, a.applyId));
    const member = (await a.c.get('/passport/getUsers')).body.data.mid;
    const creates = await Promise.all([1, 2, 1, 2].map((market) => a.c.post('/kh/account/supplement/create', {}, { market: String(market) })));
    expect(statuses(creates)).toEqual([200, 200, 200, 200]);
    expect(new Set(creates.map((r) => r.body.data.applyId)).size).toBe(1);
    expect(await db().select().from(applications).where(and(eq(applications.memberId, member), eq(applications.relatedType, 'SUPPLEMENT')))).toHaveLength(1);
  });
  it('two submits at once make one transition', async () => {
    const a = await applicant();
    const both = await Promise.all([a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId }), a.c.post('/kh/account/apply/apply-submit', { applyId: a.applyId })]);
    // Incomplete: both are refused the same way, and nothing changed.
    expect(statuses(both)).toEqual([400, 400]);
    expect((await db().select().from(applications).where(eq(applications.id, a.applyId)))[0].status).toBe(1);
  });
});

describe('answers: a page drawn from one revision saves once', () => {
  it('ten saves of one step at once, all drawn from the same revision: one lands, nine are told the step changed', async () => {
    const c = await login(server, nextMobile());
    await c.post('/kh/account/apply/create', { relatedType: 'INIT' });
    const declaration = { hasRelative: false, isPep: false, principalDeclaration: true, acceptDeclaration: true };
    const responses = await Promise.all(Array.from({ length: 10 }, () => fill(c, 'declaration', declaration, { basedOnRevision: 0 })));
    expect(statuses(responses)).toEqual([200, ...Array(9).fill(409)]);
    expect(responses.filter((r) => r.status === 409).every((r) => r.body.code === '40010009')).toBe(true);
    const [winner] = responses.filter((r) => r.status === 200);
    expect(winner.body.data.revision).toBe(1);
  });
});

describe('uniqueness: one ID number, username and e-mail address per applicant, also when saves race', () => {
  it('ten applicants saving the same NRIC at once: one keeps it, nine are told it is taken', async () => {
    const { answers, fill } = await import('./fixtures.ts');
    const people = await Promise.all(Array.from({ length: 10 }, () => applicant()));
    const personal = answers(42424, { proof: '', statement: '', signature: '' }, '').personal;
    const saved = await Promise.all(people.map((p) => fill(p.c, 'personal', personal)));
    expect(statuses(saved)).toEqual([200, ...Array(9).fill(400)]);
    for (const refused of saved.filter((r) => r.status === 400)) expect(refused.body.data.fields).toEqual([expect.objectContaining({ field: 'nricNumber', key: 'validation.idNumberTaken' })]);
    const late = await applicant();
    const again = await fill(late.c, 'personal', personal);
    expect(again.status).toBe(400);
  });

  it('ten applicants claiming one username and e-mail address at once: one keeps each; the holder may change it and free it', async () => {
    const { answers, fill } = await import('./fixtures.ts');
    const people = await Promise.all(Array.from({ length: 10 }, async () => {
      const mobile = nextMobile();
      const c = await login(server, mobile);
      await c.post('/kh/account/apply/create', { relatedType: 'INIT' });
      return { c, mobile };
    }));
    const saved = await Promise.all(people.map((p) => fill(p.c, 'contact', { ...answers(1, { proof: '', statement: '', signature: '' }, p.mobile).contact, username: 'TheOnlyOne', email: 'only.one@gmail.com' })));
    expect(statuses(saved)).toEqual([200, ...Array(9).fill(400)]);
    const winner = people[saved.findIndex((r) => r.status === 200)];
    const loser = people[saved.findIndex((r) => r.status === 400)];
    expect((await fill(loser.c, 'contact', { ...answers(1, { proof: '', statement: '', signature: '' }, loser.mobile).contact, username: 'theonlyone', email: 'someone.else@gmail.com' })).status).toBe(400);
    // The holder takes another name: the first is free again.
    expect((await fill(winner.c, 'contact', { ...answers(1, { proof: '', statement: '', signature: '' }, winner.mobile).contact, username: 'AnotherOne', email: 'another@gmail.com' })).status).toBe(200);
    expect((await fill(loser.c, 'contact', { ...answers(1, { proof: '', statement: '', signature: '' }, loser.mobile).contact, username: 'theonlyone', email: 'only.one@gmail.com' })).status).toBe(200);
  });
  it('a claim that loses one value keeps none: the user name it would have taken stays free (no two half-winners)', async () => {
    const { claim } = await import('../src/applications/member-claims.ts');
    const [holder, late] = await Promise.all([applicant(), applicant()]);
    const memberOf = async (applyId: string) => (await db().select({ memberId: applications.memberId }).from(applications).where(eq(applications.id, applyId)))[0].memberId;
    const [holderId, lateId] = await Promise.all([memberOf(holder.applyId), memberOf(late.applyId)]);
    expect(await claim(db(), holderId, [{ kind: 'email', value: 'held@gmail.com' }])).toEqual([]);
    expect(await claim(db(), lateId, [{ kind: 'username', value: 'freename' }, { kind: 'email', value: 'held@gmail.com' }])).toEqual(['email']);
    expect(await db().select().from(memberClaims).where(eq(memberClaims.memberId, lateId))).toEqual([]);
    // Ten members racing for the same pair: one takes both, nine take nothing.
    const racers = await Promise.all(Array.from({ length: 10 }, async () => memberOf((await applicant()).applyId)));
    const lost = await Promise.all(racers.map((id) => claim(db(), id, [{ kind: 'username', value: 'pairname' }, { kind: 'email', value: 'pair@gmail.com' }])));
    expect(lost.filter((l) => l.length === 0)).toHaveLength(1);
    const owners = await db().select({ memberId: memberClaims.memberId }).from(memberClaims).where(inArray(memberClaims.value, ['pairname', 'pair@gmail.com']));
    expect(new Set(owners.map((o) => o.memberId)).size).toBe(1);
  });
});
