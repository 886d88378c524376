// The screening queue's work: a list version's import, then the run that screens everyone against it.
import type { ServerContext } from '../context.ts';
import { runImport, type ScreeningJob } from './list-imports.ts';
import { runRescreen } from './rescreening.ts';

export const screeningJobs = (context: Pick<ServerContext, 'db' | 'storage' | 'queue' | 'screener'>) => async (job: ScreeningJob) => {
  if (job.kind === 'import') await runImport(context, job.listId);
  else await runRescreen(context, job.runId);
};
