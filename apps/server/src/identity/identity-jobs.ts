// A ZOLOZ check the browser's return could not settle, asked about again as a job until it ends.
import { eq } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { ekycChecks } from '../db/schema.ts';
import { enqueueProviderJob, type ProviderJob, type ProviderJobHandler } from '../jobs/provider-jobs.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { settleIdentityCheck } from './identity-settlement.ts';

const KIND = 'identity-check';
interface IdentityCheckJob extends ProviderJob {
  kind: typeof KIND;
  checkId: string;
}

export const enqueueIdentityCheck = (queue: JobQueue, checkId: string) => enqueueProviderJob<IdentityCheckJob>(queue, { kind: KIND, checkId });

export const identityJobs = (context: Pick<ServerContext, 'db' | 'storage' | 'config' | 'metrics'>): Record<string, ProviderJobHandler> => ({
  [KIND]: async (job) => {
    const { checkId } = job as IdentityCheckJob;
    const [check] = await context.db.select().from(ekycChecks).where(eq(ekycChecks.id, checkId));
    const settled = check && (await settleIdentityCheck(context, check));
    // Still on ZOLOZ's page is not done: the job is retried until the check ends or the retries do.
    if (settled?.state === 'pending') throw new Error(`identity check ${checkId} is still pending at ZOLOZ`);
  },
});
