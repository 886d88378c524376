// A plain step's save costs two database round trips: the session with the application and its
// steps, and one statement that writes the step and the progress. Counted on the queries themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loadConfig, openDatabase } from '../src/index.ts';
import { STEP_CODES, payloadOf } from './fixtures.ts';
import { POSTGRES_URL, freshPostgresDatabase } from './harness.ts';

const queries: string[] = [];
let counting = false;
let app: Awaited<ReturnType<typeof buildApp>>;
let database: Awaited<ReturnType<typeof openDatabase>>;
const origin = 'http://127.0.0.1:9';

beforeAll(async () => {
  const databaseUrl = POSTGRES_URL ? await freshPostgresDatabase(POSTGRES_URL) : undefined;
  database = await openDatabase({ dataDir: 'memory://', databaseUrl, logger: { logQuery: (query) => void (counting && queries.push(query)) } });
  app = await buildApp({ config: loadConfig({ KH_DEV: '1' }, { publicOrigin: origin, databaseUrl }), db: database.db });
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('a step save', () => {
  it('is two round trips for a step with no server rule of its own', async () => {
    const login = await app.inject({ method: 'POST', url: '/passport/login', headers: { origin }, payload: { mobile: '123987001', countryCode: '60', password: 'sandbox' } });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    expect((await app.inject({ method: 'POST', url: '/kh/account/apply/create', headers: { origin, cookie }, payload: { relatedType: 'INIT' } })).statusCode).toBe(200);
    const investment = payloadOf('investment', { investmentTerm: 2, riskTolerance: 2, objectives: ['1', '5'], experience: 2, hasOtherCds: false });
    const save = () =>
      app.inject({
        method: 'POST',
        url: '/kh/account/apply/fill-data',
        headers: { origin, cookie },
        payload: { fillStep: STEP_CODES.investment, relatedType: 'INIT', data: investment },
      });
    counting = true;
    const first = await save();
    const again = await save();
    counting = false;
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(queries, queries.join('\n')).toHaveLength(4);
    const stored = await app.inject({ method: 'POST', url: '/kh/account/apply/fetch-data', headers: { origin, cookie }, payload: { fillStep: STEP_CODES.investment, relatedType: 'INIT' } });
    // Written whole, and the progress with it.
    expect(stored.json().data).toEqual(investment);
    expect((await app.inject({ method: 'POST', url: '/kh/account/apply/check', headers: { origin, cookie } })).json().data.fillStep).toBe(STEP_CODES.investment);
  });
});
