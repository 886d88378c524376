// What the status check clears (SPEC §4): an application that exists but is not successful takes the
// add-market cookie with it (no supplement can be on its way); no application at all takes this
// session's identity-check and payment leftovers (an order number, a failure reason), which would
// otherwise greet a new application.
import { removeSupplementCookie } from './supplement-cookie.ts';

const CHECK_AND_PAYMENT_KEYS = ['kh.order', 'kh.identity.reason'];

export function cleanUpAfterStatusCheck(record: { exist: boolean; success: boolean }, session: Pick<Storage, 'removeItem'>, setCookie: (cookie: string) => void): void {
  if (record.exist && !record.success) setCookie(removeSupplementCookie());
  if (!record.exist) for (const key of CHECK_AND_PAYMENT_KEYS) session.removeItem(key);
}
