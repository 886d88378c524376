// Settling a card payment from the gateway's checked answer: one conditional update from pending, so
// repeated or late answers change nothing and a paid order never turns back.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { payments } from '../db/schema.ts';
import type { Metrics } from '../observability/metrics.ts';

export interface CheckedAnswer {
  paymentId: string;
  /** 0 paid, 1 failed, 2 pending */
  payStatus: 0 | 1 | 2;
}

export async function settlePayment(db: Database, metrics: Metrics, answer: CheckedAnswer): Promise<void> {
  const settled = await db
    .update(payments)
    .set(answer.payStatus === 2 ? { gatewayDone: true } : { payStatus: answer.payStatus, gatewayDone: true, settledAt: answer.payStatus === 0 ? new Date() : null })
    .where(and(eq(payments.paymentId, answer.paymentId), eq(payments.payStatus, 2)))
    .returning({ paymentId: payments.paymentId });
  if (settled.length > 0 && answer.payStatus === 1) metrics.providerFailures.inc({ provider: 'ghl', reason: 'declined' });
}
