// Supplement info and its source travel in a cookie from the add-market entry to the market and
// tax pages, which restore it and then remove it (SPEC §4).
import { cookieNamed } from './cookies.ts';

export interface SupplementInfo {
  /** Market bit flags being added. */
  marketType: number;
  /** The appSource of the entry (entryCode). */
  source: number;
}

export const SUPPLEMENT_COOKIE = 'kh_supplement';

export const writeSupplementCookie = (info: SupplementInfo): string =>
  `${SUPPLEMENT_COOKIE}=${encodeURIComponent(JSON.stringify(info))}; path=/; max-age=3600; SameSite=Lax`;

export const removeSupplementCookie = (): string => `${SUPPLEMENT_COOKIE}=; path=/; max-age=0; SameSite=Lax`;

/** The supplement info in a document.cookie string, if it is there and well formed. */
export function readSupplementCookie(cookies: string): SupplementInfo | undefined {
  const raw = cookieNamed(cookies, SUPPLEMENT_COOKIE);
  if (!raw) return undefined;
  try {
    const value = JSON.parse(decodeURIComponent(raw)) as Partial<SupplementInfo>;
    return Number.isInteger(value.marketType) && Number.isInteger(value.source) ? { marketType: value.marketType!, source: value.source! } : undefined;
  } catch {
    return undefined;
  }
}
