// What the studio publishes is what the next new applicant sees, on every form step it lists (issue
// 52: a published personal step reached no one, the identity check's pre-fill having pinned the
// built-in version; the payment page drew fixed texts). A version of each step, with a note at its
// top that no built-in text has, is published; then a new applicant walks the built app from login
// to the submitted page, and through a rejection to the document upload. On each step the note is
// on screen, the server draws that version, and the answer is stored under it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationSteps } from '../../server/src/db/schema.ts';
import { phone, shooter, useProduct } from './harness.ts';
import { next, upload, verifyIdentity, waitPath } from './journey.ts';
import { submitNewApplication } from './new-application.ts';
import { editors } from './studio-editors.ts';

const env = useProduct();

/** The steps the studio lists, and the journey's name for the page each is on. */
const STEPS = ['contact', 'market', 'identity', 'personal', 'work', 'financial', 'investment', 'tax', 'declaration', 'agreement', 'signature', 'payment', 'documentUpload'] as const;
type Step = (typeof STEPS)[number];
const PAGE_OF: Record<string, Step> = { contact: 'contact', market: 'market', identity: 'identity', personal: 'personal', work: 'work', financial: 'financial', investment: 'investment', tax: 'tax', declaration: 'declaration', agreement: 'agreement', signature: 'signature', payment: 'payment' };
/** Steps the applicant's app never saves: the payment page only reads its step (SPEC §5). */
const NEVER_SAVED: Step[] = ['payment'];

const noteOf = (step: Step) => ({ en: `Published note on the ${step} step`, 'zh-HK': `${step} 已發佈的說明`, 'zh-CN': `${step} 已发布的说明` });
/** The built-in step with a note at its top: a new field, so the document itself is drawn, not only its texts. */
function withNote(step: Step) {
  const document = JSON.parse(readFileSync(resolve(import.meta.dirname, `../../../schemas/steps/${step}.json`), 'utf8'));
  const labelKey = `field.${step}.publishedNote.label`;
  document.fields.unshift({ id: 'publishedNote', kind: 'Header', labelKey });
  const note = noteOf(step);
  return { document, translations: Object.fromEntries(Object.entries(note).map(([language, text]) => [language, { [labelKey]: text }])) };
}

/** What the applicant saw on each step: the note, and the version the server draws for them there. */
const seen = new Map<Step, { noted: boolean; drawn: number }>();
async function look(page: Page, step: Step) {
  const noted = await page
    .getByText(noteOf(step).en, { exact: true })
    .waitFor({ timeout: 10_000 })
    .then(() => true, () => false);
  const drawn = await page.evaluate(async (stepId) => (await fetch(`/api/kh/account/schema/steps/${stepId}`).then((r) => r.json())).data.version as number, step);
  seen.set(step, { noted, drawn });
}

const published = new Map<Step, number>();
let applyId = '';

describe('a version published on every form step reaches the next new applicant', () => {
  beforeAll(async () => {
    const { publish } = await editors(env.product);
    for (const step of STEPS) published.set(step, await publish(step, withNote(step)));

    const page = await (await phone(env.browser)).newPage();
    const shooting = shooter('published-every-step');
    const shot = Object.assign(
      async (p: Page, name: string) => {
        const step = PAGE_OF[name];
        if (!step) return;
        await look(p, step);
        // The payment page is new in its drawing from the step document: at a PC's size too.
        await (step === 'payment' ? shooting.both(p, name) : shooting(p, name));
      },
      { both: shooting.both },
    );
    const { nric } = await submitNewApplication(page, env.product, 521, { shot });
    const list = await env.product.staff('GET', '/staff/applications?status=2');
    applyId = (list.data.items as { id: string }[])[0].id;

    // The ID document and the statement rejected: the identity step again, the document upload (the
    // identity check alone stands in for it when only the document is rejected), the statement.
    await env.product.staff('POST', `/staff/applications/${applyId}/reject`, { items: ['2005-bankStatement', '2002-idDocument'], note: 'The photo of the front is cut off.' });
    await page.goto(`${env.product.origin}/status/entry`);
    await page.getByRole('heading', { name: 'Review failed' }).waitFor();
    await page.getByRole('button', { name: 'Modify' }).click();
    await waitPath(page, '/status/rejected');
    await page.getByRole('button', { name: 'Modify Information' }).click();
    await waitPath(page, '/iam/start');
    await verifyIdentity(page, nric);
    await waitPath(page, '/iam/upload');
    await look(page, 'documentUpload');
    await shooting(page, 'document-upload');
    await upload(page, 'Front of the document');
    await upload(page, 'Back of the document');
    await next(page);
    await waitPath(page, '/info/financial');
    await upload(page, 'Bank statement');
    await next(page);
    await waitPath(page, '/status/complete');
    await page.getByRole('heading', { name: 'Submitted for evaluation' }).waitFor();
  }, 600_000);

  it.each(STEPS)('%s: the note is on screen, the version is drawn, the answer is stored under it', async (step) => {
    const version = published.get(step)!;
    expect(version).toBeGreaterThan(0);
    expect(seen.get(step)).toEqual({ noted: true, drawn: version });
    const row = (await env.product.database.db.select().from(applicationSteps)).find((r) => r.applicationId === applyId && r.stepId === step);
    if (NEVER_SAVED.includes(step)) expect(row?.schemaVersion ?? null).toBeNull();
    else expect(row?.schemaVersion).toBe(version);
  });
});
