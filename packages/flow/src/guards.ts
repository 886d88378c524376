// The named guards of the flow machine, each a rule of SPEC §2, §4 or §5 in its words.
import { isAddingHkUsOnly, isAddingMalaysia, needsPayment, type FlowContext } from './context.ts';
import { ALL_MARKETS, APPLICATION_STATUS, MARKET, hasMarket, isContainRejectIdKind } from './records.ts';
import { rejectionOnlyIdDocument, rejectionPath } from './rejection.ts';
import { stepByCode, stepByName, type StepName } from './steps.ts';

type Guard = (context: FlowContext) => boolean;

export const guards = {
  /** SPEC §5: non-Malaysians cannot choose a collateralised (margin) account for MY; the market step does not go on. */
  marginRefused: (c) => c.accountType === 1 && c.nationality !== null && c.nationality !== 'MYS' && hasMarket(c.markets, MARKET.MAS),
  /** Contact: previous is the app exit when inside the app. */
  inApp: (c) => c.platform === 'app',
  /** On a PC, identity verification hands over to a phone by QR code. */
  onPc: (c) => c.platform === 'pc',
  /** A user is supplementary when the source is the supplementary-market entry. */
  isSupplementary: (c) => c.mode === 'supplementary',
  inRejection: (c) => c.mode === 'rejected',
  /** Electronic ID check skipped when ctosValid is false. */
  identityCheckSkipped: (c) => !c.ctosValid,
  identityAlreadyVerified: (c) => c.ekycPassed,
  /** Identity: next is document upload when the rejection includes an identity-document item (unless it is the only item). */
  rejectionNeedsDocumentUpload: (c) => c.mode === 'rejected' && rejectionPath(c).includes('documentUpload'),
  /** Personal: previous is document upload if the rejection includes an identity-document kind. */
  rejectionIncludesIdDocument: (c) => c.mode === 'rejected' && isContainRejectIdKind(c.rejectedItems) && !rejectionOnlyIdDocument(c),
  /** Tax: previous is the add-market page when adding HK or US. */
  addingHkUsOnly: isAddingHkUsOnly,
  /** Add-market page: MY goes through market, personal, financial and tax. */
  addingMalaysia: isAddingMalaysia,
  /** Payment skipped when ghlValid is false or when supplementing HK/US only. */
  needsPayment,
  /** Status entry: review or pass shows "under review"; there is nothing to continue. */
  underReview: (c) => c.status === APPLICATION_STATUS.review || c.status === APPLICATION_STATUS.pass,
  isRejected: (c) => c.mode === 'rejected',
  hasRejectedSteps: (c) => rejectionPath(c).length > 0,
  /** A final rejection is not modified: the page says so and offers no way into the steps. */
  mayModify: (c) => c.rejectionKind !== 'final',
  /** Draft: continue at fillStep. */
  resumesDraft: (c) => c.mode === 'draft' && c.fillStep !== null && stepByCode(c.fillStep)?.form === true,
  isSuccess: (c) => c.status === APPLICATION_STATUS.success,
  /** All markets succeeded but the MY client code is inactive. */
  successButMyInactive: (c) => c.status === APPLICATION_STATUS.success && hasMarket(c.openedMarkets, MARKET.MAS) && !c.masClientCodeActive,
  /** A supplementary applicant who already chose HK/US at the entry goes through the entry transit to the agreements. */
  supplementChosen: (c) => isAddingHkUsOnly(c),
  /** The successful page offers to open more markets while one is not opened; a submitted application waits for review. */
  canOpenMoreMarkets: (c) => c.status === APPLICATION_STATUS.success && c.openedMarkets !== ALL_MARKETS,
} satisfies Record<string, Guard>;

export type GuardName = keyof typeof guards;

/** GOTO is allowed back to a step already reached, and in rejection mode only to a rejected step. */
export function canGoto(context: FlowContext, target: StepName): boolean {
  const code = stepByName(target).code;
  if (!context.visited.includes(code)) return false;
  if (context.mode === 'rejected') return rejectionPath(context).includes(target) || target === 'rejection';
  return true;
}
