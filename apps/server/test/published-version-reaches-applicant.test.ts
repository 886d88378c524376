// What product staff publish is what the next applicant sees (issue 52): whatever wrote to a step
// first (the identity check pre-fills the personal step), only an answer the applicant gave pins its
// version. A new applicant after a publish is drawn it and saves under it; one who answered before
// keeps theirs; an experiment draws both arms; the impact statement counts answers, not pre-fills.
import { drawsVersionTried } from '@kh/engine/experiment';
import { loadStepSchemas } from '@kh/engine/node';
import type { StepSchema, ValueField } from '@kh/engine';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationSteps } from '../src/db/schema.ts';
import { answers, completeProviderPage, fill, initBody, uploadedPath } from './fixtures.ts';
import { login, signInStaff, staffCall, startServer, type Client, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
let phone = 0;
beforeAll(async () => {
  server = await startServer();
  Object.assign(tokens, await signInStaff(server, [['ed', 'Eddie Editor', 'editor'], ['erin', 'Erin Editor', 'editor']]));
});
afterAll(() => server.close());
const as = (who: string) => staffCall(() => server.baseUrl, () => tokens[who]);

/** The personal step with more (optional) fields, their labels in three languages. */
function personalWith(fieldIds: string[]): { document: StepSchema; translations: Record<string, Record<string, string>> } {
  const document = structuredClone(loadStepSchemas().find((s) => s.id === 'personal')!);
  const translations: Record<string, Record<string, string>> = { en: {}, 'zh-HK': {}, 'zh-CN': {} };
  for (const fieldId of fieldIds) {
    const labelKey = `field.personal.${fieldId}.label`;
    document.fields.splice(2, 0, { id: fieldId, kind: 'Input', valueType: 'string', dataKey: fieldId, labelKey, rules: [{ rule: 'maxLength', max: 40 }] } as ValueField);
    document.payload = { ...(document.payload as Record<string, unknown>), [fieldId]: 'string' } as StepSchema['payload'];
    Object.assign(translations.en!, { [labelKey]: `Label of ${fieldId}` });
    Object.assign(translations['zh-HK']!, { [labelKey]: `${fieldId} 標籤` });
    Object.assign(translations['zh-CN']!, { [labelKey]: `${fieldId} 标签` });
  }
  return { document, translations };
}

/** Each version keeps the fields of the one before, so nothing an applicant answered is dropped. */
async function draftInReview(...fieldIds: string[]): Promise<number> {
  const draft = await as('ed')('POST', '/staff/studio/steps/personal/drafts', personalWith(fieldIds));
  expect(draft.body.data.problems).toEqual([]);
  const { version } = draft.body.data as { version: number };
  expect((await as('ed')('POST', `/staff/studio/steps/personal/versions/${version}/submit`)).status).toBe(200);
  return version;
}

interface Applicant {
  c: Client;
  applyId: string;
  data: Record<string, Record<string, unknown>>;
}
async function applicant(): Promise<Applicant> {
  const n = 7700 + phone++;
  const mobile = `13${String(3100000 + n)}`;
  const c = await login(server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  return { c, applyId, data: answers(n, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile) };
}

/** As every applicant does before the personal step: the first steps and the identity check, which pre-fills the personal step. */
async function throughIdentityCheck(a: Applicant): Promise<void> {
  for (const step of ['contact', 'market'] as const) expect((await fill(a.c, step, a.data[step]!)).status).toBe(200);
  const init = await a.c.form('/ekyc/rest-api/ctos/init', initBody(a.applyId, { documentNumber: String(a.data.identity!.nricNumber), documentName: String(a.data.identity!.documentName) }));
  expect(init.status).toBe(200);
  // The provider's page sends the applicant back to the app once done.
  expect((await completeProviderPage(a.c, init.body.data.h5RedirectUrl, 'success', { idNo: String(a.data.identity!.nricNumber), name: String(a.data.identity!.documentName) })).status).toBe(303);
  expect((await fill(a.c, 'identity', a.data.identity!)).status).toBe(200);
}

const personalRow = async (applyId: string) => (await server.database.db.select().from(applicationSteps).where(and(eq(applicationSteps.applicationId, applyId), eq(applicationSteps.stepId, 'personal'))))[0];
const drawn = async (a: Applicant) => (await a.c.get('/api/kh/account/schema/steps/personal', { applyId: a.applyId })).body.data as { version: number; document: StepSchema | null };

describe('a published personal step reaches the next applicant, past the identity check', () => {
  let earlier: Applicant;
  let published = 0;

  it('an applicant who answered before the publish keeps the version they answered', async () => {
    earlier = await applicant();
    await throughIdentityCheck(earlier);
    expect((await fill(earlier.c, 'personal', earlier.data.personal!)).status).toBe(200);
    expect((await personalRow(earlier.applyId))?.schemaVersion).toBe(0);

    published = await draftInReview('preferredName');
    expect((await as('erin')('POST', `/staff/studio/steps/personal/versions/${published}/publish`, {})).body.data).toMatchObject({ liveVersion: published });
    expect((await drawn(earlier)).version).toBe(0);
    // Mid-way on the older version, their next save still lands under it.
    expect((await fill(earlier.c, 'personal', { ...earlier.data.personal!, maritalStatus: 2 })).status).toBe(200);
    expect((await personalRow(earlier.applyId))?.schemaVersion).toBe(0);
  });

  it('a new applicant, whose personal step the identity check pre-filled, is drawn the published version and saves under it', async () => {
    const next = await applicant();
    await throughIdentityCheck(next);
    const prefilled = await personalRow(next.applyId);
    // The pre-fill holds what the check read, and pins no version: nobody answered under one.
    expect(prefilled?.payload).toMatchObject({ name: next.data.identity!.documentName });
    expect(prefilled?.schemaVersion).toBeNull();
    const schema = await drawn(next);
    expect(schema.version).toBe(published);
    expect(JSON.stringify(schema.document)).toContain('preferredName');
    // The answer carries the new field's key and is stored under the published version.
    expect((await fill(next.c, 'personal', next.data.personal!, { schemaVersion: published }, { preferredName: 'Ah Kow' })).status).toBe(200);
    const saved = await personalRow(next.applyId);
    expect(saved?.schemaVersion).toBe(published);
    expect(saved?.payload).toMatchObject({ preferredName: 'Ah Kow' });
    // The page's read of its step says the same.
    expect((await drawn(next)).version).toBe(published);
  });

  it('the impact statement counts the answers given, not the rows the identity check filled', async () => {
    const prefilledOnly = await applicant();
    await throughIdentityCheck(prefilledOnly);
    const version = await draftInReview('preferredName', 'nickname');
    const impact = (await as('ed')('GET', `/staff/studio/steps/personal/versions/${version}/impact`)).body.data;
    // Two answered (the earlier applicant under 0, the next under the live version); the third only pre-filled.
    expect(impact).toMatchObject({ liveVersion: published, openAnswered: 2, onLive: 1 });
  });

  it('an experiment on the personal step draws both arms among applicants the identity check reached first', async () => {
    const tried = await draftInReview('preferredName', 'callingName');
    expect((await as('erin')('POST', `/staff/studio/steps/personal/versions/${tried}/experiment`, { share: 50 })).status).toBe(200);
    const arms = new Map<number, number>();
    for (let i = 0; i < 12; i++) {
      const a = await applicant();
      await throughIdentityCheck(a);
      const version = (await drawn(a)).version;
      // The draw is the server's, by the application's id; the pre-fill does not stand in its way.
      expect(version).toBe(drawsVersionTried(a.applyId, 'personal', 50) ? tried : published);
      arms.set(version, (arms.get(version) ?? 0) + 1);
      const extra = version === tried ? { preferredName: 'Kow', callingName: 'Ah Kow' } : { preferredName: 'Kow' };
      expect((await fill(a.c, 'personal', a.data.personal!, { schemaVersion: version }, extra)).status).toBe(200);
      expect((await personalRow(a.applyId))?.schemaVersion).toBe(version);
    }
    expect(arms.get(tried)).toBeGreaterThan(0);
    expect(arms.get(published)).toBeGreaterThan(0);
  });
});
