// The schema studio's server (issue: schema studio): drafts, review by a second editor, publishing
// without a redeploy, answers pinned to the version they were given under, a breaking publish
// refused until a migration is stated, rollback, the served validator modules and the role rules.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStepSchemas } from '@kh/engine/node';
import { and, eq } from 'drizzle-orm';
import { applicationSteps } from '../src/db/schema.ts';
import type { StepSchema, ValueField } from '@kh/engine';
import { REPLACED_VERSION_GRACE_MS, versionForSave } from '../src/steps/step-versions.ts';
import { STEP_CODES, answers, fill, submitAll, uploadedPath, type FormStep } from './fixtures.ts';
import { pdfText } from './pdf-text.ts';
import { login, signInStaff, staffCall, startServer, type Client, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
let phone = 0;

beforeAll(async () => {
  server = await startServer({ ekyc: { maxPerDay: 1000, minIntervalSeconds: 0, handoffTtlSeconds: 300 } });
  Object.assign(
    tokens,
    await signInStaff(server, [
      ['ed', 'Eddie Editor', 'editor'],
      ['erin', 'Erin Editor', 'editor'],
      ['rev', 'Rita Reviewer', 'reviewer'],
      ['admin', 'Ada Admin', 'admin'],
    ]),
  );
});
afterAll(() => server.close());

const as = (who: string) => staffCall(() => server.baseUrl, () => tokens[who]);
const ed = as('ed');
const erin = as('erin');

const investment = (): StepSchema => structuredClone(loadStepSchemas().find((s) => s.id === 'investment')!);
const branchField: ValueField = {
  id: 'branch',
  kind: 'Radio',
  valueType: 'number',
  dataKey: 'preferredBranch',
  labelKey: 'field.investment.branch.label',
  dataSource: { options: [{ value: 1, labelKey: 'option.branch.kualaLumpur' }, { value: 2, labelKey: 'option.branch.penang' }] },
  rules: [{ rule: 'required' }],
} as ValueField;
const branchTexts = {
  en: { 'field.investment.branch.label': 'Preferred branch', 'option.branch.kualaLumpur': 'Kuala Lumpur', 'option.branch.penang': 'Penang' },
  'zh-HK': { 'field.investment.branch.label': '首選分行', 'option.branch.kualaLumpur': '吉隆坡', 'option.branch.penang': '檳城' },
  'zh-CN': { 'field.investment.branch.label': '首选分行', 'option.branch.kualaLumpur': '吉隆坡', 'option.branch.penang': '槟城' },
};
function withBranch(): StepSchema {
  const step = investment();
  step.fields.push(structuredClone(branchField));
  step.payload = { ...step.payload, preferredBranch: 'number' };
  return step;
}

/** An applicant with every step before investment saved. */
async function applicantUpTo(): Promise<{ c: Client; applyId: string; data: Record<FormStep, Record<string, unknown>> }> {
  const n = 8100 + phone++;
  const mobile = `13${String(3000000 + n)}`;
  const c = await login(server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  const data = answers(n, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile);
  return { c, applyId, data };
}

describe('roles', () => {
  it('only an editor reaches the studio', async () => {
    expect((await as('rev')('GET', '/staff/studio/steps')).status).toBe(403);
    expect((await as('admin')('GET', '/staff/studio/steps')).status).toBe(403);
    const list = await ed('GET', '/staff/studio/steps');
    expect(list.status).toBe(200);
    // The first list after a start answers before the lints are made ("checking"), and makes them.
    const investmentRow = (answer: typeof list) => answer.body.data.find((s: { stepId: string }) => s.stepId === 'investment');
    expect(investmentRow(list)).toMatchObject({ liveVersion: 0 });
    expect([null, 0]).toContain(investmentRow(list).problems);
    await expect.poll(async () => investmentRow(await ed('GET', '/staff/studio/steps')).problems, { timeout: 30_000, interval: 200 }).toBe(0);
    // Nobody signed in: nothing.
    expect((await fetch(`${server.baseUrl}/staff/studio/steps`)).status).toBe(401);
  });
});

describe('a new field, from draft to the applicant', () => {
  let version = 0;
  let before: Awaited<ReturnType<typeof applicantUpTo>>;

  it('a draft with a missing translation cannot go to review; fixed, it can', async () => {
    // An applicant already on their way before any of this.
    before = await applicantUpTo();
    expect((await fill(before.c, 'investment', before.data.investment)).status).toBe(200);

    const draft = await ed('POST', '/staff/studio/steps/investment/drafts', { document: withBranch(), translations: { en: branchTexts.en } });
    expect(draft.status).toBe(200);
    version = draft.body.data.version;
    expect(draft.body.data.problems).toContainEqual(expect.objectContaining({ field: 'branch', reason: expect.stringContaining('missing in zh-HK') }));
    const refused = await ed('POST', `/staff/studio/steps/investment/versions/${version}/submit`);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toMatch(/^The step has \d+ problems/);
    // Another editor may not change or send someone else's draft.
    expect((await erin('PUT', `/staff/studio/steps/investment/versions/${version}`, { document: withBranch(), translations: branchTexts })).status).toBe(403);
    const fixed = await ed('PUT', `/staff/studio/steps/investment/versions/${version}`, { document: withBranch(), translations: branchTexts });
    expect(fixed.body.data.problems).toEqual([]);
    expect((await ed('POST', `/staff/studio/steps/investment/versions/${version}/submit`)).body.data.status).toBe('review');
    // Frozen in review.
    expect((await ed('PUT', `/staff/studio/steps/investment/versions/${version}`, { document: withBranch(), translations: branchTexts })).status).toBe(409);
  });

  it('the reviewer sees the diff; the author cannot publish their own version; a second editor does', async () => {
    const seen = (await erin('GET', `/staff/studio/steps/investment/versions/${version}`)).body.data;
    expect(seen.diff.fields).toEqual([{ id: 'branch', change: 'added' }]);
    expect(seen.diff.payload).toEqual({ added: ['preferredBranch'], removed: [] });
    expect(seen.diff.translations).toHaveLength(9);
    expect(seen.table.find((row: { key: string }) => row.key === 'field.investment.branch.label').texts).toEqual({ en: 'Preferred branch', 'zh-HK': '首選分行', 'zh-CN': '首选分行' });

    const own = await ed('POST', `/staff/studio/steps/investment/versions/${version}/publish`, {});
    expect(own.status).toBe(403);
    expect(own.body.msg).toBe('A second editor must publish this version: you wrote it.');
    const published = await erin('POST', `/staff/studio/steps/investment/versions/${version}/publish`, {});
    expect(published.body.data).toEqual({ version, status: 'published', liveVersion: version });
    const history = (await ed('GET', '/staff/studio/steps/investment')).body.data;
    expect(history.liveVersion).toBe(version);
    expect(history.versions[0]).toMatchObject({ version, status: 'published', author: 'Eddie Editor', reviewerId: expect.any(String) });
    expect(history.publications).toEqual([expect.objectContaining({ version, action: 'publish', by: 'Erin Editor', endedAt: null })]);
  });

  it('the app gets the published version, its texts and its validator module, without a redeploy', async () => {
    const anyone = await applicantUpTo();
    const schema = (await anyone.c.get('/api/kh/account/schema/steps/investment')).body.data;
    expect(schema).toMatchObject({ stepId: 'investment', version, translations: branchTexts, validator: `/api/kh/account/schema/validators/investment/${version}.js` });
    expect(schema.document.fields.at(-1).id).toBe('branch');
    const module = await fetch(`${server.baseUrl}${schema.validator}`);
    expect(module.status).toBe(200);
    expect(module.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(module.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(module.headers.get('content-security-policy')).not.toContain('unsafe');
    expect(module.headers.get('cache-control')).toContain('immutable');
    const source = await module.text();
    expect(source).toContain('export default function validators(require)');
    // A draft, a version that does not exist, or a path that is not a module: nothing.
    expect((await fetch(`${server.baseUrl}/api/kh/account/schema/validators/investment/${version + 1}.js`)).status).toBe(404);
    expect((await fetch(`${server.baseUrl}/api/kh/account/schema/validators/investment/0.js`)).status).toBe(400);
    expect((await fetch(`${server.baseUrl}/api/kh/account/schema/validators/nothing/1.js`)).status).toBe(404);
  });

  it('an applicant who starts now must answer the field, and the server stores it under the new version', async () => {
    const after = await applicantUpTo();
    const without = await fill(after.c, 'investment', after.data.investment, { schemaVersion: version });
    expect(without.status).toBe(400);
    expect(without.body.data.fields).toContainEqual(expect.objectContaining({ field: 'branch' }));
    const payload = { ...(await import('./fixtures.ts')).payloadOf('investment', after.data.investment), preferredBranch: 2 };
    const saved = await after.c.post('/kh/account/apply/fill-data', { fillStep: STEP_CODES.investment, relatedType: 'INIT', data: payload, schemaVersion: version });
    expect(saved.status).toBe(200);
    expect((await after.c.post('/kh/account/apply/fetch-data', { fillStep: STEP_CODES.investment, relatedType: 'INIT' })).body.data.preferredBranch).toBe(2);
    // Asked again, the app draws the version the answer is pinned to.
    expect((await after.c.get('/api/kh/account/schema/steps/investment')).body.data.version).toBe(version);
    // Submitted, the broker's copy (the application PDF) carries the answer under its own label.
    await submitAll(after.c, after.applyId, after.data, { investment: { preferredBranch: 2 } });
    const pdf = await after.c.get(`/kh/account/apply/application-pdf?applyId=${after.applyId}`);
    expect(pdf.status).toBe(200);
    const lines = await pdfText(pdf.body as Buffer);
    expect(lines, lines.join(' / ')).toContain('Preferred branch: Penang');
    // The reviewer reads the answer through the same version: its field and its texts.
    const seen = (await as('rev')('GET', `/staff/applications/${after.applyId}`)).body.data;
    expect(seen.stepVersions.investment).toMatchObject({ version, translations: branchTexts });
    expect(seen.stepVersions.investment.document.fields.at(-1)).toMatchObject({ id: 'branch', dataKey: 'preferredBranch' });
    expect(seen.stepVersions).not.toHaveProperty('contact');
  });

  it('the applicant who was mid-flow keeps the old version: their answer stays valid and they submit', async () => {
    // Their investment answer was given under version 0 and has no branch; it is checked under 0.
    expect((await before.c.get('/api/kh/account/schema/steps/investment')).body.data).toMatchObject({ version: 0, document: null, validator: null });
    await submitAll(before.c, before.applyId, before.data);
    expect((await before.c.post('/kh/account/apply/check')).body.data.status).toBe(2);
  });

  it('a page drawn with the old version just before the publish still saves, pinned to it; a stale or unknown version is refused', async () => {
    const drawnBefore = await applicantUpTo();
    expect((await fill(drawnBefore.c, 'investment', drawnBefore.data.investment, { schemaVersion: 0 })).status).toBe(200);
    expect((await drawnBefore.c.get('/api/kh/account/schema/steps/investment')).body.data.version).toBe(0);
    const unknown = await applicantUpTo();
    const refused = await fill(unknown.c, 'investment', unknown.data.investment, { schemaVersion: version + 5 });
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('This page has been updated since you opened it. Please reload it to continue; what you typed is kept on this device.');
    const zh = await login(server, `13${String(3100000 + phone++)}`, 'zh-HK');
    await zh.post('/kh/account/apply/create', { relatedType: 'INIT' });
    expect((await fill(zh, 'investment', unknown.data.investment, { schemaVersion: version + 5 })).body.msg).toMatch(/^此頁面在您打開後已更新/);
  });

  it('a version that drops a key open applications hold is refused until a migration is stated', async () => {
    const dropping = investment(); // the build-time document: no preferredBranch
    const draft = (await erin('POST', '/staff/studio/steps/investment/drafts', { document: dropping, translations: {}, basedOn: version })).body.data;
    expect((await erin('POST', `/staff/studio/steps/investment/versions/${draft.version}/submit`)).status).toBe(200);
    const refused = await ed('POST', `/staff/studio/steps/investment/versions/${draft.version}/publish`, {});
    expect(refused.status).toBe(409);
    expect(refused.body.data).toEqual({ affected: 1, dropped: ['preferredBranch'] });
    expect(refused.body.msg).toBe('1 open applications hold answers this version drops (preferredBranch). State the migration to publish it.');
    expect((await ed('GET', '/staff/studio/steps/investment')).body.data.liveVersion).toBe(version);
    const published = await ed('POST', `/staff/studio/steps/investment/versions/${draft.version}/publish`, { migration: 'Branch preference moves to the CRM; the stored answers stay as given.' });
    expect(published.body.data.liveVersion).toBe(draft.version);
    const history = (await ed('GET', '/staff/studio/steps/investment')).body.data.publications;
    expect(history.at(-1)).toMatchObject({ version: draft.version, migration: 'Branch preference moves to the CRM; the stored answers stay as given.' });
    expect(history.at(-2)).toMatchObject({ version, endedAt: expect.any(String) });
  });

  it('a rollback takes a second editor: it is asked for as a version of the earlier document, published by another editor, and retires the version it replaces', async () => {
    const replaced = (await ed('GET', '/staff/studio/steps/investment')).body.data.liveVersion;
    // An applicant who answered under the version about to be rolled back, and one whose page shows it.
    const pinned = await applicantUpTo();
    expect((await fill(pinned.c, 'investment', pinned.data.investment)).status).toBe(200);
    const asked = await ed('POST', '/staff/studio/steps/investment/rollback', { version });
    expect(asked.body.data).toMatchObject({ status: 'review', rollbackOf: version, liveVersion: replaced });
    // Nothing changed yet; the asking editor cannot make it live alone.
    expect((await ed('GET', '/staff/studio/steps/investment')).body.data.liveVersion).toBe(replaced);
    expect((await ed('POST', `/staff/studio/steps/investment/versions/${asked.body.data.version}/publish`, {})).status).toBe(403);
    const published = await erin('POST', `/staff/studio/steps/investment/versions/${asked.body.data.version}/publish`, {});
    expect(published.body.data).toMatchObject({ liveVersion: asked.body.data.version });
    const history = (await ed('GET', '/staff/studio/steps/investment')).body.data;
    expect(history.publications.at(-1)).toMatchObject({ version: asked.body.data.version, action: 'rollback' });
    expect(history.versions.find((v: { version: number }) => v.version === replaced).retiredAt).toEqual(expect.any(String));

    // The replaced version is retired: a page drawn with it is refused, its pin gives way to the live version.
    const drawn = await applicantUpTo();
    expect((await fill(drawn.c, 'investment', drawn.data.investment, { schemaVersion: replaced })).status).toBe(409);
    expect((await pinned.c.get('/api/kh/account/schema/steps/investment')).body.data.version).toBe(asked.body.data.version);
    expect((await fill(pinned.c, 'investment', pinned.data.investment, {}, { preferredBranch: 1 })).status).toBe(200);
    const [row] = await server.database.db.select().from(applicationSteps).where(and(eq(applicationSteps.applicationId, pinned.applyId), eq(applicationSteps.stepId, 'investment')));
    expect(row.schemaVersion).toBe(asked.body.data.version);

    // Only a published version that is not retired can be asked for; the live one cannot.
    expect((await ed('POST', '/staff/studio/steps/investment/rollback', { version: asked.body.data.version })).status).toBe(409);
    const draft = (await ed('POST', '/staff/studio/steps/investment/drafts', { document: withBranch(), translations: branchTexts })).body.data;
    const notPublished = await ed('POST', '/staff/studio/steps/investment/rollback', { version: draft.version });
    expect(notPublished.status).toBe(409);
    expect(notPublished.body.msg).toBe('Only a version that was published can be made live again.');
    expect((await ed('POST', '/staff/studio/steps/investment/rollback', { version: replaced })).status).toBe(409);
    // Back to the build-time schema: it drops preferredBranch, which open applications hold, so its publisher states how.
    const toShipped = (await ed('POST', '/staff/studio/steps/investment/rollback', { version: 0 })).body.data.version;
    expect((await erin('POST', `/staff/studio/steps/investment/versions/${toShipped}/publish`, {})).status).toBe(409);
    expect((await erin('POST', `/staff/studio/steps/investment/versions/${toShipped}/publish`, { migration: 'Back to the shipped step.' })).body.data.liveVersion).toBe(toShipped);
    const anyone = await applicantUpTo();
    expect((await anyone.c.get('/api/kh/account/schema/steps/investment')).body.data.version).toBe(toShipped);
  });
});

describe('export', () => {
  it('writes the live version back as the files git keeps: the step document and the locale keys it brings', async () => {
    const persistent = await startServer({}, { persistent: true });
    const editors = await signInStaff(persistent, [
      ['a', 'A', 'editor'],
      ['b', 'B', 'editor'],
    ]);
    const call = async (who: string, method: string, path: string, json?: unknown) => (await staffCall(() => persistent.baseUrl, () => editors[who])(method, path, json)).body.data;
    const { version } = await call('a', 'POST', '/staff/studio/steps/investment/drafts', { document: withBranch(), translations: branchTexts });
    await call('a', 'POST', `/staff/studio/steps/investment/versions/${version}/submit`);
    await call('b', 'POST', `/staff/studio/steps/investment/versions/${version}/publish`, {});
    await persistent.close();
    const out = mkdtempSync(join(tmpdir(), 'kh-export-'));
    const env = { ...process.env, DATA_DIR: persistent.dataDir, DATABASE_URL: persistent.config.databaseUrl ?? '' };
    const printed = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/schemas-export.ts', '--step', 'investment', '--out', out], { cwd: resolve(import.meta.dirname, '..'), env, encoding: 'utf8' });
    expect(printed).toMatch(/Wrote investment version 1 to schemas\/steps\/investment.json and \d+ locale files/);
    const written = JSON.parse(readFileSync(join(out, 'schemas/steps/investment.json'), 'utf8'));
    expect(written.$schema).toBe('../meta/step.schema.json');
    expect(written.fields.at(-1)).toEqual(branchField);
    expect(written.payload.preferredBranch).toBe('number');
    expect(JSON.parse(readFileSync(join(out, 'packages/i18n/locales/zh-HK/field.json'), 'utf8')).investment.branch.label).toBe('首選分行');
    expect(JSON.parse(readFileSync(join(out, 'packages/i18n/locales/en/option.json'), 'utf8')).branch).toEqual({ kualaLumpur: 'Kuala Lumpur', penang: 'Penang' });
  });
});

describe('the preview and the server check', () => {
  it('answers the payload the step sends and the errors the server gives, for a document not yet saved', async () => {
    const check = await ed('POST', '/staff/studio/steps/investment/check', { document: withBranch(), translations: branchTexts, context: {}, data: { investmentTerm: 2, branch: 1 } });
    expect(check.status).toBe(200);
    expect(check.body.data.payload).toMatchObject({ investmentTerm: 2, preferredBranch: 1 });
    expect(check.body.data.errors.map((e: { field: string }) => e.field)).toContain('riskTolerance');
    expect(check.body.data.errors.map((e: { field: string }) => e.field)).not.toContain('branch');
    const broken = withBranch();
    (broken.fields.at(-1) as ValueField).dataKey = 'nowhere';
    const lint = await ed('POST', '/staff/studio/steps/investment/check', { document: broken, data: {} });
    expect(lint.body.data.problems).toContainEqual(expect.objectContaining({ field: 'branch', reason: 'dataKey "nowhere" is not declared in the step\'s payload' }));
  });
  it('the preview gives the lint (pointing into the document), the translation table, and a validator module only for a clean document', async () => {
    const broken = withBranch();
    (broken.fields.at(-1) as unknown as Record<string, unknown>).valueType = 'colour';
    const red = (await ed('POST', '/staff/studio/steps/investment/preview', { document: broken, translations: branchTexts })).body.data;
    expect(red.validator).toBeNull();
    expect(red.problems).toContainEqual(expect.objectContaining({ pointer: `/fields/${broken.fields.length - 1}/valueType`, reason: expect.stringContaining('meta-schema') }));
    // A half-made field still shows the keys it brings, so the texts can be typed before it is valid.
    expect(red.table.map((row: { key: string }) => row.key)).toContain('field.investment.branch.label');

    // Only texts missing (a new field before its three languages are typed): the lint says so, and the preview draws it at once.
    const untranslated = (await ed('POST', '/staff/studio/steps/investment/preview', { document: withBranch(), translations: { en: branchTexts.en } })).body.data;
    expect(untranslated.problems).toContainEqual(expect.objectContaining({ reason: expect.stringMatching(/^translation key "field.investment.branch.label" is missing in zh-HK/) }));
    expect(untranslated.validator).toMatch(/^\/staff\/studio\/preview-validators\/[0-9a-f]{32}\.js$/);

    const green = (await ed('POST', '/staff/studio/steps/investment/preview', { document: withBranch(), translations: branchTexts })).body.data;
    expect(green.problems, JSON.stringify(green.problems)).toEqual([]);
    expect(green.validator).toMatch(/^\/staff\/studio\/preview-validators\/[0-9a-f]{32}\.js$/);
    const module = await ed('GET', green.validator);
    expect(module.status).toBe(200);
    expect(module.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(module.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(module.headers.get('content-security-policy')).not.toContain('unsafe-eval');
    const text = String(module.body);
    expect(text).toContain('export default function validators(require)');
    // The same document gives the same module (content-addressed), so a preview re-fetches nothing.
    expect((await ed('POST', '/staff/studio/steps/investment/preview', { document: withBranch(), translations: branchTexts })).body.data.validator).toBe(green.validator);
    // Only an editor; an unknown one is gone, with a translated reason.
    expect((await as('rev')('GET', green.validator)).status).toBe(403);
    expect((await as('rev')('POST', '/staff/studio/steps/investment/preview', { document: withBranch() })).status).toBe(403);
    const gone = await ed('GET', `/staff/studio/preview-validators/${'0'.repeat(32)}.js?language=zh-HK`);
    expect(gone.status).toBe(404);
    expect(gone.body.msg).toBe('此預覽已過期，請編輯文件以重新產生。');
    expect((await ed('GET', '/staff/studio/preview-validators/..%2F..%2Fetc.js')).status).toBe(400);
  });
  it('refuses a document for another step, and a step that does not exist', async () => {
    const other = withBranch();
    other.stepCode = 2007;
    expect((await ed('POST', '/staff/studio/steps/investment/drafts', { document: other, translations: {} })).status).toBe(400);
    expect((await ed('GET', '/staff/studio/steps/nothing')).status).toBe(404);
  });
});

describe('two editors at once', () => {
  it('six publishes of six versions at the same moment leave exactly one live version, recorded once', async () => {
    const make = async () => {
      const v = (await ed('POST', '/staff/studio/steps/tax/drafts', { document: loadStepSchemas().find((s) => s.id === 'tax'), translations: {} })).body.data.version;
      await ed('POST', `/staff/studio/steps/tax/versions/${v}/submit`);
      return v;
    };
    const versions: number[] = [];
    for (let i = 0; i < 6; i++) versions.push(await make());
    const results = await Promise.all(versions.map((v) => erin('POST', `/staff/studio/steps/tax/versions/${v}/publish`, {})));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // The other five started from version 0, which is no longer live: publishing them would undo the first.
    expect(results.filter((r) => r.status === 409).map((r) => r.body.msg)).toEqual(Array(5).fill(expect.stringMatching(/^This version starts from version 0, but version \d+ is live now/)));
    const history = (await ed('GET', '/staff/studio/steps/tax')).body.data;
    expect(history.publications.filter((p: { endedAt: string | null }) => p.endedAt === null)).toHaveLength(1);
  });


  it('a page drawn with the replaced version saves for a day after the publish, not after', async () => {
    const db = server.database.db;
    await expect(versionForSave(db, 'tax', { drawnWith: 0 })).resolves.toMatchObject({ version: 0 });
    await expect(versionForSave(db, 'tax', { drawnWith: 0 }, new Date(Date.now() + REPLACED_VERSION_GRACE_MS + 60_000))).rejects.toMatchObject({ messageKey: 'server.schemaVersionOutdated' });
    // An answer already given keeps its version whatever the page says.
    await expect(versionForSave(db, 'tax', { pinned: 0, drawnWith: 7 }, new Date(Date.now() + 10 * REPLACED_VERSION_GRACE_MS))).resolves.toMatchObject({ version: 0 });
  });
});
