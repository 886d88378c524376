// The schema studio in Debian's Chromium against the real server, at 1280x800: a product editor adds a
// "preferred branch" Select to the contact step through the field tree (a dictionary, a visibleWhen
// rule, the payload key) and its texts in three languages, watches the lint go from red to green and
// the preview follow in en, zh-HK and zh-CN, checks the answers on the server, and sends it for
// review; a second editor reads the changes and publishes it. The next applicant is drawn the new
// version and the server stores the answer; one who was mid-flow still submits under the old one.
// No axe violation, no console error, no CSP report on any page.
import type { FrameLocator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { STEP_CODES, answers, fill, payloadOf, submitAll, uploadedPath } from '../../server/test/fixtures.ts';
import { login } from '../../server/test/harness.ts';
import { AT_PC_SIZE, useConsole } from './harness.ts';
import { signInEnrolling } from './sign-in.ts';

const PASSWORD = 'studio e2e password';
const env = useConsole(
  'studio',
  [
    ['amy@broker.example', 'Amy Author', 'editor'],
    ['chris@broker.example', 'Chris Checker', 'editor'],
  ],
  PASSWORD,
);
const newPage = () => env.newPage(1280, 800);
/** At 1280x800, the studio's working size; with `phoneToo`, at 390x844 as well. */
const look = (page: Page, name: string, phoneToo = false) => env.look(page, name, phoneToo ? undefined : AT_PC_SIZE);

/** Signs an editor in through the console, enrolling their authenticator. */
async function signIn(page: Page, email: string) {
  await signInEnrolling(page, env.server.baseUrl, email, PASSWORD);
  // An editor's console opens on the studio.
  await page.getByRole('heading', { name: 'Schema studio' }).waitFor();
}

const phone = (page: Page, language: string): FrameLocator => page.frameLocator(`iframe[title="The step in ${language}"]`);
const lintStatus = (page: Page) => page.locator('.studio-step > p[role="status"]');
/** Answers the publish's question yes, once it comes; gives back what it asked. */
const acceptPublishQuestion = (page: Page) =>
  new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void dialog.accept();
    }),
  );

/** An applicant with a submitted-ready set of answers, logged in through the API. */
async function applicant(k: number) {
  const mobile = `13${String(3000000 + k)}`;
  const c = await login(env.server, mobile);
  const { applyId } = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data;
  const data = answers(k, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, mobile);
  return { c, applyId: applyId as string, data };
}

describe('the schema studio', () => {
  it('an editor adds a preferred branch through the tree, sees the lint and three previews, and a second editor publishes it', async () => {
    // Mid-flow before any of it: this applicant's contact answer is pinned to the built-in version.
    const early = await applicant(7101);
    expect((await fill(early.c, 'contact', early.data.contact)).status).toBe(200);

    const amy = await newPage();
    await signIn(amy, 'amy@broker.example');
    const contactRow = amy.getByRole('row').filter({ has: amy.getByRole('link', { name: 'Contact Information' }) });
    await contactRow.getByText('Lint clean').waitFor();
    await look(amy, 'steps', true);

    await amy.getByRole('link', { name: 'Contact Information' }).click();
    await amy.getByText('Showing the built-in version, published').waitFor();
    await amy.getByRole('button', { name: 'New draft from this' }).click();
    await amy.getByText('Showing version 1, draft').waitFor();
    await lintStatus(amy).getByText('Lint clean').waitFor();
    // The preview draws the step as it is, in three languages.
    await phone(amy, 'English').getByText('Do you have a CDS account with another broker?').waitFor();
    await phone(amy, '繁體中文').getByText('您是否在其他券商持有 CDS 賬戶？').waitFor();
    await phone(amy, '简体中文').getByText('您是否在其他券商持有 CDS 账户？').waitFor();
    await look(amy, 'draft-opened');

    // A field's rules show in forms made from the meta-schema: the mobile rule, its area code field and lengths.
    await amy.getByRole('button', { name: 'mobile · Input' }).click();
    await expect(amy.getByLabel('Rule 1', { exact: true }).inputValue()).resolves.toBe('mobile');
    await expect(amy.getByLabel('Rule 1: areaCodeField').inputValue()).resolves.toBe('areaCode');
    await expect(amy.getByLabel('Rule 1: max').inputValue()).resolves.toBe('12');
    await amy.getByRole('button', { name: 'mobile · Input' }).click();

    // The field tree: a Select after hasCdsAccount.
    await amy.getByRole('button', { name: 'hasCdsAccount · ButtonGroup' }).click();
    await amy.getByLabel('Kind', { exact: true }).first().selectOption('Select');
    await amy.getByRole('button', { name: 'Add field' }).click();
    const form = amy.locator('.studio-form');
    await form.getByLabel('Id').fill('branch');
    // The rename is made on Enter (or on leaving the box), carrying the new field's keys along.
    await form.getByLabel('Id').press('Enter');
    await expect.poll(() => form.getByLabel('Data key', { exact: true }).inputValue()).toBe('branch');
    await form.getByLabel('Data key', { exact: true }).fill('preferredBranch');
    await form.getByLabel('Label key').fill('field.contact.branch.label');
    await form.getByLabel('Choices').selectOption('dictionary');
    await form.getByLabel('Dictionary').selectOption('State');
    await form.getByLabel('Required').check();
    await form.getByLabel('Shown when: what it reads').selectOption('field:hasCdsAccount');
    // The values of the field read are offered by their labels.
    await form.getByLabel('Shown when: value').selectOption({ label: 'No' });
    await form.getByText('Shown when Do you have a CDS account with another broker? is No').waitFor();
    await form.getByRole('button', { name: 'Add a rule' }).click();
    await form.getByLabel('Rule 1', { exact: true }).selectOption('maxLength');
    await form.getByLabel('Rule 1: max').fill('40');
    // Red: the payload does not declare the key, and the label has no text in any language.
    await lintStatus(amy).getByText(/^Problems: \d+$/).waitFor();
    await amy.locator('.studio-problems').getByText('dataKey "preferredBranch" is not declared in the step\'s payload').waitFor();
    await amy.locator('.studio-problems').getByText('translation key "field.contact.branch.label" is missing in zh-HK').waitFor();
    await amy.getByText('The document has problems: the preview shows the last version without any.').waitFor();
    await look(amy, 'lint-red');

    await form.getByRole('button', { name: 'Declare it as string' }).click();
    await amy.getByRole('tab', { name: 'Texts' }).click();
    await amy.getByText('Texts missing: 1').waitFor();
    await amy.getByLabel('field.contact.branch.label in en').fill('Preferred branch');
    await amy.getByLabel('field.contact.branch.label in zh-HK').fill('首選分行');
    await amy.getByLabel('field.contact.branch.label in zh-CN').fill('首选分行');
    await amy.getByText('Every text is there in en, zh-HK and zh-CN.').waitFor();
    // Green, and the preview follows in all three languages once "No" is chosen.
    await lintStatus(amy).getByText('Lint clean').waitFor();
    await expect(amy.getByText('The document has problems').count()).resolves.toBe(0);
    for (const [language, no, label] of [
      ['English', 'No', 'Preferred branch'],
      ['繁體中文', '否', '首選分行'],
      ['简体中文', '否', '首选分行'],
    ] as const) {
      const inPhone = phone(amy, language);
      await expect(inPhone.getByText(label).count()).resolves.toBe(0);
      await inPhone.getByRole('radio', { name: no, exact: true }).check();
      await inPhone.getByText(label, { exact: true }).first().waitFor();
    }
    // The app's Next in the English phone shows the field is required; the payload names the key.
    await phone(amy, 'English').getByRole('button', { name: 'Next' }).click();
    await phone(amy, 'English').getByRole('alert').filter({ hasText: 'Preferred branch' }).first().waitFor();
    await expect(amy.getByLabel('What the step sends').innerText()).resolves.toContain('"hasCdsAccount": false');
    await amy.getByRole('button', { name: 'Check on the server' }).click();
    await amy.getByText(/^The server refuses these answers: \d+$/).waitFor();
    await expect(amy.locator('.studio-check').innerText()).resolves.toContain('branch');
    await look(amy, 'lint-green-preview', true);

    // The JSON is the same document: the field is there, and an error typed into it is marked in place.
    await amy.getByRole('tab', { name: 'JSON' }).click();
    const editor = amy.getByRole('textbox', { name: 'JSON' });
    await expect(editor.innerText()).resolves.toContain('"preferredBranch"');
    await editor.click();
    await amy.keyboard.press('Control+Home');
    await amy.keyboard.type('oops ');
    await amy.locator('.cm-lintRange-error').first().waitFor();
    await lintStatus(amy).getByText('The JSON cannot be read: fix it in the JSON view.').waitFor();
    await look(amy, 'json-error');
    // The fix is typed while the page is busy (its CPU 100 times slower): React renders the keys'
    // texts late, and none of those late texts may put back a key typed since.
    await editor.click();
    await amy.keyboard.press('Control+Home');
    const devtools = await amy.context().newCDPSession(amy);
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 100 });
    for (let i = 0; i < 5; i++) await amy.keyboard.press('Delete');
    await devtools.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await lintStatus(amy).getByText('Lint clean').waitFor();

    // Unsaved edits are not dropped by opening another version without a word.
    await amy.getByRole('tab', { name: 'Versions' }).click();
    // The confirm holds the click until it is answered: the answer is given as it opens.
    let asked = '';
    amy.once('dialog', (dialog) => {
      asked = dialog.message();
      void dialog.dismiss();
    });
    await amy.getByRole('button', { name: 'the built-in version' }).click();
    expect(asked).toBe('You have unsaved changes. Drop them and open the other version?');
    await amy.getByText('Showing version 1, draft · unsaved changes').waitFor();

    await amy.getByRole('button', { name: 'Send for review' }).click();
    await amy.getByText('Sent for review.').waitFor();
    await amy.getByText('Showing version 1, in review').waitFor();
    await amy.getByText('Waiting for a second editor to publish it.').waitFor();
    await expect(amy.getByRole('button', { name: 'Publish' }).count()).resolves.toBe(0);

    // The second editor reads the changes and publishes.
    const chris = await newPage();
    await signIn(chris, 'chris@broker.example');
    await chris.getByRole('link', { name: 'Contact Information' }).click();
    await chris.getByRole('tab', { name: 'Versions' }).click();
    await chris.getByRole('button', { name: 'version 1' }).click();
    await chris.getByText('Showing version 1, in review').waitFor();
    await chris.getByRole('tab', { name: 'Changes' }).click();
    const changes = chris.locator('.studio-changes');
    await changes.getByText('Changes from the built-in version').waitFor();
    await expect(changes.innerText()).resolves.toMatch(/branch added[\s\S]*preferredBranch added[\s\S]*首選分行/);
    await look(chris, 'review-changes');
    // Publishing asks, repeating what it would do, once that has loaded.
    await chris.locator('.studio-impact li').first().waitFor();
    const question = acceptPublishQuestion(chris);
    await chris.getByRole('button', { name: 'Publish' }).click();
    expect(await question).toMatch(/^Publish version 1 to every applicant who has not answered this step yet\? Publishing would do this:\n\n• /);
    await chris.getByText('Published: applicants get this version from now on.').waitFor();
    await chris.getByText('Showing version 1, published').waitFor();
    await look(chris, 'published');

    // The next applicant is drawn version 1, must answer the branch, and the server stores it.
    const next = await applicant(7102);
    const drawn = (await next.c.get('/api/kh/account/schema/steps/contact')).body.data;
    expect(drawn.version).toBe(1);
    expect(drawn.document.fields.find((f: { id: string }) => f.id === 'branch')).toMatchObject({ dataSource: { dictionary: 'State' }, visibleWhen: { field: 'hasCdsAccount', eq: false }, rules: [{ rule: 'required' }, { rule: 'maxLength', max: 40 }] });
    const contact = { ...payloadOf('contact', next.data.contact), hasCdsAccount: false };
    const refused = await next.c.post('/kh/account/apply/fill-data', { fillStep: STEP_CODES.contact, relatedType: 'INIT', schemaVersion: 1, data: contact });
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields).toContainEqual(expect.objectContaining({ field: 'branch' }));
    const saved = await next.c.post('/kh/account/apply/fill-data', { fillStep: STEP_CODES.contact, relatedType: 'INIT', schemaVersion: 1, data: { ...contact, preferredBranch: '03' } });
    expect(saved.status).toBe(200);
    const stored = (await next.c.post('/kh/account/apply/fetch-data', { fillStep: STEP_CODES.contact, relatedType: 'INIT' })).body.data;
    expect(stored.preferredBranch).toBe('03');
    // The one mid-flow still submits under the built-in version.
    await submitAll(early.c, early.applyId, early.data);
    expect((await early.c.post('/kh/account/apply/check')).body.data.status).toBe(2);

    // Rollback takes two editors, as a publish does. Chris asks for it, here in zh-HK (the studio
    // speaks the editor's language): it becomes a version of the built-in document, in review.
    await chris.getByRole('combobox', { name: 'Language' }).selectOption('zh-HK');
    await chris.getByText('正在顯示第 1 版，已發佈').waitFor();
    await chris.getByRole('tab', { name: '版本' }).click();
    await chris.getByRole('button', { name: '內建版本' }).click();
    await chris.getByText('正在顯示內建版本，已發佈').waitFor();
    await chris.getByRole('button', { name: '提出重新發佈 內建版本' }).click();
    await chris.getByText('已提出回復至 內建版本：新版本正等待另一名編輯發佈。').waitFor();
    await chris.getByText(/正在顯示第 2 版，待審 · 回復至 內建版本/).waitFor();
    // Chris cannot publish his own request; the built-in version is not live yet.
    expect(await chris.getByRole('button', { name: '發佈', exact: true }).count()).toBe(0);
    expect((await (await applicant(7104)).c.get('/api/kh/account/schema/steps/contact')).body.data.version).toBe(1);
    await look(chris, 'rollback-asked-zh-HK');

    // Amy publishes it. The applicant above holds a preferred branch, which the built-in version does
    // not have: the studio knows the server's question by what it names, and asks her to say how.
    await amy.reload();
    await amy.getByRole('tab', { name: 'Versions' }).click();
    await amy.getByRole('button', { name: 'version 2' }).click();
    await amy.getByText(/Showing version 2, in review · rolls back to the built-in version/).waitFor();
    await amy.locator('.studio-impact li').first().waitFor();
    void acceptPublishQuestion(amy);
    await amy.getByRole('button', { name: 'Publish' }).click();
    await amy.getByRole('alert').getByText('1 open applications hold answers this version drops (preferredBranch). State the migration to publish it.').waitFor();
    await look(amy, 'rollback-needs-migration');
    await amy.getByLabel(/^Migration/).fill('Branch answers stay as given under version 1, read there by the back office.');
    const droppedAsked = acceptPublishQuestion(amy);
    await amy.getByRole('button', { name: 'Publish' }).click();
    expect(await droppedAsked).toContain('It drops the answer preferredBranch, which 1 open application holds');
    await amy.getByText('Published: applicants get this version from now on.').waitFor();
    await amy.getByRole('tab', { name: 'Versions' }).click();
    await expect(amy.locator('.studio-versions').innerText()).resolves.toMatch(/version 1[^\n]*retired by a rollback/);
    await look(amy, 'rolled-back');
    // Applicants who start now get the built-in document (as version 2); version 1 is retired, so its
    // pinned answer gives way to the live version too.
    const later = await applicant(7103);
    expect((await later.c.get('/api/kh/account/schema/steps/contact')).body.data.version).toBe(2);
    expect((await next.c.get('/api/kh/account/schema/steps/contact')).body.data.version).toBe(2);

    // The one refusal was the publish of the rollback without a migration.
    expect(env.problems).toEqual(['409 POST /staff/studio/steps/contact/versions/2/publish']);
  });
});
