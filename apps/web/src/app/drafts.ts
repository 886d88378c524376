// No typed value is lost: each step keeps a local draft (a reload, a crashed tab or a dropped
// network keeps what was typed); a successful save clears it.
import type { FormData } from '@kh/engine';

const key = (applyId: string, stepId: string) => `kh.draft.${applyId}.${stepId}`;

export function loadDraft(applyId: string, stepId: string): FormData | undefined {
  try {
    const raw = localStorage.getItem(key(applyId, stepId));
    return raw ? (JSON.parse(raw) as FormData) : undefined;
  } catch {
    return undefined;
  }
}

export function saveDraft(applyId: string, stepId: string, data: FormData): void {
  try {
    const { _context: _ignored, ...kept } = data;
    localStorage.setItem(key(applyId, stepId), JSON.stringify(kept));
  } catch {
    // A full or private storage keeps the form working; only the draft is lost.
  }
}

export const clearDraft = (applyId: string, stepId: string): void => {
  try {
    localStorage.removeItem(key(applyId, stepId));
  } catch {
    // as above
  }
};
