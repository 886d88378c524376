// Settling a real provider's identity check: ask ZOLOZ for the transaction's result and record it
// once. The applicant's return, the status poll and the provider job (a return ZOLOZ did not answer
// for) all come here.
import type { ServerContext } from '../context.ts';
import { recordOutcome, type Check } from './ekyc-outcome.ts';
import { readRealIdResult } from './zoloz.ts';

/** The check as it stands after asking: still pending while the applicant is on ZOLOZ's page. Throws IdentityProviderError. */
export async function settleIdentityCheck(context: Pick<ServerContext, 'db' | 'storage' | 'config' | 'metrics'>, check: Check): Promise<Check | undefined> {
  if (!context.config.zoloz || !check.providerRef || check.state !== 'pending') return check;
  const answer = await readRealIdResult(context.config.zoloz, check, check.providerRef);
  if (answer.pending) return check;
  const settled = await recordOutcome(context.db, context.storage, check.id, answer.outcome);
  if (answer.outcome.failureReason) context.metrics.providerFailures.inc({ provider: 'ekyc', reason: answer.outcome.failureReason });
  return settled;
}
