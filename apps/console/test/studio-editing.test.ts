// The studio as product editors work in it, at 1280x800 in Debian's Chromium against the real server:
// the tree reads as the applicant will (labels in the editor's language, edited in place), a rename
// carries the field's texts, data key and the rules that read it, one undo history runs across the
// tree, the texts and the JSON, the texts go out to translators as CSV and come back as changes to
// accept, every way out of unsaved edits asks, and the second editor lands on the draft under review
// with a statement of what publishing it would do. axe on each screen; screenshots saved.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { analyticsEvents } from '../../server/src/db/schema.ts';
import { answers, fill, uploadedPath } from '../../server/test/fixtures.ts';
import { login } from '../../server/test/harness.ts';
import { AT_PC_SIZE, useConsole } from './harness.ts';
import { signInEnrolling } from './sign-in.ts';

const PASSWORD = 'studio editing password';
const env = useConsole(
  'studio-editing',
  [
    ['ann@broker.example', 'Ann Author', 'editor'],
    ['rex@broker.example', 'Rex Reviewer', 'editor'],
  ],
  PASSWORD,
);
const look = (page: Page, name: string) => env.look(page, name, AT_PC_SIZE);
const tree = (page: Page) => page.locator('.studio-tree > .studio-tree__list');
const treeRow = (page: Page, id: string) => page.getByRole('button', { name: new RegExp(`\\b${id} · `) });
const lintStatus = (page: Page) => page.locator('.studio-step > p[role="status"]');
/** Answers the next dialog (a confirm) and gives back its question. */
const answerNextDialog = (page: Page, accept: boolean) =>
  new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    }),
  );

describe('editing in the studio', () => {
  it('labels in place, a rename that carries its keys, one undo history, texts round-tripped as CSV, a guarded exit and the impact stated to the reviewer', async () => {
    // An applicant who already answered the contact step: the rename below drops their `email` key.
    const mobile = `13${String(3000000 + 6101)}`;
    const applicant = await login(env.server, mobile);
    await applicant.post('/kh/account/apply/create', { relatedType: 'INIT' });
    const data = answers(6101, { proof: await uploadedPath(applicant), statement: await uploadedPath(applicant), signature: await uploadedPath(applicant) }, mobile);
    expect((await fill(applicant, 'contact', data.contact)).status).toBe(200);

    // What the app reported today: two applicants reached the contact step; one was held back at the
    // e-mail and left there, the other went on after 45 s.
    // A minute ago, or just after this Kuala Lumpur day began (the list counts today's KL day).
    const klDayStart = Date.parse(`${new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10)}T00:00:00+08:00`);
    const now = Math.max(Date.now() - 60_000, klDayStart + 1000);
    const event = (memberId: string, eventCode: string, seconds: number, value: Record<string, unknown>) => ({ channel: 'H5', memberId, eventCode, eventValue: { page: 'contact', version: 0, ...value }, createdAt: new Date(now + seconds * 1000) });
    await env.server.database.db.insert(analyticsEvents).values([
      event('a', 'form_view', 0, {}),
      event('a', 'field_error', 5, { field: 'email', rule: 'validation.requiredEnter' }),
      event('b', 'form_view', 0, {}),
      event('b', 'input', 10, { field: 'email' }),
      event('b', 'step_next', 45, { is_success: true }),
    ]);

    const ann = await env.newPage(1280, 800);
    await signInEnrolling(ann, env.server.baseUrl, 'ann@broker.example', PASSWORD);
    // Where applicants give up, on the steps list.
    const funnelRow = ann.getByRole('region', { name: /Where applicants give up/ }).getByRole('row').filter({ hasText: 'Contact Information' });
    await expect.poll(() => funnelRow.innerText()).toMatch(/Contact Information\s+the built-in version\s+2\s+1\s+1 \(50%\)\s+45 s/);
    await look(ann, 'funnel');
    // Every lint is in (the list stops asking again, its rows stop changing) before a step is opened.
    await expect.poll(() => ann.getByText('Checking…').count(), { timeout: 30_000 }).toBe(0);
    await ann.getByRole('link', { name: 'Contact Information' }).click();
    await ann.waitForURL((url) => url.pathname === '/console/studio/contact');
    await ann
      .getByRole('button', { name: 'New draft from this' })
      .waitFor()
      .catch(async (error: unknown) => {
        throw new Error(`No "New draft from this" on ${ann.url()}: ${(await ann.locator('main').innerText()).slice(0, 400)}`, { cause: error });
      });
    await ann.getByRole('button', { name: 'New draft from this' }).click();
    await ann.getByText('Showing version 1, draft').waitFor();
    await lintStatus(ann).getByText('Lint clean').waitFor();
    // The draft's tree shows what applicants did at each field of the version it started from.
    await expect.poll(() => treeRow(ann, 'email').innerText()).toMatch(/1 filled · 1 held back · 1 left here/);

    // The tree reads as the applicant will: each field's label in the editor's language, its id after.
    await expect(treeRow(ann, 'email').innerText()).resolves.toMatch(/^E-mail\s+email · Input/);
    await expect(tree(ann).innerText()).resolves.not.toContain('field.contact.');

    // A label edited in place, in the tree.
    await ann.getByRole('button', { name: 'Edit the label of email' }).click();
    const inPlace = ann.getByRole('textbox', { name: 'Label of email in English' });
    await expect(inPlace.inputValue()).resolves.toBe('E-mail');
    await inPlace.fill('E-mail address');
    await inPlace.press('Enter');
    await expect(treeRow(ann, 'email').innerText()).resolves.toMatch(/^E-mail address/);
    await ann.frameLocator('iframe[title="The step in English"]').getByText('E-mail address').first().waitFor();
    await look(ann, 'label-in-place');

    // A rename carries the label and placeholder keys (and their texts), and, asked to, the data key and its declaration.
    await treeRow(ann, 'email').click();
    const form = ann.locator('.studio-form');
    await form.getByLabel(/Rename its data key \(email\) as well/).check();
    await form.getByLabel('Id', { exact: true }).fill('mobile');
    await form.getByLabel('Id', { exact: true }).press('Enter');
    await form.getByRole('alert').getByText('Another field of this step is already called mobile; the field keeps its name.').waitFor();
    await form.getByLabel('Id', { exact: true }).fill('mail');
    await form.getByLabel('Id', { exact: true }).press('Enter');
    await treeRow(ann, 'mail').waitFor();
    await expect(form.getByLabel('Label key').inputValue()).resolves.toBe('field.contact.mail.label');
    await expect(form.getByLabel('Data key', { exact: true }).inputValue()).resolves.toBe('mail');
    await expect(form.getByLabel('Label in English').inputValue()).resolves.toBe('E-mail address');
    await lintStatus(ann).getByText('Lint clean').waitFor();
    await ann.getByRole('tab', { name: 'Texts' }).click();
    await expect(ann.getByLabel('field.contact.mail.label in zh-HK').inputValue()).resolves.toBe('電郵地址');
    await expect(ann.getByLabel('field.contact.mail.placeholder in en').inputValue()).resolves.toBe('name@example.com');
    await look(ann, 'renamed');

    // One history: undo steps back through the rename and the label, redo forward again, whichever view has focus.
    await ann.getByRole('tab', { name: 'Fields' }).click();
    await ann.keyboard.press('Control+z');
    await treeRow(ann, 'email').waitFor();
    await expect.poll(() => treeRow(ann, 'email').innerText()).toMatch(/^E-mail address/);
    await ann.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => treeRow(ann, 'email').innerText()).toMatch(/^E-mail\s/);
    await ann.keyboard.press('Control+Shift+z');
    await ann.getByRole('button', { name: 'Redo' }).click();
    await treeRow(ann, 'mail').waitFor();
    // Typed in the JSON, undone from the JSON with the same keys.
    await ann.getByRole('tab', { name: 'JSON' }).click();
    const json = ann.getByRole('textbox', { name: 'JSON' });
    await json.click();
    await ann.keyboard.press('Control+Home');
    await ann.keyboard.type('oops ');
    await lintStatus(ann).getByText('The JSON cannot be read: fix it in the JSON view.').waitFor();
    await ann.keyboard.press('Control+z');
    await lintStatus(ann).getByText('Lint clean').waitFor();
    await expect(json.innerText()).resolves.toMatch(/^\{/);
    await ann.getByRole('tab', { name: 'Fields' }).click();
    await treeRow(ann, 'mail').waitFor();

    // A field kind dragged from the palette goes in after the field it is dropped on; undo takes it out.
    await ann.getByRole('button', { name: 'Add a Switch' }).dragTo(treeRow(ann, 'username'));
    await treeRow(ann, 'newSwitch').waitFor();
    const order = async () => (await tree(ann).locator(':scope > li > .studio-tree__row .studio-tree__id').allInnerTexts()).map((text) => text.split(' · ')[0]);
    await expect(order()).resolves.toEqual(expect.arrayContaining(['username', 'newSwitch']));
    const ids = await order();
    expect(ids.indexOf('newSwitch')).toBe(ids.indexOf('username') + 1);
    await look(ann, 'palette-drop');
    await ann.keyboard.press('Control+z');
    await expect.poll(() => treeRow(ann, 'newSwitch').count()).toBe(0);
    await lintStatus(ann).getByText('Lint clean').waitFor();

    // The texts go out as CSV and come back as changes to accept.
    await ann.getByRole('tab', { name: 'Texts' }).click();
    const downloading = ann.waitForEvent('download');
    await ann.getByRole('button', { name: 'Download the texts as CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('contact-v1-texts.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFkey,en,zh-HK,zh-CN');
    expect(csv).toContain('field.contact.mail.label,E-mail address,電郵地址,电子邮箱');
    const translated = csv.replace('field.contact.mail.label,E-mail address,電郵地址,电子邮箱', 'field.contact.mail.label,E-mail address,電子郵件,电子邮箱');
    await ann.getByLabel('Import a CSV').setInputFiles({ name: 'contact-texts.csv', mimeType: 'text/csv', buffer: Buffer.from(translated) });
    const review = ann.locator('.studio-csv__review');
    await review.getByText('contact-texts.csv: 1 text would change').waitFor();
    await expect(review.getByRole('row').nth(1).innerText()).resolves.toMatch(/field\.contact\.mail\.label\s+zh-HK\s+電郵地址\s+電子郵件/);
    await look(ann, 'csv-review');
    await review.getByRole('button', { name: 'Accept 1 change' }).click();
    await expect(ann.getByLabel('field.contact.mail.label in zh-HK').inputValue()).resolves.toBe('電子郵件');
    // A file that is not the texts changes nothing, and says why.
    await ann.getByLabel('Import a CSV').setInputFiles({ name: 'other.csv', mimeType: 'text/csv', buffer: Buffer.from('name,en\nx,y') });
    await ann.getByRole('alert').getByText(/has no "key" column/).waitFor();

    // Every way out of unsaved edits asks: the header's links, "All steps", the browser's back.
    for (const link of [ann.getByRole('link', { name: 'All steps' }), ann.getByRole('link', { name: 'My account' })]) {
      const asked = answerNextDialog(ann, false);
      await link.click();
      expect(await asked).toBe('You have unsaved changes to this draft. Drop them and leave?');
      await ann.getByText('Showing version 1, draft · unsaved changes').waitFor();
    }
    const askedOnBack = answerNextDialog(ann, false);
    // The browser's back (page.goBack waits for a load that a same-page history step never makes).
    await ann.evaluate('history.back()');
    expect(await askedOnBack).toBe('You have unsaved changes to this draft. Drop them and leave?');
    await ann.getByText('Showing version 1, draft · unsaved changes').waitFor();
    expect(new URL(ann.url()).pathname).toBe('/console/studio/contact');

    // Saved and sent, nothing asks; the impact can be read before sending.
    await ann.getByRole('button', { name: 'Save draft' }).click();
    await ann.getByText('Draft saved.').waitFor();
    await ann.getByRole('button', { name: 'What would publishing do?' }).click();
    await ann.locator('.studio-impact').getByText(/It drops the answer email, which 1 open application holds/).waitFor();
    await ann.getByRole('button', { name: 'Send for review' }).click();
    await ann.getByText('Showing version 1, in review').waitFor();
    await ann.getByRole('link', { name: 'All steps' }).click();
    await ann.getByRole('heading', { name: 'Schema studio' }).waitFor();

    // The second editor lands on the draft under review, and reads what publishing it would do.
    const rex = await env.newPage(1280, 800);
    await signInEnrolling(rex, env.server.baseUrl, 'rex@broker.example', PASSWORD);
    await rex.getByRole('link', { name: 'Contact Information' }).click();
    await rex.getByText('Showing version 1, in review').waitFor();
    const impact = rex.locator('.studio-impact');
    await impact.getByRole('heading', { name: 'What publishing this version would do' }).waitFor();
    await impact.getByRole('listitem').first().waitFor();
    const statement = await impact.innerText();
    expect(statement).toContain('1 open application has answered this step (1 under the live version)');
    expect(statement).toContain('It drops the answer email, which 1 open application holds: publishing needs a migration note.');
    expect(statement).toContain('Of the most recently saved answers (1 checked), 1 that the live version accepts would be refused by this version, at mail (1).');
    expect(statement).toContain('Fields added: mail.');
    expect(statement).toContain('Fields removed: email.');
    expect(statement).toMatch(/Texts changed: \d+ in English, \d+ in 繁體中文,? and \d+ in 简体中文\./);
    await look(rex, 'review-impact');

    // Review is a conversation: Rex comments on the renamed field and sends the version back.
    await treeRow(rex, 'mail').click();
    const comments = rex.locator('.studio-comments');
    await comments.getByLabel('A comment on mail (the field chosen in the tree)').fill('Keep the key email: the back office reads it.');
    await comments.getByRole('button', { name: 'Add comment' }).click();
    await comments.getByText('Keep the key email: the back office reads it.').waitFor();
    await comments.getByRole('button', { name: 'Request changes' }).click();
    await rex.getByText('Sent back to its author as a draft, with your comments.').waitFor();
    await rex.getByText('Showing version 1, draft').waitFor();
    await look(rex, 'changes-requested');
    // Ann is told where she works: the studio list counts what is asked of her.
    await ann.reload();
    const contactRow = ann.getByRole('row').filter({ hasText: 'Contact Information' }).first();
    await expect.poll(() => contactRow.innerText()).toContain('1 open thread');
    await look(ann, 'list-changes-asked');
    // Her draft again, the request said in its header, the thread marked on its field, and beside it.
    await ann.getByRole('link', { name: 'Contact Information' }).click();
    await ann.getByText('Showing version 1, draft').waitFor();
    await ann.getByRole('alert').getByText('Changes asked for by Rex Reviewer: 1 open thread below, to settle once answered.').waitFor();
    await expect.poll(() => treeRow(ann, 'mail').innerText()).toContain('💬 1 open thread');
    const returned = ann.locator('.studio-comments');
    await returned.getByText(/On mail:\s*Keep the key email: the back office reads it\./).waitFor();
    await expect(returned.innerText()).resolves.toContain('Rex Reviewer');
    // She replies in the thread and settles it: the marks go.
    await returned.getByRole('button', { name: 'Reply' }).click();
    await returned.getByLabel('Reply to Rex Reviewer').fill('Renamed back in the next save.');
    await returned.getByRole('button', { name: 'Send reply' }).click();
    await returned.getByRole('list', { name: '1 reply' }).getByText('Renamed back in the next save.').waitFor();
    await look(ann, 'thread-replied');
    await returned.getByRole('button', { name: 'Settle' }).click();
    await returned.getByText(/settled by Ann Author/).waitFor();
    await expect.poll(() => treeRow(ann, 'mail').innerText()).not.toContain('open thread');
    await expect(ann.getByText(/Changes asked for by/).count()).resolves.toBe(0);
    await returned.getByLabel(/A comment on the version/).fill('Renamed back in the next save.');
    await returned.getByRole('button', { name: 'Add comment' }).click();
    await expect.poll(() => returned.getByText('Renamed back in the next save.').count()).toBe(2);
    expect(env.problems).toEqual([]);
  });
});
