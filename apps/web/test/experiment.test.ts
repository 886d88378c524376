// A studio experiment seen from the applicant app, in Chromium (issue: the studio and its funnel):
// a contact step whose e-mail is labelled "E-mail address" is tried on half of new applications.
// Each applicant is drawn the version their application's id draws, the app reports the version
// it drew with its events, and the comparison the studio reads counts them as done here by hand:
// those drawn the version tried go on, those drawn the live one leave. No stored event holds an answer.
import { drawsVersionTried } from '@kh/engine/experiment';
import { loadStepSchemas } from '@kh/engine/node';
import { staffLogin } from '@kh/testing';
import { describe, expect, it } from 'vitest';
import { analyticsEvents, applications } from '../../server/src/db/schema.ts';
import { createStaff } from '../../server/src/staff/staff-auth.ts';
import { phone, useProduct } from './harness.ts';
import { fillContact, login, next, waitPath } from './journey.ts';

const env = useProduct();

describe('an experiment, from the app', () => {
  it('draws each applicant a version by their application, and the comparison counts what they did', async () => {
    // Two editors: one writes the version, the other starts the experiment.
    const contact = loadStepSchemas().find((s) => s.id === 'contact')!;
    const { data: draft } = await env.product.staff('POST', '/staff/studio/steps/contact/drafts', { document: contact, translations: { en: { 'field.contact.email.label': 'E-mail address' } } }, 'editor');
    const version = draft.version as number;
    await env.product.staff('POST', `/staff/studio/steps/contact/versions/${version}/submit`, undefined, 'editor');
    await createStaff(env.product.database.db, { email: 'second.editor@broker.example', name: 'Second Editor', password: 'e2e second editor password', role: 'editor' });
    const second = await staffLogin(env.product.origin, 'second.editor@broker.example', 'e2e second editor password');
    const started = await fetch(`${env.product.origin}/staff/studio/steps/contact/versions/${version}/experiment`, { method: 'POST', headers: { authorization: `Bearer ${second}`, 'content-type': 'application/json' }, body: JSON.stringify({ share: 50 }) });
    expect(started.status).toBe(200);

    // New applicants until both versions have been drawn: the one tried goes on, the live one leaves.
    const walked: { mobile: string; tried: boolean }[] = [];
    for (let i = 0; i < 12 && !(walked.some((w) => w.tried) && walked.some((w) => !w.tried)); i++) {
      const mobile = `12363${String(i).padStart(4, '0')}`;
      const page = await (await phone(env.browser)).newPage();
      await login(page, env.product, mobile);
      await page.getByRole('button', { name: 'Get started' }).click();
      await waitPath(page, '/info/contact');
      await page.getByLabel('Username').waitFor();
      const tried = (await page.getByText('E-mail address', { exact: true }).count()) > 0;
      walked.push({ mobile, tried });
      if (tried) {
        await fillContact(page, 6300 + i);
        await next(page);
        await waitPath(page, '/market');
      } else {
        await page.getByLabel('Username').fill(`leaver${6300 + i}`);
        await page.getByLabel('Username').blur();
      }
      await page.close({ runBeforeUnload: true });
    }
    const triedCount = walked.filter((w) => w.tried).length;
    const liveCount = walked.length - triedCount;
    expect(triedCount).toBeGreaterThan(0);
    expect(liveCount).toBeGreaterThan(0);

    // Each was drawn what their application's id draws, and the app said so in its events.
    const stored = () => env.product.database.db.select().from(analyticsEvents);
    await expect.poll(async () => new Set((await stored()).filter((e) => e.eventCode === 'form_view' && (e.eventValue as { page?: string }).page === 'contact').map((e) => e.memberId)).size, { timeout: 15_000 }).toBe(walked.length);
    const owned = await env.product.database.db.select({ id: applications.id, memberId: applications.memberId }).from(applications);
    for (const event of (await stored()).filter((e) => e.eventCode === 'form_view' && (e.eventValue as { page?: string }).page === 'contact')) {
      const application = owned.find((each) => each.memberId === event.memberId);
      expect((event.eventValue as { version: number }).version).toBe(drawsVersionTried(application!.id, 'contact', 50) ? version : 0);
    }
    await expect.poll(async () => (await stored()).filter((e) => e.eventCode === 'step_next' && (e.eventValue as { is_success?: boolean }).is_success === true).length, { timeout: 15_000 }).toBe(triedCount);

    const { data: experiment } = await env.product.staff('GET', '/staff/studio/steps/contact/experiment', undefined, 'editor');
    expect(experiment.arms).toEqual({ tried: { version, reached: triedCount, completed: triedCount, erred: 0 }, live: { version: 0, reached: liveCount, completed: 0, erred: 0 } });
    expect(experiment.completion).toEqual({ verdict: 'tooFew', p: null });

    const everything = JSON.stringify(await stored());
    for (const { mobile } of walked) expect(everything).not.toContain(mobile);
    for (let i = 0; i < walked.length; i++) for (const typed of [`applicant${6300 + i}`, `leaver${6300 + i}`]) expect(everything).not.toContain(typed);
  });
});
