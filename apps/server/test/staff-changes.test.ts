// No one person opens an account alone: every change that gives access to staff (a new account, a
// role, a reset of the password or second factor, enabling an account) takes an admin to propose
// and another to confirm; a member's MY client code, a case worker and a supervisor; and a maker and
// a checker linked by such a change in the last 30 days are not two people. The attacks the issue
// found are staged here as an admin with their own account would try them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import { totpCode } from '@kh/testing';
import { applications, auditLog, staff, staffActivations, staffChanges } from '../src/db/schema.ts';
import { loadConfig } from '../src/config.ts';
import { answers, submitAll, uploadedPath, type FormStep } from './fixtures.ts';
import { POSTGRES_URL, latestMailTo, login, signInStaff, staffCall, startServer, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  const { limits } = loadConfig({ KH_DEV: '1' });
  server = await startServer({ limits: { ...limits, staffLoginsPerIp: 1000 } });
  Object.assign(
    tokens,
    await signInStaff(server, [
      ['ann', 'Ann Admin', 'admin'],
      ['bob', 'Bob Admin', 'admin'],
      ['cat', 'Cat Admin', 'admin'],
      ['rex', 'Rex Reviewer', 'reviewer'],
      ['sue', 'Sue Supervisor', 'supervisor'],
      ['tom', 'Tom Supervisor', 'supervisor'],
      ['eve', 'Eve Editor', 'editor'],
    ]),
  );
});
afterAll(() => server.close());

const as = (who: string) => staffCall(() => server.baseUrl, () => tokens[who]);
const [ann, bob, cat, rex, sue, tom, eve] = ['ann', 'bob', 'cat', 'rex', 'sue', 'tom', 'eve'].map(as);
const idOf = async (email: string) => (await server.database.db.select({ id: staff.id }).from(staff).where(eq(staff.email, email)))[0]?.id;

const post = async (path: string, body: unknown, token?: string) => {
  const res = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { msg: string; data: Record<string, string> } };
};

/** The token of the link in the latest e-mail to this address: only its owner's mailbox has it. */
async function linkIn(email: string): Promise<string> {
  const mail = await latestMailTo(server, email);
  const token = mail && /\/console\/activate#([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
  if (!token) throw new Error(`no activation link was sent to ${email}`);
  return token;
}

/** The owner opens the link from their own mailbox: their password (new, or the current one for an authenticator), then the authenticator. */
async function activate(email: string, password: string, code = (secret: string) => totpCode(secret)): Promise<{ token: string; secret: string; password: string }> {
  const answer = await post('/staff/activation/complete', { token: await linkIn(email), password });
  if (answer.status !== 200) throw new Error(`activation refused: ${answer.body.msg}`);
  const secret = answer.body.data.secret ?? secrets.get(email)!;
  const full = await post('/staff/login/totp', { code: code(secret) }, answer.body.data.token);
  if (full.status !== 200) throw new Error(`code refused: ${full.body.msg}`);
  secrets.set(email, secret);
  return { token: full.body.data.token, secret, password };
}
const secrets = new Map<string, string>();

/** An account an admin proposes and a second admin confirms, activated by its owner: its bearer token. */
async function colleague(proposer: ReturnType<typeof as>, confirmer: ReturnType<typeof as>, email: string, role: string): Promise<string> {
  const { changeId } = (await proposer('POST', '/staff/accounts', { email, name: email.split('@')[0], role })).body.data;
  expect((await confirmer('POST', `/staff/changes/${changeId}/approve`)).status).toBe(200);
  return (await activate(email, `${email} own password`)).token;
}

let n = 0;
async function marginCase() {
  const k = 9300 + n++;
  const mobile = `13${String(4000000 + k)}`;
  const c = await login(server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  const data = answers(k, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile) as Record<FormStep, Record<string, unknown>>;
  data.market.marginAcc = true;
  await submitAll(c, applyId, data);
  return applyId as string;
}

describe('a new staff account takes two admins', () => {
  it('one proposes, nothing exists yet; the proposer cannot confirm; a second admin confirms; the audit has both', async () => {
    const proposed = await ann('POST', '/staff/accounts', { email: 'new.supervisor@broker.example', name: 'New Supervisor', role: 'supervisor' });
    expect(proposed.status).toBe(200);
    const { changeId } = proposed.body.data;
    expect(await idOf('new.supervisor@broker.example')).toBeUndefined();
    // A second proposal of the same account waits behind the first.
    expect((await bob('POST', '/staff/accounts', { email: 'new.supervisor@broker.example', name: 'Again', role: 'admin' })).status).toBe(409);

    const own = await ann('POST', `/staff/changes/${changeId}/approve`);
    expect(own.status).toBe(409);
    expect(own.body.msg).toBe('A change you proposed must be confirmed by someone else.');
    // A supervisor sees staff changes only where they may confirm them: not this one.
    expect((await sue('POST', `/staff/changes/${changeId}/approve`)).status).toBe(403);
    const pending = (await bob('GET', '/staff/changes?state=pending')).body.data as { id: string; mayConfirm: boolean; change: Record<string, unknown> }[];
    expect(pending.find((c) => c.id === changeId)).toMatchObject({ mayConfirm: true, change: { email: 'new.supervisor@broker.example', role: 'supervisor' } });

    const confirmed = await bob('POST', `/staff/changes/${changeId}/approve`);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.mailed).toBe(true);
    expect((await bob('POST', `/staff/changes/${changeId}/approve`)).status).toBe(409);
    const id = await idOf('new.supervisor@broker.example');
    expect(id).toBeDefined();
    // The owner activates from their own mailbox.
    const owner = await activate('new.supervisor@broker.example', 'only the new supervisor knows');
    tokens.newSupervisor = owner.token;
    expect((await as('newSupervisor')('GET', '/staff/me')).body.data).toMatchObject({ role: 'supervisor', permissions: expect.arrayContaining(['cases.check']) });

    const entries = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'changeApproved')).orderBy(asc(auditLog.id));
    const entry = entries.find((e) => (e.detail as { changeId?: string }).changeId === changeId)!;
    expect(entry.staffId).toBe(await idOf('bob@broker.example'));
    expect(entry.detail).toMatchObject({ kind: 'createStaff', email: 'new.supervisor@broker.example', role: 'supervisor', proposedBy: await idOf('ann@broker.example') });
  });

  it('no admin knows a way in: the proposer chooses no password, sees no link, and cannot sign in first', async () => {
    // The attack of round 3: the proposer chooses the first password, signs in before the owner, and becomes them.
    const chosen = await ann('POST', '/staff/accounts', { email: 'mal.target@broker.example', name: 'Mal Target', role: 'supervisor', password: 'ann chose this one' });
    expect(chosen.status).toBe(400);
    expect(chosen.body.msg).toMatch(/does not choose a colleague's password/);
    const { changeId } = (await ann('POST', '/staff/accounts', { email: 'mal.target@broker.example', name: 'Mal Target', role: 'supervisor' })).body.data;
    const confirmed = await bob('POST', `/staff/changes/${changeId}/approve`);
    const link = await linkIn('mal.target@broker.example');
    // The link is in the owner's mailbox alone: not in any answer either admin got, nor the audit.
    const seenByAdmins = JSON.stringify([confirmed.body, (await ann('GET', '/staff/changes')).body, (await bob('GET', '/staff/changes')).body, (await ann('GET', '/staff/accounts')).body, await server.database.db.select().from(auditLog)]);
    expect(seenByAdmins).not.toContain(link);
    // No password opens the account before its owner chose one: not the one Ann tried, not an empty one.
    for (const password of ['ann chose this one', '', 'none'])
      expect((await post('/staff/login', { email: 'mal.target@broker.example', password })).status).toBe(401);
    // A forged or guessed link opens nothing.
    expect((await post('/staff/activation/complete', { token: `${link.slice(0, -2)}xx`, password: 'ann takes it over now' })).status).toBe(410);
    // The owner activates; their link then works no more, for them or anyone.
    await activate('mal.target@broker.example', 'mal target own password');
    expect((await post('/staff/activation/complete', { token: link, password: 'ann takes it over now' })).status).toBe(410);
  });

  it('a link lapses after three days, and a newer link ends the older one', async () => {
    const { changeId } = (await ann('POST', '/staff/accounts', { email: 'slow.starter@broker.example', name: 'Slow Starter', role: 'reviewer' })).body.data;
    await bob('POST', `/staff/changes/${changeId}/approve`);
    const first = await linkIn('slow.starter@broker.example');
    await server.database.db.update(staffActivations).set({ expiresAt: new Date(Date.now() - 1000) });
    const late = await post('/staff/activation', { token: first });
    expect(late.status).toBe(410);
    expect(late.body.msg).toMatch(/expired \(links work for 3 days\)/);
    // The way on is a reset: a new link.
    const reset = (await ann('POST', `/staff/accounts/${await idOf('slow.starter@broker.example')}`, { resetPassword: true })).body.data.changeIds[0];
    await cat('POST', `/staff/changes/${reset}/approve`);
    const second = await linkIn('slow.starter@broker.example');
    expect(second).not.toBe(first);
    expect((await post('/staff/activation', { token: second })).body.data).toMatchObject({ purpose: 'password', email: 'slow.starter@broker.example' });
    await activate('slow.starter@broker.example', 'slow starter own password');
  });

  it('with KH_STAFF_EMAIL_DOMAINS, an account\'s address is the broker\'s', async () => {
    const strict = await startServer({ staffEmailDomains: ['broker.example'] });
    try {
      const [admin] = Object.values(await signInStaff(strict, [['dee', 'Dee Admin', 'admin']]));
      const dee = staffCall(() => strict.baseUrl, () => admin);
      const outside = await dee('POST', '/staff/accounts', { email: 'supervisor@gmail.example', name: 'Outside', role: 'supervisor' });
      expect(outside.status).toBe(400);
      expect(outside.body.msg).toMatch(/broker\.example/);
      expect((await dee('POST', '/staff/accounts', { email: 'inside@broker.example', name: 'Inside', role: 'supervisor' })).status).toBe(200);
    } finally {
      await strict.close();
    }
  });

  it('two admins confirming one proposal at the same moment make one account', async () => {
    const { changeId } = (await ann('POST', '/staff/accounts', { email: 'race@broker.example', name: 'Race', role: 'reviewer' })).body.data;
    const answers = await Promise.all([bob('POST', `/staff/changes/${changeId}/approve`), cat('POST', `/staff/changes/${changeId}/approve`), bob('POST', `/staff/changes/${changeId}/approve`), cat('POST', `/staff/changes/${changeId}/approve`)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await server.database.db.select().from(staff).where(eq(staff.email, 'race@broker.example'))).toHaveLength(1);
  });

  it('a proposal nobody confirmed within 7 days lapses', async () => {
    const { changeId } = (await ann('POST', '/staff/accounts', { email: 'lapsed@broker.example', name: 'Lapsed', role: 'reviewer' })).body.data;
    await server.database.db.update(staffChanges).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffChanges.id, changeId));
    const late = await bob('POST', `/staff/changes/${changeId}/approve`);
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe('This proposal has lapsed: nobody confirmed it within 7 days.');
    expect(await idOf('lapsed@broker.example')).toBeUndefined();
  });
});

describe('changing a colleague takes two admins; disabling one takes one', () => {
  it('a role change waits for the second admin, who sees the old and new role; disabling ends the sessions at once; enabling again waits', async () => {
    const rexId = await idOf('rex@broker.example');
    const { changeIds } = (await ann('POST', `/staff/accounts/${rexId}`, { role: 'supervisor' })).body.data;
    expect((await rex('GET', '/staff/me')).body.data.role).toBe('reviewer');
    expect((await bob('POST', `/staff/changes/${changeIds[0]}/approve`)).status).toBe(200);
    expect((await rex('GET', '/staff/me')).body.data.role).toBe('supervisor');
    const [entry] = (await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'changeApproved'))).filter((e) => (e.detail as { changeId: string }).changeId === changeIds[0]);
    expect(entry.detail).toMatchObject({ kind: 'role', from: 'reviewer', to: 'supervisor', before: { role: 'reviewer' } });
    // Back to reviewer, the same way.
    const back = (await bob('POST', `/staff/accounts/${rexId}`, { role: 'reviewer' })).body.data.changeIds[0];
    await cat('POST', `/staff/changes/${back}/approve`);

    const victim = await signInStaff(server, [['dora', 'Dora Disabled', 'reviewer']]);
    const dora = staffCall(() => server.baseUrl, () => victim.dora);
    const doraId = await idOf('dora@broker.example');
    const disabled = await ann('POST', `/staff/accounts/${doraId}`, { disabled: true });
    expect(disabled.body.data).toMatchObject({ disabled: true, changeIds: [] });
    expect((await dora('GET', '/staff/me')).status).toBe(401);
    const enable = (await ann('POST', `/staff/accounts/${doraId}`, { disabled: false })).body.data.changeIds[0];
    expect((await server.database.db.select({ disabledAt: staff.disabledAt }).from(staff).where(eq(staff.id, doraId!)))[0].disabledAt).not.toBeNull();
    expect((await bob('POST', `/staff/changes/${enable}/approve`)).status).toBe(200);
    expect((await server.database.db.select({ disabledAt: staff.disabledAt }).from(staff).where(eq(staff.id, doraId!)))[0].disabledAt).toBeNull();
  });

  it('an admin cannot become a colleague: a reset password or authenticator is completed by its owner alone, from their own mailbox', async () => {
    const { changeId } = (await ann('POST', '/staff/accounts', { email: 'vic@broker.example', name: 'Vic Victim', role: 'supervisor' })).body.data;
    await bob('POST', `/staff/changes/${changeId}/approve`);
    const vic = await activate('vic@broker.example', 'only vic knows this');
    const vicId = await idOf('vic@broker.example');

    // Ann alone resets Vic's authenticator: nothing happens until a second admin confirms.
    const reset = (await ann('POST', `/staff/accounts/${vicId}`, { resetTotp: true })).body.data.changeIds[0];
    const vicSession = staffCall(() => server.baseUrl, () => vic.token);
    expect((await vicSession('GET', '/staff/me')).status).toBe(200);
    expect((await bob('POST', `/staff/changes/${reset}/approve`)).status).toBe(200);
    expect((await vicSession('GET', '/staff/me')).status).toBe(401);
    // A password alone enrols no authenticator now, and the link asks for the password too.
    const signIn = await post('/staff/login', { email: 'vic@broker.example', password: 'only vic knows this' });
    expect(signIn.status).toBe(403);
    expect(signIn.body.msg).toMatch(/link we e-mailed you/);
    expect((await post('/staff/activation/complete', { token: await linkIn('vic@broker.example'), password: 'a guess at vic password' })).status).toBe(401);
    const again = await activate('vic@broker.example', 'only vic knows this');
    expect(again.secret).not.toBe(vic.secret);

    // Ann resets Vic's password, trying to choose the new one: refused; the reset itself goes to Vic.
    expect((await ann('POST', `/staff/accounts/${vicId}`, { resetPassword: 'ann picks the new one' })).status).toBe(400);
    const passwordReset = (await ann('POST', `/staff/accounts/${vicId}`, { resetPassword: true })).body.data.changeIds[0];
    await bob('POST', `/staff/changes/${passwordReset}/approve`);
    expect((await post('/staff/login', { email: 'vic@broker.example', password: 'only vic knows this' })).status).toBe(401);
    // Vic's authenticator stays: the new password still needs Vic's own code.
    const link = await post('/staff/activation/complete', { token: await linkIn('vic@broker.example'), password: 'vic chose a new one' });
    expect(link.body.data.next).toBe('totp');
    expect((await post('/staff/login/totp', { code: totpCode(again.secret, Date.now() + 30_000) }, link.body.data.token)).status).toBe(200);
  });

  it('no admin confirms a change about themselves, and an editor proposes nothing', async () => {
    const annId = await idOf('ann@broker.example');
    const reset = (await bob('POST', `/staff/accounts/${annId}`, { resetTotp: true })).body.data.changeIds[0];
    const own = await ann('POST', `/staff/changes/${reset}/approve`);
    expect(own.status).toBe(409);
    expect(own.body.msg).toBe('A change to your own account must be confirmed by someone else.');
    // Bob withdraws it.
    expect((await bob('POST', `/staff/changes/${reset}/decline`)).status).toBe(200);
    expect((await eve('POST', '/staff/accounts', { email: 'x@broker.example', name: 'X', role: 'admin' })).status).toBe(403);
  });
});

describe('the checker is a second person', () => {
  it('an admin decides no case: not the first approval, not the second', async () => {
    const applyId = await marginCase();
    expect((await ann('POST', `/staff/applications/${applyId}/claim`)).status).toBe(403);
    expect((await ann('POST', `/staff/applications/${applyId}/approve`, { markets: 19 })).status).toBe(403);
  });

  it('a supervisor whose account the maker made (or changed) in the last 30 days cannot check the maker\'s case; after 30 days, or another supervisor, can', async () => {
    // Cat made Sam a supervisor (proposed; Bob confirmed). Then Cat becomes a reviewer (Ann proposes, Bob confirms) and makes a first approval.
    const { changeId: made } = (await cat('POST', '/staff/accounts', { email: 'sam@broker.example', name: 'Sam Sock', role: 'supervisor' })).body.data;
    await bob('POST', `/staff/changes/${made}/approve`);
    tokens.sam = (await activate('sam@broker.example', 'sam sock own password')).token;
    const catId = await idOf('cat@broker.example');
    const demote = (await ann('POST', `/staff/accounts/${catId}`, { role: 'reviewer' })).body.data.changeIds[0];
    await bob('POST', `/staff/changes/${demote}/approve`);

    const applyId = await marginCase();
    const first = await cat('POST', `/staff/applications/${applyId}/approve`, { markets: 19, expectedStatus: 2 });
    expect(first.body.data).toMatchObject({ awaitingSecondApproval: true });
    const sock = await as('sam')('POST', `/staff/applications/${applyId}/approve`, { markets: 19, expectedStatus: 2 });
    expect(sock.status).toBe(409);
    expect(sock.body.msg).toMatch(/^You cannot give the second approval: in the last 30 days one of you created/);
    // The refusal is itself an entry of the case's audit.
    const refused = await server.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'refused'), eq(auditLog.applicationId, applyId)));
    expect(refused.map((e) => e.detail)).toEqual([expect.objectContaining({ route: '/staff/applications/:id/approve', status: 409, reason: 'server.checkerLinkedToMaker' })]);

    // Thirty-one days on, the link has lapsed.
    await server.database.db.update(staffChanges).set({ decidedAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(staffChanges.id, made));
    expect((await as('sam')('POST', `/staff/applications/${applyId}/approve`, { markets: 19, expectedStatus: 2 })).status).toBe(200);
    const [opened] = await server.database.db.select().from(applications).where(eq(applications.id, applyId));
    expect(opened.opened).toBe(19);
  });

  it('two accounts one admin proposed are one person\'s for maker and checker, however long ago, even confirmed in good faith by another', async () => {
    // Ann proposes a reviewer and a supervisor (addresses she might hold); Bob confirms each in good faith.
    tokens.rita = await colleague(ann, bob, 'rita.maker@broker.example', 'reviewer');
    tokens.stan = await colleague(ann, bob, 'stan.checker@broker.example', 'supervisor');
    const applyId = await marginCase();
    expect((await as('rita')('POST', `/staff/applications/${applyId}/approve`, { markets: 19, expectedStatus: 2 })).body.data).toMatchObject({ awaitingSecondApproval: true });
    await server.database.db.update(staffChanges).set({ decidedAt: new Date(Date.now() - 400 * 86_400_000) }).where(eq(staffChanges.proposedBy, (await idOf('ann@broker.example'))!));
    const second = await as('stan')('POST', `/staff/applications/${applyId}/approve`, { markets: 19, expectedStatus: 2 });
    expect(second.status).toBe(409);
    expect(second.body.msg).toMatch(/proposed by the same admin/);
    const [row] = await server.database.db.select().from(applications).where(eq(applications.id, applyId));
    expect(row.opened).toBe(0);
    // A supervisor another admin proposed checks it.
    tokens.tina = await colleague(bob, ann, 'tina.checker@broker.example', 'supervisor');
    expect((await as('tina')('POST', `/staff/applications/${applyId}/approve`, { markets: 19, expectedStatus: 2 })).status).toBe(200);
  });

  it('a supervisor hands a case only to someone who may work it', async () => {
    const applyId = await marginCase();
    const eveId = await idOf('eve@broker.example');
    const annId = await idOf('ann@broker.example');
    for (const staffId of [eveId, annId]) {
      const refused = await sue('POST', `/staff/applications/${applyId}/assign`, { staffId });
      expect(refused.status).toBe(409);
      expect(refused.body.msg).toBe('This colleague cannot work this case: it needs one of these roles: reviewer, supervisor.');
    }
    // Waiting for its second approval, it goes to a supervisor only.
    await rex('POST', `/staff/applications/${applyId}/approve`, { markets: 19 });
    expect((await sue('POST', `/staff/applications/${applyId}/assign`, { staffId: await idOf('rex@broker.example') })).status).toBe(409);
    expect((await sue('POST', `/staff/applications/${applyId}/assign`, { staffId: await idOf('tom@broker.example') })).status).toBe(200);
  });
});

describe('a member\'s MY client code takes two people', () => {
  it('a reviewer asks, a reviewer cannot confirm, the asking supervisor cannot, another supervisor does', async () => {
    const applyId = await marginCase();
    await rex('POST', `/staff/applications/${applyId}/approve`, { markets: 19 });
    await sue('POST', `/staff/applications/${applyId}/approve`, { markets: 19 });
    const [row] = await server.database.db.select().from(applications).where(eq(applications.id, applyId));
    expect(row.masClientCodeActive).toBe(true);
    const asked = await rex('POST', `/staff/members/${row.memberId}/my-client-code`, { active: false });
    expect(asked.status).toBe(200);
    const still = async () => (await server.database.db.select().from(applications).where(eq(applications.id, applyId)))[0].masClientCodeActive;
    expect(await still()).toBe(true);
    expect((await rex('POST', `/staff/changes/${asked.body.data.changeId}/approve`)).status).toBe(403);
    expect((await tom('POST', `/staff/changes/${asked.body.data.changeId}/approve`)).status).toBe(200);
    expect(await still()).toBe(false);
    const supervisorAsks = (await sue('POST', `/staff/members/${row.memberId}/my-client-code`, { active: true })).body.data.changeId;
    expect((await sue('POST', `/staff/changes/${supervisorAsks}/approve`)).status).toBe(409);
    expect((await tom('POST', `/staff/changes/${supervisorAsks}/approve`)).status).toBe(200);
    expect(await still()).toBe(true);
    const audit = await server.database.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.applicationId, applyId)).orderBy(asc(auditLog.chainSeq));
    expect(audit.map((e) => e.action)).toEqual(expect.arrayContaining(['myClientCodeInactive', 'myClientCodeActive']));
  });
});

describe.runIf(POSTGRES_URL)('on PostgreSQL', () => {
  it('ten confirmations of one change sent at once: exactly one is made', async () => {
    const { changeId } = (await ann('POST', '/staff/accounts', { email: 'parallel@broker.example', name: 'Parallel', role: 'reviewer' })).body.data;
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? bob : cat)('POST', `/staff/changes/${changeId}/approve`)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(await server.database.db.select().from(staff).where(eq(staff.email, 'parallel@broker.example'))).toHaveLength(1);
  });
});
