// The card gateway's callback, settled as a job once its checked answer is stored.
import type { ServerContext } from '../context.ts';
import { enqueueProviderJob, type ProviderJob, type ProviderJobHandler } from '../jobs/provider-jobs.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { settlePayment, type CheckedAnswer } from './payment-settlement.ts';

const KIND = 'ghl-answer';
interface GhlAnswerJob extends ProviderJob {
  kind: typeof KIND;
  answer: CheckedAnswer;
}

export const enqueueGhlAnswer = (queue: JobQueue, answer: CheckedAnswer) => enqueueProviderJob<GhlAnswerJob>(queue, { kind: KIND, answer });

export const paymentJobs = (context: Pick<ServerContext, 'db' | 'metrics'>): Record<string, ProviderJobHandler> => ({
  [KIND]: (job) => settlePayment(context.db, context.metrics, (job as GhlAnswerJob).answer),
});
