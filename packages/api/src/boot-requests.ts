// The calls the app's boot makes for a logged-in applicant, in its two rounds: the status checks,
// the app's settings and who is logged in; then, for the application the first round found, its
// identity check, whether it pays and its saved steps. The app makes them through these
// (apps/web boot-calls.ts), and the server lists them the same way to give their answers with a page
// reloaded mid-flow (page-answers.ts): one list, so the two cannot drift apart.
import type { Endpoints, KhInfoDto, RelatedType } from './endpoints.ts';

/** The steps whose saved answers the boot reads (name and fill-step code): what the pages prefill from. */
export const BOOT_STEPS = [
  ['contact', 2000],
  ['market', 2001],
  ['personal', 2003],
  ['financial', 2005],
] as const;

/** SPEC §3: queryPaymentType is asked with the application, its kind and the applicant's bank (the financial step's, carried on the record as bankName), which decides the payment channels. */
export function paymentTypeQuery(record: Pick<KhInfoDto, 'bankName'>, applyId: string, relatedType: RelatedType): { applyId: string; relatedType: RelatedType; bankName?: string } {
  return { applyId, relatedType, ...(record.bankName ? { bankName: record.bankName } : {}) };
}

type User = { mobile?: string; countryCode?: string; mid: string; hsNo?: string };

export function bootRequests(endpoints: Endpoints) {
  return {
    check: () => endpoints.apply.check(),
    supplementCheck: () => endpoints.supplement.check(),
    appCommons: () => endpoints.dictionary.appCommons(),
    user: () => endpoints.passport.getUsers() as Promise<User>,
    /** The identity check belongs to the account's own application. */
    ekycStatus: (applyId: string) => endpoints.ekyc.fetchStatus({ relateType: 'INIT', relateId: applyId }),
    paymentType: (query: ReturnType<typeof paymentTypeQuery>) => endpoints.apply.queryPaymentType(query),
    stepData: (body: { fillStep: number; relatedType: RelatedType; applyId: string }) => endpoints.apply.fetchData(body),
  };
}
