// Drafts hold personal data: kept SPEC §9's default expiry (3 hours) on the device, then gone.
import { beforeEach, describe, expect, it } from 'vitest';
import { DRAFT_TTL_MS, dropExpiredDrafts, loadDraft, saveDraft } from '../src/app/drafts.ts';

class MemoryStorage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key = (index: number) => [...this.items.keys()][index] ?? null;
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
  clear = () => this.items.clear();
}

beforeEach(() => {
  Object.assign(globalThis, { localStorage: new MemoryStorage(), sessionStorage: new MemoryStorage() });
});

describe('a draft typed on this device', () => {
  it('is kept 3 hours, and not a moment longer', () => {
    expect(DRAFT_TTL_MS).toBe(3 * 60 * 60 * 1000);
    const typed = 1_000_000;
    saveDraft('a1', 'personal', { nricNumber: '900101145678' }, typed);
    expect(loadDraft('a1', 'personal', typed + DRAFT_TTL_MS)).toEqual({ nricNumber: '900101145678' });
    expect(loadDraft('a1', 'personal', typed + DRAFT_TTL_MS + 1)).toBeUndefined();
    // Read once expired, it is gone from the device.
    expect(localStorage.length).toBe(0);
  });
  it('expired ones are swept at start, whoever left them; fresh ones stay', () => {
    saveDraft('a1', 'work', { companyName: 'OLD' }, 0);
    saveDraft('a2', 'work', { companyName: 'NEW' }, DRAFT_TTL_MS);
    dropExpiredDrafts(DRAFT_TTL_MS + 1);
    expect(localStorage.length).toBe(1);
    expect(loadDraft('a2', 'work', DRAFT_TTL_MS + 1)).toEqual({ companyName: 'NEW' });
  });
});
