// The flow's context and how it is built from the records the status check returns (SPEC §4).
import {
  ALL_MARKETS,
  APPLICATION_STATUS,
  MARKET,
  hasMarket,
  isContainRejectIdKind,
  parseRejectedReason,
  type AppConfig,
  type ApplicationStatus,
  type KhInfo,
  type RejectedItem,
  type SupplementInfo,
} from './records.ts';

export type Mode = 'new' | 'draft' | 'rejected' | 'supplementary';
export type Platform = 'app' | 'embedded' | 'pc';
export const MODES: readonly Mode[] = ['new', 'draft', 'rejected', 'supplementary'];
export type RejectionKind = 'resubmit' | 'moreInformation' | 'final';
export const REJECTION_KINDS: readonly RejectionKind[] = ['resubmit', 'moreInformation', 'final'];
export const PLATFORMS: readonly Platform[] = ['app', 'embedded', 'pc'];

export interface FlowContext {
  mode: Mode;
  platform: Platform;
  /** Application status; null when the status check found no record. */
  status: ApplicationStatus | null;
  /** Markets of this application (bit flags). */
  markets: number;
  /** Markets already opened (bit flags). */
  openedMarkets: number;
  /** Supplementary mode: the markets being added (bit flags). */
  addingMarkets: number;
  /** The MY account type chosen on the market step (cash 0, margin 1, Islamic cash 2); null before. */
  accountType: number | null;
  /** The nationality given on the contact (or personal) step, ISO alpha-3; null before. */
  nationality: string | null;
  rejectedItems: RejectedItem[];
  /** What the review asked of a rejected application: fix and resubmit, provide more information, or nothing (final). */
  rejectionKind: RejectionKind;
  ctosValid: boolean;
  ghlValid: boolean;
  /** The server's word that a fee applies (queryPaymentType). */
  needPay: boolean;
  ekycPassed: boolean;
  masClientCodeActive: boolean;
  /** The step to resume a draft at. */
  fillStep: number | null;
  /** Codes of the steps the applicant has reached: GOTO may only go back to these. */
  visited: number[];
}

export type FlowInput = Partial<FlowContext>;

export const defaultContext = (): FlowContext => ({
  mode: 'new',
  platform: 'embedded',
  status: null,
  markets: MARKET.MAS + MARKET.HK + MARKET.US,
  openedMarkets: 0,
  addingMarkets: 0,
  accountType: null,
  nationality: null,
  rejectedItems: [],
  rejectionKind: 'resubmit',
  ctosValid: true,
  ghlValid: true,
  needPay: true,
  ekycPassed: false,
  masClientCodeActive: true,
  fillStep: null,
  visited: [],
});

/** Every key of the context (what `pnpm flow:walk --context` accepts). */
export const CONTEXT_KEYS = Object.keys(defaultContext()) as readonly (keyof FlowContext)[];

export const contextFromInput = (input: FlowInput | undefined): FlowContext => ({ ...defaultContext(), ...(input ?? {}) });

/**
 * The context for a status check's answer (SPEC §4). No record: a new application (firstOpenFlag).
 * A supplementary entry (the source is the add-market entry) wins when there is a successful record.
 */
export function contextFromRecords(args: {
  record: KhInfo | null;
  supplement?: SupplementInfo | null;
  config: AppConfig;
  platform: Platform;
  supplementaryEntry?: boolean;
  ekycPassed?: boolean;
  needPay?: boolean;
}): FlowContext {
  const { record, supplement, config, platform } = args;
  const base = { ...defaultContext(), platform, ctosValid: config.ctosValid, ghlValid: config.ghlValid, ekycPassed: args.ekycPassed ?? false, needPay: args.needPay ?? true };
  if (!record || record.status === APPLICATION_STATUS.abandon) return { ...base, mode: 'new', status: record ? record.status : null };
  const opened = record.opened ?? 0;
  const common = {
    ...base,
    status: record.status,
    markets: record.market ?? base.markets,
    openedMarkets: opened,
    masClientCodeActive: record.masClientCodeActive ?? true,
    fillStep: record.fillStep ?? null,
    accountType: record.accountType ?? null,
    nationality: record.nationalityCode ?? null,
  };
  if (args.supplementaryEntry && record.status === APPLICATION_STATUS.success && opened !== ALL_MARKETS)
    return { ...common, mode: 'supplementary', addingMarkets: supplement?.marketType ?? 0 };
  if (record.status === APPLICATION_STATUS.fail) {
    const rejectedItems = parseRejectedReason(record.rejectedReason);
    // A rejected identity document means the identity check must be done again.
    const rejectionKind = REJECTION_KINDS.includes(record.rejectionKind as RejectionKind) ? (record.rejectionKind as RejectionKind) : 'resubmit';
    return { ...common, mode: 'rejected', rejectedItems, rejectionKind, ekycPassed: common.ekycPassed && !isContainRejectIdKind(rejectedItems) };
  }
  if (record.status === APPLICATION_STATUS.stash) return { ...common, mode: 'draft' };
  return { ...common, mode: 'new' };
}

export const isAddingHkUsOnly = (context: FlowContext): boolean =>
  context.mode === 'supplementary' && context.addingMarkets !== 0 && !hasMarket(context.addingMarkets, MARKET.MAS);
export const isAddingMalaysia = (context: FlowContext): boolean => context.mode === 'supplementary' && hasMarket(context.addingMarkets, MARKET.MAS);

/** SPEC §5: no payment when ghlValid is false, or when only HK/US are supplemented. */
export const needsPayment = (context: FlowContext): boolean => context.needPay && context.ghlValid && !isAddingHkUsOnly(context);
