// What a step save costs the database, counted on the queries themselves. Alone, two round trips: the
// session with the application and its steps, and one statement that writes the step and the
// progress. Saves that arrive together share both (applications/step-saves.ts, sessionWithApplication),
// and each still lands in its own applicant's application.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loadConfig, openDatabase } from '../src/index.ts';
import { rowsOf } from '../src/db/database.ts';
import { saveStepAndProgress } from '../src/applications/step-saves.ts';
import { sessionWithApplication } from '../src/applications/applications.ts';
import { STEP_CODES, answers, completeProviderPage, fill, initBody, payloadOf, uploadedPath, type FormStep } from './fixtures.ts';
import { POSTGRES_URL, client, freshPostgresDatabase, startServer, type TestServer } from './harness.ts';

const queries: string[] = [];
let counting = false;
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof openDatabase>>;
const origin = 'http://127.0.0.1:9';

beforeAll(async () => {
  const databaseUrl = POSTGRES_URL ? await freshPostgresDatabase(POSTGRES_URL) : undefined;
  database = await openDatabase({ dataDir: 'memory://', databaseUrl, logger: { logQuery: (query) => void (counting && queries.push(query)) } });
  app = await buildApp({ config: loadConfig({ KH_DEV: '1' }, { publicOrigin: origin, databaseUrl }), db: database.db });
  // Saves that arrive together, staged: held once parsed until all of them are there, then let on in one
  // turn, so how many share a statement is the batching's doing, not the machine's scheduling.
  app.addHook('preHandler', async (request) => {
    if (!arriving || request.url !== '/kh/account/apply/fill-data') return;
    const staged = arriving;
    await new Promise<void>((release) => {
      staged.held.push(release);
      if (staged.held.length === staged.count) for (const each of staged.held) each();
    });
  });
});
let arriving: { count: number; held: (() => void)[] } | undefined;
/** The saves `send` makes, all arrived before any goes on. */
async function together<T>(count: number, send: () => Promise<T>): Promise<T> {
  arriving = { count, held: [] };
  try {
    return await send();
  } finally {
    arriving = undefined;
  }
}
afterAll(async () => {
  await app.close();
  await database.close();
});

/** A logged-in applicant with an application: their cookie. */
async function applicant(mobile: string): Promise<string> {
  const login = await app.inject({ method: 'POST', url: '/passport/login', headers: { origin }, payload: { mobile, countryCode: '60', password: 'sandbox' } });
  expect(login.statusCode).toBe(200);
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  expect((await app.inject({ method: 'POST', url: '/kh/account/apply/create', headers: { origin, cookie }, payload: { relatedType: 'INIT' } })).statusCode).toBe(200);
  return cookie;
}

const investment = (n: number) => payloadOf('investment', { investmentTerm: 1 + (n % 3), riskTolerance: 1 + (n % 3), objectives: [String(1 + (n % 5))], experience: 1 + (n % 3), hasOtherCds: false });
const save = (cookie: string, fillStep: number, data: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: '/kh/account/apply/fill-data', headers: { origin, cookie }, payload: { fillStep, relatedType: 'INIT', data } });
/** The saved answer, without the revision fetch-data names beside it. */
const stored = async (cookie: string, fillStep: number) => {
  const { _revision: _, ...answer } = (await app.inject({ method: 'POST', url: '/kh/account/apply/fetch-data', headers: { origin, cookie }, payload: { fillStep, relatedType: 'INIT' } })).json().data;
  return answer;
};

/** The database's count of updates to applications (and of those HOT), once its statistics stop moving and reach `atLeast`. */
async function settledUpdates(atLeast = 0): Promise<{ updated: number; hot: number }> {
  const read = async () => {
    const [row] = rowsOf<{ updated: string; hot: string }>(await database.db.execute(sql`select n_tup_upd as updated, n_tup_hot_upd as hot from pg_stat_user_tables where relname = 'applications'`));
    return { updated: Number(row!.updated), hot: Number(row!.hot) };
  };
  // A backend reports its counts when idle, at most once a second: settled is unchanged for two seconds.
  let last = await read();
  for (let tries = 0, still = 0; tries < 60; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await read();
    still = now.updated === last.updated && now.hot === last.hot ? still + 1 : 0;
    if (now.updated >= atLeast && still >= 4) return now;
    last = now;
  }
  return last;
}

describe('a step save', () => {
  it('is two round trips for a step with no server rule of its own', async () => {
    const cookie = await applicant('123987001');
    counting = true;
    const first = await save(cookie, STEP_CODES.investment, investment(0));
    const again = await save(cookie, STEP_CODES.investment, investment(0));
    counting = false;
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(queries, queries.join('\n')).toHaveLength(4);
    // Written whole, and the progress with it.
    expect(await stored(cookie, STEP_CODES.investment)).toEqual(investment(0));
    expect((await app.inject({ method: 'POST', url: '/kh/account/apply/check', headers: { origin, cookie } })).json().data.fillStep).toBe(STEP_CODES.investment);
  });

  it('shares its two round trips with the saves that arrive with it, each landing in its own application', async () => {
    const cookies = await Promise.all(Array.from({ length: 20 }, (_, n) => applicant(`12398${String(7100 + n)}`)));
    queries.length = 0;
    counting = true;
    const answers = await together(20, () => Promise.all(cookies.map((cookie, n) => save(cookie, STEP_CODES.investment, investment(n)))));
    counting = false;
    expect(answers.map((a) => a.statusCode)).toEqual(cookies.map(() => 200));
    // Alone, 20 saves would be 40 round trips; together, two batches (at most 16 a batch) of two.
    expect(queries.length, queries.join('\n')).toBe(4);
    for (const [n, cookie] of cookies.entries()) expect(await stored(cookie, STEP_CODES.investment)).toEqual(investment(n));
  });

  it('shares the claims a contact step adds with the saves that arrive with it, each claiming its own values', async () => {
    const people = await Promise.all(
      Array.from({ length: 20 }, async (_, n) => {
        const mobile = `12398${String(7600 + n)}`;
        return { cookie: await applicant(mobile), contact: payloadOf('contact', answers(100 + n, { proof: '', statement: '', signature: '' }, mobile).contact) };
      }),
    );
    queries.length = 0;
    counting = true;
    const saved = await together(20, () => Promise.all(people.map(({ cookie, contact }) => save(cookie, STEP_CODES.contact, contact))));
    counting = false;
    expect(saved.map((res) => res.statusCode), saved.map((res) => res.body).join('\n')).toEqual(people.map(() => 200));
    // Alone, 20 saves would be 80 (four statements each: the session read, the login phone another
    // member uses, the claims, the write); together, each of the four in two batches (at most 16 a batch).
    expect(queries.length, queries.join('\n')).toBe(8);
    for (const { cookie, contact } of people) expect((await stored(cookie, STEP_CODES.contact)).username).toBe(contact.username);
  });

  it('reads of the answers saved before only the step saved and those its rules are made of (the context\'s and the identity-locked step)', async () => {
    const mobile = '123987901';
    const cookie = await applicant(mobile);
    const contact = payloadOf('contact', answers(190, { proof: '', statement: '', signature: '' }, mobile).contact);
    expect((await save(cookie, STEP_CODES.contact, contact)).statusCode).toBe(200);
    expect((await save(cookie, STEP_CODES.investment, investment(1))).statusCode).toBe(200);
    const sessionId = createHash('sha256').update(/kh_sid=([^;]+)/.exec(cookie)![1]!).digest('hex');
    const savingInvestment = await sessionWithApplication(database.db, sessionId, 'INIT', undefined, 60, 'investment');
    expect(Object.keys(savingInvestment!.payloads).sort()).toEqual(['contact', 'investment']);
    expect(Object.keys(savingInvestment!.revisions).sort()).toEqual(['contact', 'investment']);
    const savingWork = await sessionWithApplication(database.db, sessionId, 'INIT', undefined, 60, 'work');
    expect(savingWork!.payloads).toEqual({ contact });
  });

  it('sends each of its statements by name, so the database parses and plans each once per connection', async () => {
    const mobile = '123987801';
    const cookie = await applicant(mobile);
    const contact = payloadOf('contact', answers(180, { proof: '', statement: '', signature: '' }, mobile).contact);
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const query = pool.query;
    const names: (string | undefined)[] = [];
    pool.query = function (this: pg.Pool, config: unknown, ...rest: unknown[]) {
      if (counting) names.push((config as { name?: string }).name);
      return (query as (...args: unknown[]) => unknown).call(this, config, ...rest);
    } as typeof pool.query;
    try {
      counting = true;
      const saved = await save(cookie, STEP_CODES.contact, contact);
      counting = false;
      expect(saved.statusCode, saved.body).toBe(200);
    } finally {
      counting = false;
      pool.query = query;
    }
    expect(names).toEqual(['kh_session_applications', 'kh_phones_held', 'kh_claims', 'kh_step_save']);
  });

  it("saved again leaves every index of its application as it was (a HOT update): a save dates its step, not the application", async () => {
    // Fifteen indexes on applications, four of them trigram (GIN): an update that is not HOT inserts
    // into each, and a GIN pending list's cleanup then fell on whichever save overflowed it (33-57 ms).
    const cookie = await applicant('123987501');
    expect((await save(cookie, STEP_CODES.investment, investment(3))).statusCode).toBe(200);
    const before = await settledUpdates();
    for (let n = 0; n < 10; n++) expect((await save(cookie, STEP_CODES.investment, investment(3))).statusCode).toBe(200);
    const after = await settledUpdates(before.updated + 10);
    expect(after.updated - before.updated).toBe(10);
    expect(after.hot - before.hot).toBe(10);
  });

  it('refuses a stranger among them and saves the others', async () => {
    const cookies = await Promise.all(Array.from({ length: 3 }, (_, n) => applicant(`12398${String(7200 + n)}`)));
    const answers = await Promise.all([...cookies, 'kh_sid=not-a-session'].map((cookie, n) => save(cookie, STEP_CODES.investment, investment(n + 1))));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 401]);
    for (const [n, cookie] of cookies.entries()) expect(await stored(cookie, STEP_CODES.investment)).toEqual(investment(n + 1));
  });

  it('from two tabs at once, lands both, in the order they came', async () => {
    const cookie = await applicant('123987301');
    const tax = payloadOf('tax', { birthCountry: 'MYS', birthCity: 'Kuala Lumpur', taxResidentOutside: false, feaStatement: 1 });
    const answers = await Promise.all([save(cookie, STEP_CODES.investment, investment(1)), save(cookie, STEP_CODES.investment, investment(2)), save(cookie, STEP_CODES.tax, tax)]);
    expect(answers.map((a) => a.statusCode), answers.map((a) => a.body).join('\n')).toEqual([200, 200, 200]);
    expect(await stored(cookie, STEP_CODES.investment)).toEqual(investment(2));
    expect(await stored(cookie, STEP_CODES.tax)).toEqual(tax);
  });

  it('that the database refuses fails alone: the others written with it land', async () => {
    const cookie = await applicant('123987401');
    const { applyId } = (await app.inject({ method: 'POST', url: '/kh/account/apply/check', headers: { origin, cookie } })).json().data as { applyId: string };
    const outcomes = await Promise.allSettled([
      saveStepAndProgress(database.db, { applicationId: applyId, stepId: 'investment', payload: investment(2), schemaVersion: 0, progress: { fillStep: STEP_CODES.investment } }),
      // No such application: the step's foreign key refuses it.
      saveStepAndProgress(database.db, { applicationId: 'no-such-application', stepId: 'investment', payload: investment(1), schemaVersion: 0, progress: { fillStep: STEP_CODES.investment } }),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected']);
    expect(await stored(cookie, STEP_CODES.investment)).toEqual(investment(2));
  });
});

describe('every form step\'s save, by a verified applicant saving it again as the app does', () => {
  // What each step reads or takes beyond the session read and the write, and why.
  const ROUND_TRIPS: Record<Exclude<FormStep, 'payment'>, number> = {
    contact: 4, // the login phone another member uses; the user name and e-mail address claimed (one statement)
    market: 2,
    identity: 2, // what it verified comes with the session read; the personal step already holds it: not written again
    personal: 3, // the ID number claimed (one statement)
    work: 3, // the proof of income is this applicant's file
    financial: 3, // the bank statement is this applicant's file
    investment: 2,
    tax: 2,
    declaration: 2,
    agreement: 2,
    signature: 3, // the signature is this applicant's file
    documentUpload: 3, // both sides of the ID are this applicant's files: one read
  };
  let server: TestServer;
  const statements: string[] = [];
  let recording = false;
  beforeAll(async () => {
    server = await startServer({}, { queryLog: (query) => void (recording && statements.push(query)) });
  });
  afterAll(() => server.close());

  it('makes no more round trips than its table says', async () => {
    const c = client(server);
    const mobile = '123987501';
    expect((await c.form('/passport/login', { mobile, countryCode: '60', password: 'sandbox' })).status).toBe(200);
    const applyId = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data.applyId as string;
    const data = answers(7, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile);
    const init = await c.form('/ekyc/rest-api/ctos/init', initBody(applyId, { documentNumber: String(data.identity.nricNumber), documentName: String(data.identity.documentName) }));
    await completeProviderPage(c, init.body.data.h5RedirectUrl, 'success', { idNo: String(data.identity.nricNumber), name: String(data.identity.documentName) });
    const steps = Object.keys(ROUND_TRIPS) as (keyof typeof ROUND_TRIPS)[];
    for (const step of steps) expect((await fill(c, step, data[step])).status, step).toBe(200);
    const made: Record<string, number> = {};
    for (const step of steps) {
      statements.length = 0;
      recording = true;
      const saved = await fill(c, step, data[step]);
      recording = false;
      expect(saved.status, `${step}: ${JSON.stringify(saved.body)}`).toBe(200);
      made[step] = statements.length;
    }
    expect(made).toEqual(ROUND_TRIPS);
  });
});
