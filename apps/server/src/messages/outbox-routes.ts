// Dev mode only: the sandbox SMS outbox, so a developer can log in without a phone.
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { mailOutbox, smsOutbox } from '../db/schema.ts';
import { ok } from '../http/envelope.ts';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export const devPlugin: FastifyPluginAsync = async (app) => {
  const { db } = app.kh;
  app.get('/mail', async () => ok(await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(50)));
  app.get('/outbox', async (request, reply) => {
    const rows = await db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(50);
    if ((request.headers.accept ?? '').includes('application/json')) return ok(rows);
    const mails = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(50);
    const mailItems = mails.map((m) => `<li><b>${escape(m.to)}</b> <time>${m.createdAt.toISOString()}</time><br><b>${escape(m.subject)}</b><pre style="white-space:pre-wrap">${escape(m.body)}</pre></li>`).join('');
    const items = rows.map((r) => `<li><b>+${escape(r.countryCode)} ${escape(r.mobile)}</b> <time>${r.createdAt.toISOString()}</time><br>${escape(r.body)}</li>`).join('');
    return reply
      .type('text/html')
      .send(`<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Sandbox SMS outbox</title><body style="font-family:system-ui;margin:16px"><h1>Sandbox SMS outbox</h1><ul>${items || '<li>No messages yet.</li>'}</ul><h2>E-mail</h2><ul>${mailItems || '<li>No e-mail yet.</li>'}</ul></body></html>`);
  });
  // The web app asks, to mark every page as the sandbox's.
  app.get('/config', async () => ok({ sandbox: true }));
};
