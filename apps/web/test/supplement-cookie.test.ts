import { describe, expect, it } from 'vitest';
import { cleanUpAfterStatusCheck } from '../src/app/status-cleanup.ts';
import { readSupplementCookie, removeSupplementCookie, writeSupplementCookie } from '../src/app/supplement-cookie.ts';

describe('supplement info and source travel in a cookie to the market and tax pages', () => {
  it('is written, read back among other cookies, and removed', () => {
    const written = writeSupplementCookie({ marketType: 16, source: 2 });
    expect(written).toMatch(/^kh_supplement=.*; path=\/; max-age=3600; SameSite=Lax$/);
    const jar = `a=1; ${written.split(';')[0]}; b=2`;
    expect(readSupplementCookie(jar)).toEqual({ marketType: 16, source: 2 });
    expect(removeSupplementCookie()).toContain('max-age=0');
  });
  it('ignores a missing or tampered cookie', () => {
    expect(readSupplementCookie('a=1')).toBeUndefined();
    expect(readSupplementCookie('kh_supplement=%7Bnot-json')).toBeUndefined();
    expect(readSupplementCookie(`kh_supplement=${encodeURIComponent('{"marketType":"16"}')}`)).toBeUndefined();
  });
});

describe('the status check clears what no longer applies (SPEC §4)', () => {
  const run = (record: { exist: boolean; success: boolean }) => {
    const removed: string[] = [];
    const cookies: string[] = [];
    cleanUpAfterStatusCheck(record, { removeItem: (key) => void removed.push(key) }, (cookie) => void cookies.push(cookie));
    return { removed, cookies };
  };
  it('an application that exists but is not successful: the add-market cookie goes', () => {
    expect(run({ exist: true, success: false })).toEqual({ removed: [], cookies: [removeSupplementCookie()] });
  });
  it('no application: the identity check\'s and the payment\'s leftovers go', () => {
    expect(run({ exist: false, success: false })).toEqual({ removed: ['kh.order', 'kh.identity.reason'], cookies: [] });
  });
  it('a successful one keeps both (adding a market reads the cookie)', () => {
    expect(run({ exist: true, success: true })).toEqual({ removed: [], cookies: [] });
  });
});
