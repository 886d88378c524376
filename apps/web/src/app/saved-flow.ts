// What the tab keeps of its flow (sessionStorage), so that a reload, or a provider's return, carries on
// where it was; and whether this tab is a phone that came by the PC's QR code. Read by the
// application's boot and, before it, by the boot's early calls (boot-calls.ts).
const SNAPSHOT_KEY = 'kh.flow';
const HANDOFF_KEY = 'kh.handoff';

/** This tab is a phone that came by the PC's QR code (kept across the identity provider's return). */
export const isHandoff = (): boolean => sessionStorage.getItem(HANDOFF_KEY) === '1';
export const markHandoff = (): void => sessionStorage.setItem(HANDOFF_KEY, '1');

/** What the session keeps of the flow. */
export interface SavedFlow {
  applyId: string | null;
  relatedType: 'INIT' | 'SUPPLEMENT';
  status: number;
  /** The applicant's bank as the status check last gave it (the payment query asks with it). */
  bankName?: string;
  flow: unknown;
}

export function readSavedFlow(): SavedFlow | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SNAPSHOT_KEY) ?? 'null') as Partial<SavedFlow> | null;
    return saved ? { applyId: saved.applyId ?? null, relatedType: saved.relatedType ?? 'INIT', status: saved.status ?? 0, bankName: saved.bankName, flow: saved.flow } : undefined;
  } catch {
    sessionStorage.removeItem(SNAPSHOT_KEY);
    return undefined;
  }
}

export const keepSavedFlow = (flow: SavedFlow): void => sessionStorage.setItem(SNAPSHOT_KEY, JSON.stringify(flow));
export const dropSavedFlow = (): void => sessionStorage.removeItem(SNAPSHOT_KEY);
