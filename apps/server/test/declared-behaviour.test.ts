// Step behaviour is declared in the step documents, not coded (ARCHITECTURE.md "Step behaviour is
// declared"): a version the studio publishes changes what the server does, with no code naming a
// step. Each case is a published document and an applicant's save under it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadStepSchemas } from '@kh/engine/node';
import type { StepSchema, ValueField } from '@kh/engine';
import { answers, fill, payloadOf, uploadedPath } from './fixtures.ts';
import { login, signInStaff, staffCall, startServer, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
let phone = 0;

beforeAll(async () => {
  server = await startServer();
  Object.assign(
    tokens,
    await signInStaff(server, [
      ['ed', 'Eddie Editor', 'editor'],
      ['erin', 'Erin Editor', 'editor'],
    ]),
  );
});
afterAll(() => server.close());

const ed = staffCall(() => server.baseUrl, () => tokens.ed);
const erin = staffCall(() => server.baseUrl, () => tokens.erin);
const documentOf = (stepId: string): StepSchema => structuredClone(loadStepSchemas().find((s) => s.id === stepId)!);
const fieldOf = (step: StepSchema, id: string): ValueField => {
  const all = (fields: StepSchema['fields']): StepSchema['fields'] => fields.flatMap((f) => [f, ...('children' in f ? all(f.children) : [])]);
  return all(step.fields).find((f) => f.id === id) as ValueField;
};

/** Written by one editor, published by the other: the version number. */
async function publish(stepId: string, document: StepSchema, translations: Record<string, Record<string, string>> = {}): Promise<number> {
  const draft = await ed('POST', `/staff/studio/steps/${stepId}/drafts`, { document, translations });
  expect(draft.body.data.problems).toEqual([]);
  const { version } = draft.body.data as { version: number };
  expect((await ed('POST', `/staff/studio/steps/${stepId}/versions/${version}/submit`)).status).toBe(200);
  expect((await erin('POST', `/staff/studio/steps/${stepId}/versions/${version}/publish`, {})).body.data).toMatchObject({ liveVersion: version });
  return version;
}

async function applicant() {
  const n = 8600 + phone++;
  const mobile = `13${String(3000000 + n)}`;
  const c = await login(server, mobile);
  await c.post('/kh/account/apply/create', { relatedType: 'INIT' });
  return { c, data: answers(n, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile) };
}

describe('what a published document declares is what the server does', () => {
  it('a username that is no longer declared unique may be shared; while it was, the second applicant was refused', async () => {
    const first = await applicant();
    expect((await fill(first.c, 'contact', { ...first.data.contact, username: 'sharedname' })).status).toBe(200);
    const second = await applicant();
    const refused = await fill(second.c, 'contact', { ...second.data.contact, username: 'sharedname' });
    expect(refused.body.data.fields).toEqual([expect.objectContaining({ field: 'username', key: 'validation.usernameTaken' })]);

    const contact = documentOf('contact');
    delete fieldOf(contact, 'username').unique;
    const version = await publish('contact', contact);
    const third = await applicant();
    expect((await fill(third.c, 'contact', { ...third.data.contact, username: 'sharedname' }, { schemaVersion: version })).status).toBe(200);
  });

  it('a new group of boxes declared atLeastOne refuses none ticked, on the first, in the applicant’s language', async () => {
    const investment = documentOf('investment');
    const box = (id: string): ValueField => ({ id, kind: 'CheckBox', valueType: 'boolean', dataKey: id, labelKey: `field.investment.${id}.label` }) as ValueField;
    investment.fields.push(box('newsletter'), box('research'));
    investment.payload = { ...investment.payload, newsletter: 'boolean', research: 'boolean' };
    investment.atLeastOne = { fields: ['newsletter', 'research'], messageKey: 'validation.pickOneChannel' };
    const texts = (en: string[]) => ({ 'field.investment.newsletter.label': en[0]!, 'field.investment.research.label': en[1]!, 'validation.pickOneChannel': en[2]! });
    const version = await publish('investment', investment, {
      en: texts(['Newsletter', 'Research notes', 'Choose at least one way to hear from us.']),
      'zh-HK': texts(['通訊', '研究報告', '請至少選擇一種方式。']),
      'zh-CN': texts(['通讯', '研究报告', '请至少选择一种方式。']),
    });
    const someone = await applicant();
    const none = await someone.c.post('/kh/account/apply/fill-data', {
      fillStep: 2006,
      relatedType: 'INIT',
      data: { ...payloadOf('investment', someone.data.investment), newsletter: false, research: false },
      schemaVersion: version,
    });
    expect(none.status).toBe(400);
    expect(none.body.data.fields).toEqual([{ field: 'newsletter', key: 'validation.pickOneChannel', message: 'Choose at least one way to hear from us.' }]);
    const one = await someone.c.post('/kh/account/apply/fill-data', {
      fillStep: 2006,
      relatedType: 'INIT',
      data: { ...payloadOf('investment', someone.data.investment), newsletter: false, research: true },
      schemaVersion: version,
    });
    expect(one.status).toBe(200);
  });

  it('a step published read-only takes no save', async () => {
    const work = documentOf('work');
    work.readOnly = true;
    const version = await publish('work', work);
    const someone = await applicant();
    const refused = await fill(someone.c, 'work', someone.data.work, { schemaVersion: version });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('400');
    expect(refused.body.msg).toBe('This step cannot be saved.');
  });
});
