// The records the flow reads (SPEC §3): the application (khInfo), supplement info, the rejected
// reason, and app config. Shapes follow the API; only what the flow needs is required.
import { stepByCode } from './steps.ts';

/** Application status (SPEC §3). */
export const APPLICATION_STATUS = { abandon: 0, stash: 1, review: 2, pass: 3, success: 4, fail: 5 } as const;
export type ApplicationStatus = (typeof APPLICATION_STATUS)[keyof typeof APPLICATION_STATUS];

/** Market bit flags, combined by summing (SPEC §3). */
export const MARKET = { HK: 1, US: 2, MAS: 16 } as const;
export const ALL_MARKETS = MARKET.HK + MARKET.US + MARKET.MAS;
export const hasMarket = (flags: number, market: number): boolean => (flags & market) === market;

export interface KhInfo {
  status: ApplicationStatus;
  success?: boolean;
  fillStep?: number | null;
  rejectedReason?: string | null;
  /** resubmit (default), moreInformation or final: what the review asked of a rejected application. */
  rejectionKind?: string | null;
  /** The reviewer's note to the applicant with a rejection, as written. */
  rejectionNote?: string | null;
  applyId?: string | number | null;
  /** Market bit flags of this application. */
  market?: number;
  /** Bit flags of the markets already opened successfully. */
  opened?: number;
  masClientCodeActive?: boolean;
  islamic?: boolean;
  accountType?: number;
  firstOpenFlag?: boolean;
  nationalityCode?: string;
  identityKind?: number;
  maritalStatus?: number;
}

export interface SupplementInfo {
  /** Bit flags of the markets being added. */
  marketType: number;
  curSupplyId?: string | number;
  accountType?: number;
  islamic?: boolean;
}

export interface AppConfig {
  ctosValid: boolean;
  ghlValid: boolean;
}

export interface RejectedItem {
  /** Step code the item belongs to. */
  code: number;
  /** The rejected field (reject item) within that step. */
  field: string;
}

/** The identity-document reject item ("2002-idDocument"): isContainRejectIdKind. */
export const ID_DOCUMENT_ITEM = 'idDocument';

/** "2002-idDocument,2005-bankStatement" to items; malformed entries are ignored. */
export function parseRejectedReason(reason: string | null | undefined): RejectedItem[] {
  if (!reason) return [];
  return reason
    .split(',')
    .map((item) => /^\s*(\d+)-([A-Za-z][\w]*)\s*$/.exec(item))
    .filter((match): match is RegExpExecArray => match !== null)
    .map((match) => ({ code: Number(match[1]), field: match[2] }));
}

export const isContainRejectIdKind = (items: RejectedItem[]): boolean => items.some((item) => item.field === ID_DOCUMENT_ITEM);

/** How the rejection page says an item: the reason's label, or (an item without one) the step it is in. */
export type RejectedItemText = { label: string } | { stepTitleKey: string } | { unknown: true };

/**
 * The reasons of a rejection as the applicant reads them (SPEC §2: never a step code): each item by
 * its RejectReason label in the language (else in English), else by the title of its step; the same
 * text once.
 */
export function rejectedItemTexts(items: RejectedItem[], reasons: { value: unknown; label: Partial<Record<string, string>> }[], language: string): RejectedItemText[] {
  const texts = items.map((item): RejectedItemText => {
    const label = reasons.find((entry) => String(entry.value) === `${item.code}-${item.field}`)?.label;
    const named = label?.[language] ?? label?.en;
    if (named) return { label: named };
    const step = stepByCode(item.code);
    return step ? { stepTitleKey: step.titleKey } : { unknown: true };
  });
  const seen = new Set<string>();
  return texts.filter((text) => {
    const key = JSON.stringify(text);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
