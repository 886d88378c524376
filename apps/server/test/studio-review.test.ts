// The studio's review as a conversation (issue: review is a conversation): the reviewing editor
// comments on a field or the whole version and requests changes, which sends it back to its author as
// a draft with the comments; the author answers and sends it again. Who may do what, and the refusals in words.
import { loadStepSchemas } from '@kh/engine/node';
import type { StepSchema } from '@kh/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox } from '../src/db/schema.ts';
import { signInStaff, staffCall, startServer, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startServer();
  Object.assign(tokens, await signInStaff(server, [['ed', 'Eddie Editor', 'editor'], ['erin', 'Erin Editor', 'editor'], ['eve', 'Eve Editor', 'editor'], ['rev', 'Rita Reviewer', 'reviewer']]));
});
afterAll(() => server.close());
const as = (who: string) => staffCall(() => server.baseUrl, () => tokens[who]);
const contact = (): StepSchema => structuredClone(loadStepSchemas().find((s) => s.id === 'contact')!);

describe('review as a conversation', () => {
  it('comments, a request for changes that returns the draft, an answer, and the version sent again', async () => {
    const { version } = (await as('ed')('POST', '/staff/studio/steps/contact/drafts', { document: contact(), translations: {} })).body.data as { version: number };
    const base = `/staff/studio/steps/contact/versions/${version}`;
    // Nobody but the author comments on a draft; nobody requests changes on one.
    expect((await as('erin')('POST', `${base}/comments`, { body: 'Too early' })).status).toBe(409);
    expect((await as('erin')('POST', `${base}/request-changes`, {})).status).toBe(409);
    expect((await as('ed')('POST', `${base}/submit`)).status).toBe(200);

    // Erin reviews: nothing said yet, so no request for changes; then a comment on a field.
    const unsaid = await as('erin')('POST', `${base}/request-changes`, {});
    expect(unsaid.status).toBe(400);
    expect(unsaid.body.msg).toBe('Say what to change: comment on a field, or write a note.');
    expect((await as('erin')('POST', `${base}/comments`, { field: 'nope', body: 'x' })).body.msg).toBe('This version has no field nope.');
    expect((await as('erin')('POST', `${base}/comments`, { field: 'email', body: '   ' })).body.msg).toBe('Write the comment first.');
    expect((await as('erin')('POST', `${base}/comments`, { field: 'email', body: 'x'.repeat(2001) })).status).toBe(400);
    expect((await as('erin')('POST', `${base}/comments`, { field: 'email', body: 'Say why we need the e-mail.' })).status).toBe(200);
    // The author cannot ask for changes to their own version; a reviewer of cases is no editor.
    expect((await as('ed')('POST', `${base}/request-changes`, {})).status).toBe(403);
    expect((await as('rev')('GET', `${base}/comments`)).status).toBe(403);

    const sent = await as('erin')('POST', `${base}/request-changes`, { note: 'Nearly there.' });
    expect(sent.body.data).toEqual({ version, status: 'draft' });
    const history = (await as('ed')('GET', '/staff/studio/steps/contact')).body.data as { versions: { version: number; status: string; submittedAt: string | null }[] };
    expect(history.versions.find((v) => v.version === version)).toMatchObject({ status: 'draft', submittedAt: null });
    const comments = (await as('ed')('GET', `${base}/comments`)).body.data as { field: string | null; body: string; author: string; changesRequested: boolean }[];
    expect(comments.map(({ field, body, author, changesRequested }) => ({ field, body, author, changesRequested }))).toEqual([
      { field: 'email', body: 'Say why we need the e-mail.', author: 'Erin Editor', changesRequested: true },
      { field: null, body: 'Nearly there.', author: 'Erin Editor', changesRequested: true },
    ]);

    // The author answers on the draft, changes it and sends it again; Erin cannot comment on the draft now.
    expect((await as('ed')('POST', `${base}/comments`, { field: 'email', body: 'Added a help text.' })).status).toBe(200);
    expect((await as('erin')('POST', `${base}/comments`, { body: 'Me too' })).status).toBe(409);
    expect((await as('ed')('PUT', base, { document: contact(), translations: { en: { 'field.contact.email.help': 'For account notices.' } } })).status).toBe(200);
    expect((await as('ed')('POST', `${base}/submit`)).status).toBe(200);
    expect((await as('erin')('GET', `${base}/comments`)).body.data).toHaveLength(3);
    // Each step of it is in the audit: three comments, one request for changes.
    const actions = (await server.database.db.select({ action: auditLog.action }).from(auditLog)).map((row) => row.action);
    expect(actions.filter((action) => action === 'studioComment')).toHaveLength(2);
    expect(actions.filter((action) => action === 'studioChangesRequested')).toHaveLength(1);
  });

  it('threads: replies join a thread on its field, a thread is settled and opened again, and the author is told where they work and by e-mail', async () => {
    const { version } = (await as('ed')('POST', '/staff/studio/steps/contact/drafts', { document: contact(), translations: {} })).body.data as { version: number };
    const base = `/staff/studio/steps/contact/versions/${version}`;
    expect((await as('ed')('POST', `${base}/submit`)).status).toBe(200);
    const thread = (await as('erin')('POST', `${base}/comments`, { field: 'mobile', body: 'Why two mobile fields?' })).body.data.id as number;
    const other = (await as('erin')('POST', `${base}/comments`, { body: 'Check the Chinese texts.' })).body.data.id as number;
    expect((await as('ed')('GET', '/staff/studio/steps')).body.data.find((s: { stepId: string }) => s.stepId === 'contact').changesRequested).toBe(0);
    expect((await as('erin')('POST', `${base}/request-changes`, {})).status).toBe(200);

    // The author sees the asked changes on the studio list, and has an e-mail saying who asked and where.
    const listed = (await as('ed')('GET', '/staff/studio/steps')).body.data.find((s: { stepId: string }) => s.stepId === 'contact');
    expect(listed.changesRequested).toBe(2);
    expect((await as('erin')('GET', '/staff/studio/steps')).body.data.find((s: { stepId: string }) => s.stepId === 'contact').changesRequested).toBe(0);
    const mails = (await server.database.db.select().from(mailOutbox)).filter((mail) => mail.subject === `Changes asked for on version ${version} of the contact step`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain('Erin Editor asked for changes to your version');
    expect(mails[0]!.body).toContain('/console/studio/contact');

    // A reply joins the thread, on its field (a reply to a reply too); a thread of another version is unknown here.
    const reply = (await as('ed')('POST', `${base}/comments`, { parentId: thread, body: 'One is the area code.' })).body.data.id as number;
    await as('ed')('POST', `${base}/comments`, { parentId: reply, body: 'Renamed it to make that clear.' });
    expect((await as('ed')('POST', `${base}/comments`, { parentId: 999_999, body: 'x' })).status).toBe(404);
    const comments = (await as('ed')('GET', `${base}/comments`)).body.data as { id: number; parentId: number | null; field: string | null; resolvedAt: string | null; resolvedBy: string | null }[];
    expect(comments.filter((c) => c.parentId === thread).map((c) => c.field)).toEqual(['mobile', 'mobile']);

    // Settled by the author (or whoever began it), not by a third editor; a reply is no thread to settle.
    expect((await as('eve')('POST', `${base}/comments/${thread}/resolve`, { resolved: true })).status).toBe(403);
    expect((await as('ed')('POST', `${base}/comments/${reply}/resolve`, { resolved: true })).status).toBe(404);
    expect((await as('ed')('POST', `${base}/comments/${thread}/resolve`, { resolved: true })).body.data).toEqual({ id: thread, resolved: true });
    const settled = ((await as('ed')('GET', `${base}/comments`)).body.data as typeof comments).find((c) => c.id === thread)!;
    expect(settled).toMatchObject({ resolvedBy: 'Eddie Editor', resolvedAt: expect.any(String) });
    expect((await as('ed')('GET', '/staff/studio/steps')).body.data.find((s: { stepId: string }) => s.stepId === 'contact').changesRequested).toBe(1);
    expect((await as('ed')('POST', `${base}/comments/${other}/resolve`, { resolved: true })).status).toBe(200);
    expect((await as('ed')('GET', '/staff/studio/steps')).body.data.find((s: { stepId: string }) => s.stepId === 'contact').changesRequested).toBe(0);
    // Opened again.
    expect((await as('ed')('POST', `${base}/comments/${other}/resolve`, { resolved: false })).status).toBe(200);
    expect((await as('ed')('GET', '/staff/studio/steps')).body.data.find((s: { stepId: string }) => s.stepId === 'contact').changesRequested).toBe(1);
  });
});
