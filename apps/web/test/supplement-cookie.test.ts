import { describe, expect, it } from 'vitest';
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
