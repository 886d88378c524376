// No typed value is lost: each step keeps a local draft (a reload, a dropped network, or a crashed
// tab, all but its last DRAFT_WRITE_DELAY_MS of typing, keeps what was typed); a successful save
// clears it. Drafts hold personal data (NRIC, bank, income), so they also go on submit and on
// logout, and expire DRAFT_TTL_MS after they were typed.
import type { FormData } from '@kh/engine';

/** How long an unsaved draft is kept on the device: SPEC §9's default expiry, 3 hours (what was saved is on the server). */
export const DRAFT_TTL_MS = 3 * 60 * 60 * 1000;
const PREFIX = 'kh.draft.';
const key = (applyId: string, stepId: string) => `${PREFIX}${applyId}.${stepId}`;

interface StoredDraft {
  savedAt: number;
  data: FormData;
}

function read(storageKey: string, now: number): FormData | undefined {
  try {
    const raw = localStorage.getItem(storageKey);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as Partial<StoredDraft>;
    if (typeof stored.savedAt !== 'number' || !stored.data || now - stored.savedAt > DRAFT_TTL_MS) {
      localStorage.removeItem(storageKey);
      return undefined;
    }
    return stored.data;
  } catch {
    return undefined;
  }
}

export const loadDraft = (applyId: string, stepId: string, now = Date.now()): FormData | undefined => read(key(applyId, stepId), now);

export function saveDraft(applyId: string, stepId: string, data: FormData, now = Date.now()): void {
  try {
    const { _context: _ignored, ...kept } = data;
    localStorage.setItem(key(applyId, stepId), JSON.stringify({ savedAt: now, data: kept } satisfies StoredDraft));
  } catch {
    // A full or private storage keeps the form working; only the draft is lost.
  }
}

/** How long typing may pause before its draft is written: a keystroke does not write the whole step. */
export const DRAFT_WRITE_DELAY_MS = 400;
let pendingWrite: (() => void) | undefined;
let writeTimer: ReturnType<typeof setTimeout> | undefined;

/** Writes the draft once typing pauses, or when the page is hidden or left, whichever comes first. */
export function saveDraftSoon(applyId: string, stepId: string, data: FormData): void {
  pendingWrite = () => saveDraft(applyId, stepId, data);
  clearTimeout(writeTimer);
  writeTimer = setTimeout(flushDraft, DRAFT_WRITE_DELAY_MS);
}

export function flushDraft(): void {
  const write = pendingWrite;
  cancelPendingDraft();
  write?.();
}

/** A saved or discarded step must not come back as a draft written late. */
function cancelPendingDraft(): void {
  clearTimeout(writeTimer);
  pendingWrite = undefined;
}

if (typeof window !== 'undefined') {
  // A reload, a closed tab or a switch to another app (a webview's page may be killed in the background).
  window.addEventListener('pagehide', flushDraft);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flushDraft());
}

export const clearDraft = (applyId: string, stepId: string): void => {
  cancelPendingDraft();
  try {
    localStorage.removeItem(key(applyId, stepId));
  } catch {
    // as above
  }
};

/** The storage keys of the drafts under a prefix. */
const draftKeys = (prefix: string): string[] => Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i)).filter((k): k is string => !!k && k.startsWith(prefix));

/** Every draft of one application (it was submitted), or of every application (logout). */
export function clearDrafts(applyId?: string): void {
  cancelPendingDraft();
  try {
    for (const k of draftKeys(applyId ? `${PREFIX}${applyId}.` : PREFIX)) localStorage.removeItem(k);
  } catch {
    // as above
  }
}

/** Drops the drafts that have expired, whoever left them: run at start. */
export function dropExpiredDrafts(now = Date.now()): void {
  try {
    for (const k of draftKeys(PREFIX)) read(k, now);
  } catch {
    // as above
  }
}
