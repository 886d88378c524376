// Publishing in the studio beyond "now", at 1280x800 and 390x844 in Debian's Chromium against the real
// server: the second editor tries a version on a share of new applications, the two versions are
// compared in words, one editor asks to end it by publishing the version tried and another confirms;
// a publish scheduled for a time is shown as such and called off; a translation whose English changed
// is flagged until translated again or confirmed. axe on each screen; screenshots saved.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { analyticsEvents, stepExperiments } from '../../server/src/db/schema.ts';
import { useConsole } from './harness.ts';
import { signInEnrolling } from './sign-in.ts';

const PASSWORD = 'studio publishing password';
const env = useConsole(
  'studio-publishing',
  [
    ['ann@broker.example', 'Ann Author', 'editor'],
    ['rex@broker.example', 'Rex Reviewer', 'editor'],
  ],
  PASSWORD,
);

/** Ann opens the tax step, starts a draft from the live version and sends it for review. */
async function draftSentForReview(ann: Page, version: number): Promise<void> {
  await ann.goto(`${env.server.baseUrl}/console/studio/tax`);
  await ann.getByRole('button', { name: 'New draft from this' }).click();
  await ann.getByText(`Showing version ${version}, draft`).waitFor();
  await ann.locator('.studio-step > p[role="status"]').getByText('Lint clean').waitFor();
  await ann.getByRole('button', { name: 'Send for review' }).click();
  await ann.getByText(`Showing version ${version}, in review`).waitFor();
}

describe('publishing beyond now', () => {
  it('an experiment started, compared in words and ended by two editors; a publish scheduled and called off', async () => {
    const ann = await env.newPage(1280, 800);
    await signInEnrolling(ann, env.server.baseUrl, 'ann@broker.example', PASSWORD);
    await draftSentForReview(ann, 1);

    const rex = await env.newPage(1280, 800);
    await signInEnrolling(rex, env.server.baseUrl, 'rex@broker.example', PASSWORD);
    await rex.goto(`${env.server.baseUrl}/console/studio/tax`);
    await rex.getByText('Showing version 1, in review').waitFor();
    await rex.getByLabel('Share of new applications (%)').fill('50');
    await rex.getByRole('button', { name: 'Try on that share' }).click();
    await rex.getByText('Experiment started: 50% of new applications are drawn this version.').waitFor();
    await rex.getByText('Showing version 1, tried on a share').waitFor();
    const panel = rex.locator('.studio-experiment');
    await panel.getByRole('heading', { name: 'Experiment: version 1 on 50% of new applications, beside the built-in version' }).waitFor();
    await panel.getByText('Too few people yet to tell: each version needs at least 20.').first().waitFor();
    await env.look(rex, 'experiment-started');

    // What the app reported since: 24 people drawn each version; 20 went on with version 1, 8 with the built-in one.
    const [started] = await env.server.database.db.select().from(stepExperiments);
    const event = (member: string, eventCode: string, ms: number, value: Record<string, unknown>) => ({ channel: 'H5', memberId: member, eventCode, eventValue: { page: 'tax', ...value }, createdAt: new Date(started!.startedAt.getTime() + ms) });
    const rows = [];
    for (let i = 0; i < 24; i++) {
      rows.push(event(`t${i}`, 'form_view', 10, { version: 1 }), event(`l${i}`, 'form_view', 10, { version: 0 }));
      if (i < 20) rows.push(event(`t${i}`, 'step_next', 50, { version: 1, is_success: true }));
      if (i < 8) rows.push(event(`l${i}`, 'step_next', 50, { version: 0, is_success: true }));
      if (i < 4) rows.push(event(`t${i}`, 'field_error', 20, { version: 1, field: 'taxResidency', rule: 'validation.required' }), event(`l${i}`, 'field_error', 20, { version: 0, field: 'taxResidency', rule: 'validation.required' }));
    }
    await env.server.database.db.insert(analyticsEvents).values(rows);
    await rex.reload();
    await panel.getByRole('row').filter({ hasText: '(tried)' }).waitFor();
    await expect(panel.getByRole('row').filter({ hasText: '(tried)' }).innerText()).resolves.toMatch(/version 1 \(tried\)\s+24\s+20 \(83%\)\s+4 \(17%\)/);
    await expect(panel.getByRole('row').filter({ hasText: '(live)' }).innerText()).resolves.toMatch(/the built-in version \(live\)\s+24\s+8 \(33%\)\s+4 \(17%\)/);
    await panel.getByText(/More people go on with version 1 than with the built-in version: more than chance would make \(p = 0\.00\d\)\./).waitFor();
    await panel.getByText(/Whether more people are held back at a field with one version than the other could be chance \(p = 1\.000\)\./).waitFor();
    await env.look(rex, 'experiment-compared');

    // Rex asks to end it by publishing version 1; he cannot confirm his own question; Ann does.
    await panel.getByRole('button', { name: 'End it: publish version 1' }).click();
    await panel.getByText('Rex Reviewer asks to end the experiment by publishing version 1. A second editor confirms it.').waitFor();
    expect(await panel.getByRole('button', { name: 'Confirm the end' }).count()).toBe(0);
    await ann.goto(`${env.server.baseUrl}/console/studio/tax`);
    const annPanel = ann.locator('.studio-experiment');
    await annPanel.getByText('Rex Reviewer asks to end the experiment by publishing version 1.').waitFor();
    await env.look(ann, 'experiment-end-asked');
    await annPanel.getByRole('button', { name: 'Confirm the end' }).click();
    await annPanel.getByText('Experiment ended: the version tried is live.').waitFor();
    await ann.getByText(/Showing version 1, published · live/).waitFor();
    await annPanel.getByRole('heading', { name: 'Experiment ended: version 1 on 50% of new applications, beside the built-in version' }).waitFor();

    // A publish scheduled for a time: shown with its time, and called off.
    await draftSentForReview(ann, 2);
    await rex.goto(`${env.server.baseUrl}/console/studio/tax`);
    await rex.getByText('Showing version 2, in review').waitFor();
    await rex.getByLabel('Publish at').fill('2026-12-24T09:30');
    await rex.locator('.studio-impact li').first().waitFor();
    const asked = new Promise<string>((resolve) => rex.once('dialog', (dialog) => (resolve(dialog.message()), void dialog.accept())));
    await rex.getByRole('button', { name: 'Schedule', exact: true }).click();
    expect(await asked).toMatch(/^Publish version 2 at Dec 24, 2026, 9:30\sAM\? Publishing would do this, as of now:/);
    await rex.getByText(/Scheduled: this version is published at Dec 24, 2026, 9:30\sAM\./).waitFor();
    await rex.getByText('Showing version 2, scheduled').waitFor();
    await rex.getByText(/Scheduled to be published at Dec 24, 2026, 9:30\sAM\./).waitFor();
    await env.look(rex, 'scheduled');
    await rex.getByRole('button', { name: 'Call the publish off' }).click();
    await rex.getByText('The scheduled publish is called off: the version is back in review.').waitFor();
    await rex.getByText('Showing version 2, in review').waitFor();

    // A translation made from English that has changed is flagged until translated again or confirmed.
    await ann.goto(`${env.server.baseUrl}/console/studio/tax`);
    await ann.getByRole('button', { name: 'New draft from this' }).click();
    await ann.getByText('Showing version 3, draft').waitFor();
    await ann.getByRole('tab', { name: 'Texts' }).click();
    await ann.getByLabel('field.tax.birthCountry.label in en').fill('Country or territory of birth');
    const flagged = ann.getByText('2 translations were made from English that has changed since: translate them again, or confirm they are still right.');
    await flagged.waitFor();
    await ann.getByLabel('field.tax.birthCountry.label in zh-HK').fill('出生國家或地區');
    await ann.getByText('1 translation was made from English that has changed since: translate it again, or confirm it is still right.').waitFor();
    await env.look(ann, 'translation-outdated');
    await ann.getByRole('button', { name: 'The zh-CN text of field.tax.birthCountry.label is still right' }).click();
    await ann.getByText('Confirmed: the 简体中文 text is still right.').waitFor();
    expect(await ann.getByText(/made from English that has changed since/).count()).toBe(0);
    // Kept by the server: opened again, nothing is outdated.
    await ann.reload();
    await ann.getByText('Showing version 3, draft').waitFor();
    await ann.getByRole('tab', { name: 'Texts' }).click();
    await ann.getByLabel('field.tax.birthCountry.label in zh-HK').waitFor();
    expect(await ann.getByLabel('field.tax.birthCountry.label in zh-HK').inputValue()).toBe('出生國家或地區');
    expect(await ann.getByText(/made from English that has changed since/).count()).toBe(0);
    expect(env.problems).toEqual([]);
  });
});
