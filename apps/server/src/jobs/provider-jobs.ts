// Provider answers as jobs: the card gateway's server-to-server callback is acknowledged once its
// checked answer is stored as a job, and a ZOLOZ check the return could not settle (ZOLOZ did not
// answer) is asked about again in the background. Both are retried with backoff, then dead-lettered
// for a person to follow up (GET /staff/jobs/dead-letters).
import { eq } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { ekycChecks } from '../db/schema.ts';
import { QUEUES, type JobQueue } from './queue.ts';
import { settleIdentityCheck } from '../identity/identity-settlement.ts';
import { settlePayment, type CheckedAnswer } from '../payment/payment-settlement.ts';

export type ProviderJob = { kind: 'ghl-answer'; answer: CheckedAnswer } | { kind: 'identity-check'; checkId: string };

export const enqueueProviderJob = (queue: JobQueue, job: ProviderJob) => queue.send(QUEUES.provider, job);

export const providerWorker = (context: Pick<ServerContext, 'db' | 'storage' | 'config' | 'metrics'>) => async (job: ProviderJob) => {
  if (job.kind === 'ghl-answer') return settlePayment(context.db, context.metrics, job.answer);
  const [check] = await context.db.select().from(ekycChecks).where(eq(ekycChecks.id, job.checkId));
  const settled = check && (await settleIdentityCheck(context, check));
  // Still on ZOLOZ's page is not done: the job is retried until the check ends or the retries do.
  if (settled?.state === 'pending') throw new Error(`identity check ${job.checkId} is still pending at ZOLOZ`);
};
