// Outdated translations (issue: the studio and its funnel): a translation remembers the English it was
// made from; when its key's English changes, it is outdated in that language until it is translated
// again or its author confirms it; the memory carries from version to version.
import { loadStepSchemas } from '@kh/engine/node';
import { outdatedTexts, type StepSchema } from '@kh/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff, staffCall, startServer, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startServer();
  Object.assign(tokens, await signInStaff(server, [['ed', 'Eddie Editor', 'editor'], ['erin', 'Erin Editor', 'editor']]));
});
afterAll(() => server.close());
const as = (who: string) => staffCall(() => server.baseUrl, () => tokens[who]);
const investment = (): StepSchema => structuredClone(loadStepSchemas().find((s) => s.id === 'investment')!);
const KEY = 'field.investment.objectives.help';
/** The outdated texts of a version as the studio shows them. */
const outdatedIn = async (version: number) => {
  const detail = (await as('ed')('GET', `/staff/studio/steps/investment/versions/${version}`)).body.data;
  return outdatedTexts(detail.table, detail.sources);
};

describe('outdated translations', () => {
  it('are flagged when the English changes, cleared by a new translation or a confirmation, and carried to the next version', async () => {
    expect(await outdatedIn(0)).toEqual([]);
    const { version } = (await as('ed')('POST', '/staff/studio/steps/investment/drafts', { document: investment(), translations: { en: { [KEY]: 'What you invest for, in a few words.' } } })).body.data;
    expect(await outdatedIn(version)).toEqual([
      { language: 'zh-HK', key: KEY },
      { language: 'zh-CN', key: KEY },
    ]);
    // Translated again in one language: the other stays outdated.
    const path = `/staff/studio/steps/investment/versions/${version}`;
    const translations = { en: { [KEY]: 'What you invest for, in a few words.' }, 'zh-HK': { [KEY]: '用幾個字說明投資目的。' } };
    expect((await as('ed')('PUT', path, { document: investment(), translations })).status).toBe(200);
    expect(await outdatedIn(version)).toEqual([{ language: 'zh-CN', key: KEY }]);
    // Confirmed by the author only, for a text the version has.
    expect((await as('erin')('POST', `${path}/texts/confirm`, { language: 'zh-CN', key: KEY })).status).toBe(403);
    const unknown = await as('ed')('POST', `${path}/texts/confirm`, { language: 'zh-CN', key: 'field.nothing.label' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe('This version has no text field.nothing.label.');
    expect((await as('ed')('POST', `${path}/texts/confirm`, { language: 'en', key: KEY })).status).toBe(400);
    expect((await as('ed')('POST', `${path}/texts/confirm`, { language: 'zh-CN', key: KEY })).body.data).toEqual({ language: 'zh-CN', key: KEY, source: 'What you invest for, in a few words.' });
    expect(await outdatedIn(version)).toEqual([]);
    // Saving again without touching the texts keeps it so.
    expect((await as('ed')('PUT', path, { document: investment(), translations })).status).toBe(200);
    expect(await outdatedIn(version)).toEqual([]);

    // Published, then a new draft from it: nothing outdated until its English changes again.
    expect((await as('ed')('POST', `${path}/submit`)).status).toBe(200);
    expect((await as('erin')('POST', `${path}/publish`, {})).status).toBe(200);
    const next = (await as('erin')('POST', '/staff/studio/steps/investment/drafts', { document: investment(), translations, basedOn: version })).body.data.version;
    expect(await outdatedIn(next)).toEqual([]);
    expect((await as('erin')('PUT', `/staff/studio/steps/investment/versions/${next}`, { document: investment(), translations: { ...translations, en: { [KEY]: 'Your goals.' } } })).status).toBe(200);
    expect(await outdatedIn(next)).toEqual([
      { language: 'zh-HK', key: KEY },
      { language: 'zh-CN', key: KEY },
    ]);
  });
});
