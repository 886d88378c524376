// A step published from the schema studio reaches applicants without a redeploy (issue: schema
// studio): a "preferred branch" Select with a dictionary, a visibleWhen rule and texts in three
// languages. An applicant who starts afterwards sees it (in en and zh-HK), must answer it, and the
// server stores it; an applicant whose page was open before the publish still saves under the old version.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { phone, shooter, useProduct } from './harness.ts';
import { fillContact, login, next, waitPath } from './journey.ts';
import { editors } from './studio-editors.ts';

const env = useProduct();

const contact = () => JSON.parse(readFileSync(resolve(import.meta.dirname, '../../../schemas/steps/contact.json'), 'utf8'));
function withBranch() {
  const step = contact();
  const at = step.fields.findIndex((f: { id: string }) => f.id === 'hasCdsAccount') + 1;
  step.fields.splice(at, 0, {
    id: 'branch',
    kind: 'Select',
    valueType: 'string',
    dataKey: 'preferredBranch',
    labelKey: 'field.contact.branch.label',
    dataSource: { dictionary: 'State' },
    visibleWhen: { field: 'hasCdsAccount', eq: false },
    rules: [{ rule: 'required' }],
  });
  step.payload.preferredBranch = 'string';
  return step;
}
const texts = {
  en: { 'field.contact.branch.label': 'Preferred branch' },
  'zh-HK': { 'field.contact.branch.label': '首選分行' },
  'zh-CN': { 'field.contact.branch.label': '首选分行' },
};

/** What the server stored for the page's applicant, asked as the app asks: the saved answer, and the version it is pinned to. */
const storedContact = (page: Page) =>
  page.evaluate(async () => {
    const post = (path: string, body: unknown) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    const payload = (await post('/api/kh/account/apply/fetch-data', { fillStep: 2000, relatedType: 'INIT' })).data;
    const pinned = (await fetch('/api/kh/account/schema/steps/contact').then((r) => r.json())).data.version;
    return { payload, pinned };
  });

describe('a step published from the studio', () => {
  it('reaches the next applicant in their language; the one mid-flow saves under the old version', async () => {
    const shot = shooter('studio-published-step');
    // Mid-flow: the contact page is open before the publish.
    const early = await (await phone(env.browser)).newPage();
    await login(early, env.product, '123460001');
    await early.getByRole('button', { name: 'Get started' }).click();
    await waitPath(early, '/info/contact');
    await fillContact(early, 60001);

    const { author, checker } = await editors(env.product);
    const { version } = (await author('POST', '/staff/studio/steps/contact/drafts', { document: withBranch(), translations: texts })) as { version: number };
    await author('POST', `/staff/studio/steps/contact/versions/${version}/submit`);
    await checker('POST', `/staff/studio/steps/contact/versions/${version}/publish`, {});

    // The page drawn before the publish has no branch question, and saves as it was drawn.
    await expect(early.getByLabel('Preferred branch').count()).resolves.toBe(0);
    await next(early);
    await waitPath(early, '/market');
    expect(await storedContact(early)).toMatchObject({ pinned: 0, payload: { username: 'applicant60001' } });
    expect((await storedContact(early)).payload).not.toHaveProperty('preferredBranch');

    // After the publish: the question is there once "No" is chosen, required, and in zh-HK too.
    const late = await (await phone(env.browser)).newPage();
    await login(late, env.product, '123460002');
    await late.getByRole('button', { name: 'Get started' }).click();
    await waitPath(late, '/info/contact');
    await expect(late.getByLabel('Preferred branch').count()).resolves.toBe(0);
    await fillContact(late, 60002);
    await late.getByLabel('Preferred branch').waitFor();
    await next(late);
    await late.getByRole('alert').filter({ hasText: 'Preferred branch' }).first().waitFor();
    await shot(late, 'branch-required-en');
    await late.getByLabel('Language').selectOption('zh-HK');
    await late.getByLabel('首選分行').waitFor();
    await shot(late, 'branch-zh-HK');
    // The State dictionary in the applicant's language: 吉蘭丹 is Kelantan, code 03.
    await late.getByLabel('首選分行').selectOption({ label: '吉蘭丹' });
    await late.getByRole('button', { name: '下一步', exact: true }).click();
    await waitPath(late, '/market');
    expect(await storedContact(late)).toMatchObject({ pinned: version, payload: { username: 'applicant60002', preferredBranch: '03' } });
  });
});
