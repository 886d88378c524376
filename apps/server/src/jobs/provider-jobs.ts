// Provider answers as jobs: the card gateway's server-to-server callback is acknowledged once its
// checked answer is stored as a job, and a ZOLOZ check the return could not settle (ZOLOZ did not
// answer) is asked about again in the background. Both are retried with backoff, then dead-lettered
// for a person to follow up (GET /staff/jobs/dead-letters). Each domain handles its own kind of job
// (identity/identity-jobs.ts, payment/payment-jobs.ts); this queue only carries and dispatches them.
import { QUEUES, type JobQueue } from './queue.ts';

export interface ProviderJob {
  kind: string;
}

export const enqueueProviderJob = <Job extends ProviderJob>(queue: JobQueue, job: Job) => queue.send(QUEUES.provider, job);

/** A job of one kind: a throw retries it. */
export type ProviderJobHandler = (job: ProviderJob) => Promise<unknown>;

export const providerWorker = (handlers: Record<string, ProviderJobHandler>) => async (job: ProviderJob) => {
  const handle = Object.hasOwn(handlers, job.kind) ? handlers[job.kind] : undefined;
  // A kind no domain handles is a deployment mismatch: retried, then dead-lettered for a person.
  if (!handle) throw new Error(`no handler for the provider job kind ${job.kind}`);
  await handle(job);
};
