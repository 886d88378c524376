// Before publishing, the studio states what the version would do (issue: the studio's impact
// statement): the open applications that answered the step, and under the live version; the keys it
// drops and how many hold each; which of their stored answers it would refuse, at which fields; the
// texts it changes per language. Checked against a count made here by hand; no value is answered.
import { loadStepSchemas } from '@kh/engine/node';
import type { StepSchema, ValueField } from '@kh/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, fill, uploadedPath } from './fixtures.ts';
import { login, signInStaff, staffCall, startServer, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startServer();
  Object.assign(tokens, await signInStaff(server, [['ed', 'Eddie Editor', 'editor'], ['rev2', 'Erin Editor', 'editor'], ['rev', 'Rita Reviewer', 'reviewer']]));
});
afterAll(() => server.close());
const as = (who: string) => staffCall(() => server.baseUrl, () => tokens[who]);

const investment = (): StepSchema => structuredClone(loadStepSchemas().find((s) => s.id === 'investment')!);
const texts = (label: string) => ({ 'field.investment.branch.label': label, 'option.branch.kualaLumpur': 'KL', 'option.branch.penang': 'PG' });

/** A version that adds a required field, drops riskTolerance, and renames one English text. */
function breakingVersion(): StepSchema {
  const step = investment();
  step.fields = step.fields.filter((field) => field.id !== 'riskTolerance');
  step.fields.push({
    id: 'branch',
    kind: 'Radio',
    valueType: 'number',
    dataKey: 'preferredBranch',
    labelKey: 'field.investment.branch.label',
    dataSource: { options: [{ value: 1, labelKey: 'option.branch.kualaLumpur' }, { value: 2, labelKey: 'option.branch.penang' }] },
    rules: [{ rule: 'required' }],
  } as ValueField);
  const payload: Record<string, unknown> = { ...(step.payload as Record<string, unknown>), preferredBranch: 'number' };
  delete payload.riskTolerance;
  step.payload = payload as StepSchema['payload'];
  return step;
}

describe('the impact of publishing a version', () => {
  it('counts the open answers it touches, the keys it drops, the answers it would refuse and the texts it changes', async () => {
    // Three applicants answered the investment step under the live (built-in) version; a fourth has not reached it.
    const ANSWERED = 3;
    for (let k = 0; k < ANSWERED + 1; k++) {
      const mobile = `13${String(3500000 + k)}`;
      const c = await login(server, mobile);
      await c.post('/kh/account/apply/create', { relatedType: 'INIT' });
      const data = answers(9200 + k, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile);
      if (k < ANSWERED) expect((await fill(c, 'investment', data.investment)).status).toBe(200);
      else expect((await fill(c, 'contact', data.contact)).status).toBe(200);
    }
    const translations = { en: { ...texts('Preferred branch'), 'step.investment.title': 'Your investing' }, 'zh-HK': texts('首選分行'), 'zh-CN': texts('首选分行') };
    const draft = await as('ed')('POST', '/staff/studio/steps/investment/drafts', { document: breakingVersion(), translations });
    expect(draft.body.data.problems).toEqual([]);
    const version = draft.body.data.version as number;

    const impact = await as('ed')('GET', `/staff/studio/steps/investment/versions/${version}/impact`);
    expect(impact.status).toBe(200);
    expect(impact.body.data).toEqual({
      stepId: 'investment',
      version,
      liveVersion: 0,
      openAnswered: ANSWERED,
      onLive: ANSWERED,
      countCap: 10_000,
      // Every one of them chose a risk tolerance (a required field).
      dropped: [{ key: 'riskTolerance', holding: ANSWERED }],
      // None chose a branch: each would be refused there, and only there.
      refused: { checked: ANSWERED, refused: ANSWERED, alreadyRefused: 0, byField: { branch: ANSWERED } },
      fields: { added: ['branch'], removed: ['riskTolerance'], changed: [] },
      // en: the three new texts and the step's title; the Chinese: the three new texts each.
      texts: { en: 4, 'zh-HK': 3, 'zh-CN': 3 },
    });
    // Counts only: no stored answer's value is in the statement.
    const told = JSON.stringify(impact.body);
    for (const value of Object.values(answers(9200, { proof: 'p', statement: 's', signature: 'g' }, '1335000000').investment)) if (typeof value === 'string' && value.length > 2) expect(told).not.toContain(value);

    // Not for a reviewer; not for a version that does not exist.
    expect((await as('rev')('GET', `/staff/studio/steps/investment/versions/${version}/impact`)).status).toBe(403);
    expect((await as('ed')('GET', `/staff/studio/steps/investment/versions/9999/impact`)).status).toBe(404);
  });

  it('compares with the live version: an answer the live version refuses just the same is no new refusal', async () => {
    // The breaking version goes live (its migration stated); the three answers, given under 0, lack a branch.
    const translations = { en: texts('Preferred branch'), 'zh-HK': texts('首選分行'), 'zh-CN': texts('首选分行') };
    const live = (await as('ed')('POST', '/staff/studio/steps/investment/drafts', { document: breakingVersion(), translations })).body.data.version as number;
    expect((await as('ed')('POST', `/staff/studio/steps/investment/versions/${live}/submit`)).status).toBe(200);
    expect((await as('rev2')('POST', `/staff/studio/steps/investment/versions/${live}/publish`, { migration: 'Risk tolerance is asked again at review.' })).body.data).toMatchObject({ liveVersion: live });
    // A next version changes a text only: it refuses those answers as the live one does, for the same reason.
    const next = (await as('ed')('POST', '/staff/studio/steps/investment/drafts', { document: breakingVersion(), translations: { ...translations, en: texts('Branch you prefer') } })).body.data.version as number;
    const impact = (await as('ed')('GET', `/staff/studio/steps/investment/versions/${next}/impact`)).body.data;
    expect(impact.refused).toEqual({ checked: 3, refused: 0, alreadyRefused: 3, byField: {} });
  });
});
