// The author of a version sent back is told where they work (the studio list, the draft) and by
// e-mail: who asked, how many threads, and the link. Staff mails are in English, as the activation
// mail is. A mail that cannot be sent is logged and audited; the request for changes stands.
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { auditRequest } from '../audit/index.ts';
import { staff } from '../db/schema.ts';
import type { MailMessage } from '../messages/index.ts';

export function changesRequestedMail(to: { email: string; name: string }, { stepId, version, askedBy, comments }: { stepId: string; version: number; askedBy: string; comments: number }, consoleOrigin: string): MailMessage {
  const link = `${consoleOrigin}/console/studio/${encodeURIComponent(stepId)}`;
  return {
    to: to.email,
    subject: `Changes asked for on version ${version} of the ${stepId} step`,
    text: `Hello ${to.name},\n\n${askedBy} asked for changes to your version ${version} of the ${stepId} step, in ${comments} ${comments === 1 ? 'comment' : 'comments'}. It is your draft again; the comments are beside it:\n\n${link}\n`,
  };
}

export async function tellAuthorOfChanges(request: FastifyRequest, sent: { stepId: string; version: number; authorId: string; askedBy: string; comments: number }): Promise<void> {
  const { db, mailer, config } = request.server.kh;
  const people = await db.select({ id: staff.id, email: staff.email, name: staff.name }).from(staff).where(eq(staff.id, sent.authorId));
  const [asker] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, sent.askedBy));
  const author = people[0];
  if (!author) return;
  try {
    await mailer.send(changesRequestedMail(author, { ...sent, askedBy: asker?.name ?? 'A reviewer' }, config.consoleOrigin ?? config.publicOrigin));
  } catch (error) {
    request.log.warn({ dependency: 'smtp', reason: (error as Error).message?.slice(0, 120) }, 'the changes-requested e-mail could not be sent');
    await auditRequest(request, { action: 'studioMailFailed', detail: { stepId: sent.stepId, version: sent.version } });
  }
}
