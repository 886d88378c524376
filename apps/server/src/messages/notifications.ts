// What an applicant is told when a reviewer decides: an e-mail and an SMS in the language they
// submitted in. Each message is its own job, so a retry of one never sends the other twice.
import { eq } from 'drizzle-orm';
import { dictionaries } from '../steps/index.ts';
import { translate } from '@kh/i18n';
import { hasMarket, MARKET } from '@kh/flow';
import type { ServerContext } from '../context.ts';
import { applications, members } from '../db/schema.ts';
import { QUEUES, type JobQueue } from '../jobs/queue.ts';
import { initApplication, payloadsOf } from '../applications/index.ts';
import type { FastifyBaseLogger } from 'fastify';
import { networkFailure } from '../http/dependencies.ts';

export interface NotifyJob {
  channel: 'email' | 'sms';
  event: 'approved' | 'rejected';
  applicationId: string;
  /** The markets this approval opened (bit flags). */
  markets?: number;
}

export async function notifyDecision(queue: JobQueue, job: Omit<NotifyJob, 'channel'>): Promise<void> {
  await queue.send(QUEUES.notify, { ...job, channel: 'email' } satisfies NotifyJob);
  await queue.send(QUEUES.notify, { ...job, channel: 'sms' } satisfies NotifyJob);
}

const MARKET_KEYS: [number, string][] = [
  [MARKET.MAS, 'server.notify.marketMY'],
  [MARKET.HK, 'server.notify.marketHK'],
  [MARKET.US, 'server.notify.marketUS'],
];

const rejectLabel = (item: string, language: string) => {
  const label = (dictionaries.RejectReason.find((e) => String(e.value) === item) as { label?: Record<string, string> } | undefined)?.label;
  return label?.[language] ?? label?.en ?? item;
};

/** The text of one message, in the applicant's language. */
export async function composeNotification({ db, config }: Pick<ServerContext, 'db' | 'config'>, job: NotifyJob) {
  const [application] = await db.select().from(applications).where(eq(applications.id, job.applicationId));
  if (!application) return undefined;
  const [member] = await db.select().from(members).where(eq(members.id, application.memberId));
  const language = application.language ?? 'en';
  // A supplement carries no contact step of its own: the account's is the applicant's.
  const own = await payloadsOf(db, application.id);
  const account = application.relatedType === 'SUPPLEMENT' ? await initApplication(db, application.memberId) : undefined;
  const payloads = account ? { ...(await payloadsOf(db, account.id)), ...own } : own;
  const email = (payloads.contact as { email?: string } | undefined)?.email;
  const name = (payloads.personal as { name?: string } | undefined)?.name ?? member?.name ?? '';
  const link = `${config.publicOrigin}/status/entry?language=${encodeURIComponent(language)}`;
  const params: Record<string, string> = { name, link, hsNo: member?.hsNo ?? '' };
  if (job.event === 'approved')
    params.markets = MARKET_KEYS.filter(([bit]) => hasMarket(job.markets ?? 0, bit))
      .map(([, key]) => translate(language, key))
      .join(', ');
  else {
    // Each reason with the reviewer's comment on it, as written.
    const comments = (application.rejectionComments ?? {}) as Record<string, string>;
    params.reasons = (application.rejectedReason ?? '').split(',').filter(Boolean).map((item) => (comments[item] ? `${rejectLabel(item, language)} (${comments[item]})` : rejectLabel(item, language))).join('; ');
  }
  // A request for more information and a final rejection are told in their own words.
  const message = job.event === 'rejected' && application.rejectionKind === 'moreInformation' ? 'moreInformation' : job.event === 'rejected' && application.rejectionKind === 'final' ? 'rejectedFinal' : job.event;
  const t = (key: string) => translate(language, `server.notify.${message}${key}`, params);
  // The reviewer's note goes in the e-mail as written; the SMS stays short and links back.
  const note = job.event === 'rejected' && application.rejectionNote ? `\n\n${translate(language, 'server.notify.reviewerNote', { note: application.rejectionNote })}` : '';
  return { application, language, email, phone: member ? { countryCode: member.countryCode, mobile: member.mobile } : undefined, subject: t('Subject'), text: t('Email') + note, sms: t('Sms') };
}

/**
 * The worker of the notify queue: a failure throws, and the queue retries it (then dead-letters it).
 * The approval e-mail carries no personal data and no attachment: the signed application is the
 * applicant's to download once logged in (an e-mail is read wherever a mailbox is open).
 */
export const notificationWorker = (context: Pick<ServerContext, 'db' | 'config' | 'sms' | 'mailer' | 'metrics'> & { log?: FastifyBaseLogger }) => async (job: NotifyJob) => {
  const message = await composeNotification(context, job);
  if (!message) return;
  const dependency = job.channel === 'email' ? 'smtp' : 'sms';
  try {
    if (job.channel === 'email' && message.email) await context.mailer.send({ to: message.email, subject: message.subject, text: message.text });
    if (job.channel === 'sms' && message.phone) await context.sms.send({ ...message.phone, body: message.sms });
  } catch (error) {
    context.metrics.providerFailures.inc({ provider: dependency, reason: 'notification' });
    // One line: which dependency, why, which job; the message and its address stay out of the log.
    context.log?.warn({ dependency, reason: networkFailure(error) ?? (error as { code?: string }).code ?? (error as Error).name, event: job.event, applicationId: job.applicationId }, `${dependency} delivery failed`);
    throw error;
  }
};
