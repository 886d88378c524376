// Named scenarios for `pnpm flow:walk` and the tests: an input context and the answers the
// applicant and the providers give along the way.
import type { FlowInput } from './context.ts';
import type { PayStatus } from './machine.ts';
import { MARKET } from './records.ts';

export interface Scenario {
  name: string;
  description: string;
  input: FlowInput;
  /** Answers of the identity check, in order; then success. */
  identityResults?: boolean[];
  /** Answers of the payment gateway, in order; then success. */
  paymentResults?: PayStatus[];
  /** What the applicant ticks on the add-market page. */
  chooseMarkets?: number;
}

const MY = MARKET.MAS;
const ALL = MARKET.MAS + MARKET.HK + MARKET.US;

export const SCENARIOS: Scenario[] = [
  { name: 'new-my-cash', description: 'A new Malaysian opens MY cash with HK and US, in the app', input: { mode: 'new', platform: 'app', markets: ALL } },
  { name: 'new-my-margin', description: 'A new Malaysian opens a collateralised MY account', input: { mode: 'new', platform: 'embedded', markets: MY } },
  { name: 'new-passport', description: 'A new non-Malaysian with a passport, in a phone browser', input: { mode: 'new', platform: 'embedded', markets: MY + MARKET.US } },
  { name: 'new-pc', description: 'A new applicant on a PC: identity hands over to a phone by QR code', input: { mode: 'new', platform: 'pc', markets: ALL } },
  {
    name: 'add-hk-my-active',
    description: 'Add HK while MY is active: add-market page, agreements, signature; no payment',
    input: { mode: 'supplementary', platform: 'app', status: 4, openedMarkets: MY, masClientCodeActive: true },
    chooseMarkets: MARKET.HK,
  },
  {
    name: 'add-hk-my-inactive',
    description: 'Add HK while the MY client code is inactive',
    input: { mode: 'supplementary', platform: 'app', status: 4, openedMarkets: MY, masClientCodeActive: false },
    chooseMarkets: MARKET.HK,
  },
  {
    name: 'add-hkus-chosen-at-entry',
    description: 'Add HK and US, chosen at the app entry: the entry transit leads to the agreements',
    input: { mode: 'supplementary', platform: 'app', status: 4, openedMarkets: MY, addingMarkets: MARKET.HK + MARKET.US },
  },
  {
    name: 'add-my-after-hkus',
    description: 'Add MY after HK/US opened: market, personal, financial, tax, agreements, signature, payment',
    input: { mode: 'supplementary', platform: 'embedded', status: 4, openedMarkets: MARKET.HK + MARKET.US },
    chooseMarkets: MY,
  },
  {
    name: 'rejected-id-only',
    description: 'Rejected on the ID document only: the identity check again, no document upload',
    input: { mode: 'rejected', status: 5, rejectedItems: [{ code: 2002, field: 'idDocument' }], visited: [] },
  },
  {
    name: 'rejected-id-and-bank',
    description: 'Rejected on the ID document and the bank statement: identity, document upload, financial',
    input: { mode: 'rejected', status: 5, rejectedItems: [{ code: 2002, field: 'idDocument' }, { code: 2005, field: 'bankStatement' }] },
  },
  { name: 'ctos-off', description: 'Electronic ID switched off (ctosValid false): market goes straight to personal', input: { mode: 'new', ctosValid: false } },
  { name: 'ghl-off', description: 'Payment switched off (ghlValid false): signature goes straight to the result', input: { mode: 'new', ghlValid: false } },
  { name: 'draft-resume', description: 'A saved draft continues at its fill step (financial)', input: { mode: 'draft', status: 1, fillStep: 2005, ekycPassed: true } },
  {
    name: 'ekyc-fail-then-retry',
    description: 'The identity check fails (blurry), the applicant retries and succeeds; payment declined, then Retry, approved',
    input: { mode: 'new' },
    identityResults: [false, true],
    paymentResults: [1, 0],
  },
];

export const scenarioByName = (name: string): Scenario | undefined => SCENARIOS.find((s) => s.name === name);
