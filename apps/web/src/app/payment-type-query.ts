// SPEC §3: queryPaymentType is asked with the application, its kind and the applicant's bank (the
// financial step's bank, carried on the record as bankName), which decides the payment channels.
import type { KhInfoDto, RelatedType } from '@kh/api';

export function paymentTypeQuery(record: Pick<KhInfoDto, 'bankName'>, applyId: string, relatedType: RelatedType): { applyId: string; relatedType: RelatedType; bankName?: string } {
  return { applyId, relatedType, ...(record.bankName ? { bankName: record.bankName } : {}) };
}
