// Who may call what: every /staff route the server declares (its real route table, /api copies and
// HEAD included), called with no session, a half-signed-in session, a disabled account and every
// role, against this file's own table of who may do what. A route missing from the table, or a
// table entry with no route, fails too: the table is written here, not read from the code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { applications, staff } from '../src/db/schema.ts';
import { createStaff, startStaffSession } from '../src/staff/staff-auth.ts';
import { STAFF_ROLES, type StaffRole } from '../src/staff/staff-access.ts';
import { answers, submitAll, uploadedPath } from './fixtures.ts';
import { login, startServer, type TestServer } from './harness.ts';

type Expected = 'signIn' | 'halfSession' | 'self' | StaffRole[];
const CASES: StaffRole[] = ['reviewer', 'supervisor'];
const EDITOR: StaffRole[] = ['editor'];

/** Who may call each route, as the README's table says. */
const EXPECTED: Record<string, Expected> = {
  'POST /staff/login': 'signIn',
  'GET /staff/session': 'signIn',
  'POST /staff/logout': 'signIn',
  'POST /staff/activation': 'signIn',
  'POST /staff/activation/complete': 'signIn',
  'POST /staff/login/totp': 'halfSession',
  'POST /staff/login/password': 'halfSession',
  'GET /staff/me': 'self',
  'POST /staff/password': 'self',
  'GET /staff/sessions': 'self',
  'POST /staff/sessions/:sessionId/end': 'self',
  'GET /staff/jobs/dead-letters': ['supervisor', 'admin'],
  'GET /staff/colleagues': ['supervisor', 'admin'],
  'GET /staff/accounts': ['admin'],
  'POST /staff/accounts': ['admin'],
  'POST /staff/accounts/:id': ['admin'],
  'GET /staff/changes': ['supervisor', 'admin'],
  'POST /staff/changes/:id/approve': ['supervisor', 'admin'],
  'POST /staff/changes/:id/decline': ['supervisor', 'admin'],
  'GET /staff/applications': CASES,
  'GET /staff/applications/:id': CASES,
  'POST /staff/applications/next': CASES,
  'GET /staff/applications/:id/stamp': CASES,
  'GET /staff/applications/:id/documents/:ref': CASES,
  'GET /staff/applications/:id/evidence-pack': ['supervisor'],
  'GET /staff/risk-rules': ['reviewer', 'supervisor', 'admin'],
  'POST /staff/applications/:id/claim': CASES,
  'POST /staff/applications/:id/notes': CASES,
  'POST /staff/applications/:id/approve': CASES,
  'POST /staff/applications/:id/reject': CASES,
  'POST /staff/applications/:id/request-information': CASES,
  'POST /staff/applications/:id/assign': ['supervisor'],
  'POST /staff/members/:memberId/my-client-code': CASES,
  'GET /staff/audit': ['admin'],
  'GET /staff/audit/export.csv': ['admin'],
  'GET /staff/audit/verify': ['admin'],
  'GET /staff/screening/lists': ['admin'],
  'POST /staff/screening/lists': ['admin'],
  'POST /staff/applications/:id/screening/:resultId/decide': ['supervisor'],
  'POST /staff/applications/:id/screening/override': ['supervisor'],
  'GET /staff/studio/steps': EDITOR,
  'GET /staff/studio/steps/:stepId': EDITOR,
  'GET /staff/studio/steps/:stepId/versions/:version': EDITOR,
  'POST /staff/studio/steps/:stepId/drafts': EDITOR,
  'PUT /staff/studio/steps/:stepId/versions/:version': EDITOR,
  'POST /staff/studio/steps/:stepId/versions/:version/submit': EDITOR,
  'POST /staff/studio/steps/:stepId/versions/:version/publish': EDITOR,
  'POST /staff/studio/steps/:stepId/versions/:version/discard': EDITOR,
  'POST /staff/studio/steps/:stepId/rollback': EDITOR,
  'POST /staff/studio/steps/:stepId/check': EDITOR,
  'POST /staff/studio/steps/:stepId/preview': EDITOR,
  'GET /staff/studio/preview-validators/:file': EDITOR,
  'GET /staff/studio/steps/:stepId/versions/:version/export': EDITOR,
  'GET /staff/studio/steps/:stepId/versions/:version/impact': EDITOR,
  'GET /staff/studio/funnel': EDITOR,
  'GET /staff/studio/steps/:stepId/versions/:version/comments': EDITOR,
  'POST /staff/studio/steps/:stepId/versions/:version/comments': EDITOR,
  'POST /staff/studio/steps/:stepId/versions/:version/comments/:commentId/resolve': EDITOR,
  'POST /staff/studio/steps/:stepId/versions/:version/request-changes': EDITOR,
  'POST /staff/studio/steps/:stepId/versions/:version/unschedule': EDITOR,
  'POST /staff/studio/steps/:stepId/versions/:version/texts/confirm': EDITOR,
  'POST /staff/studio/steps/:stepId/versions/:version/experiment': EDITOR,
  'GET /staff/studio/steps/:stepId/experiment': EDITOR,
  'POST /staff/studio/steps/:stepId/experiment/end': EDITOR,
  'POST /staff/studio/steps/:stepId/experiment/end/withdraw': EDITOR,
  'POST /staff/studio/steps/:stepId/experiment/end/confirm': EDITOR,
};

/** A route's own name in the table: the /api copy and HEAD are the route they copy. */
const tableKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url.replace(/^\/api(?=\/staff)/, '')}`;

let server: TestServer;
const ids: Record<string, string> = {};
const people = {} as Record<StaffRole | 'disabled', string>;
const PASSWORD = 'correct horse battery';

beforeAll(async () => {
  server = await startServer();
  const { db } = server.database;
  for (const role of STAFF_ROLES) people[role] = await createStaff(db, { email: `access-${role}@broker.example`, name: `Access ${role}`, password: PASSWORD, role });
  people.disabled = await createStaff(db, { email: 'access-disabled@broker.example', name: 'Access disabled', password: PASSWORD, role: 'supervisor' });
  // A submitted application whose ids fill the paths.
  const mobile = '138800001';
  const c = await login(server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  await submitAll(c, applyId, answers(1, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile));
  ids.application = applyId;
  ids.member = (await db.select({ memberId: applications.memberId }).from(applications).where(eq(applications.id, applyId)))[0].memberId;
});
afterAll(() => server.close());

function pathFor(url: string): string {
  return url
    .replace(':memberId', ids.member)
    .replace(/\/accounts\/:id/, `/accounts/${people.reviewer}`)
    .replace(/\/changes\/:id/, '/changes/no-such-change')
    .replace(':id', ids.application)
    .replace(':ref', 'application-pdf')
    .replace(':stepId', 'contact')
    .replace(':version', '0')
    .replace(':sessionId', 'no-such-session')
    .replace(':file', `${'0'.repeat(32)}.js`);
}

type Identity = 'none' | 'half' | 'disabled' | StaffRole;
const IDENTITIES: Identity[] = ['none', 'half', 'disabled', ...STAFF_ROLES];

/** A fresh session for each call: a call that ends a session (logout everywhere) spoils no other. */
async function tokenFor(identity: Identity): Promise<string | undefined> {
  const { db } = server.database;
  if (identity === 'none') return undefined;
  if (identity === 'half') return startStaffSession(db, people.reviewer, 'password', 12);
  if (identity === 'disabled') {
    const token = await startStaffSession(db, people.disabled, 'full', 12);
    await db.update(staff).set({ disabledAt: new Date() }).where(eq(staff.id, people.disabled));
    return token;
  }
  return startStaffSession(db, people[identity], 'full', 12);
}

async function call(method: string, url: string, identity: Identity) {
  const token = await tokenFor(identity);
  const res = await fetch(`${server.baseUrl}${pathFor(url)}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(method === 'POST' || method === 'PUT' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' || method === 'PUT' ? '{}' : undefined,
  });
  const text = await res.text();
  const body = text && res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as { code?: string }) : {};
  return { status: res.status, code: body.code };
}

/** What an identity must get: refused for want of a session, refused for want of a role, or let through. */
function verdict(expected: Expected, identity: Identity): 'session' | 'role' | 'through' {
  if (expected === 'halfSession') return identity === 'half' ? 'through' : 'session';
  if (identity === 'none' || identity === 'half' || identity === 'disabled') return 'session';
  if (expected === 'self') return 'through';
  return (expected as StaffRole[]).includes(identity) ? 'through' : 'role';
}

describe('who may call what', () => {
  it('the table names every staff route the server declares, and nothing else', () => {
    const declared = [...new Set(server.routes.filter((r) => /^(\/api)?\/staff(\/|$)/.test(r.url)).map((r) => tableKey(r.method, r.url)))].sort();
    expect(declared).toEqual(Object.keys(EXPECTED).sort());
  });

  // A sweep of every staff route as every identity, one request at a time: minutes on a busy machine, not vitest's 30 s.
  it('every route answers each identity as the table says: no session 401, a role without the permission 403, else through', { timeout: 180_000 }, async () => {
    const wrong: string[] = [];
    for (const route of server.routes.filter((r) => /^(\/api)?\/staff(\/|$)/.test(r.url))) {
      const expected = EXPECTED[tableKey(route.method, route.url)];
      if (expected === 'signIn') {
        const { status } = await call(route.method, route.url, 'none');
        if (status >= 500) wrong.push(`${route.method} ${route.url} without a session: ${status}`);
        continue;
      }
      for (const identity of IDENTITIES) {
        const { status, code } = await call(route.method, route.url, identity);
        // A HEAD answer has no body to name the refusal: its 403 is the GET's.
        const got = status === 401 ? 'session' : status === 403 && (code === 'staff.forbidden' || route.method === 'HEAD') ? 'role' : status >= 500 ? `server error ${status}` : 'through';
        const want = verdict(expected, identity);
        if (got !== want) wrong.push(`${route.method} ${route.url} as ${identity}: ${got} (${status} ${code ?? ''}), want ${want}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('deny by default', () => {
  it('a staff route that declares no staffAccess stops the server at start', async () => {
    const { default: Fastify } = await import('fastify');
    const { staffPlugin } = await import('../src/staff/staff-routes.ts');
    const app = Fastify();
    app.decorate('kh', { db: server.database.db, config: server.config } as never);
    const start = async () => {
      await app.register(async (scope) => {
        await staffPlugin(scope, {});
        scope.get('/planted', async () => ({ secret: true }));
      });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/GET \/planted declares no staffAccess/);
  });
});
