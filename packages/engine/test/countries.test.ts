// SPEC §3's country lists (nationality, birth country, tax residence): every ISO 3166 country, by its
// alpha-3 code, named in the applicant's language; Malaysia and its permanent residents first.
import isoCountries from 'i18n-iso-countries';
import { describe, expect, it } from 'vitest';
import { MALAYSIA_PR, countries, countriesWithoutMalaysia } from '../src/countries.ts';

describe('the country lists', () => {
  it('hold every country i18n-iso-countries knows, each by its alpha-3 code', () => {
    const listed = countries().filter((c) => c.value !== MALAYSIA_PR);
    expect(listed.map((c) => c.alpha2).sort()).toEqual(Object.keys(isoCountries.getAlpha2Codes()).sort());
    for (const country of listed) expect(country.value).toBe(isoCountries.alpha2ToAlpha3(country.alpha2));
  });
  it('start with Malaysia, then its permanent residents, then the rest by English name', () => {
    const [first, second, ...rest] = countries();
    expect([first!.value, second!.value]).toEqual(['MYS', MALAYSIA_PR]);
    expect(rest.map((c) => c.label.en)).toEqual([...rest.map((c) => c.label.en)].sort((a, b) => a.localeCompare(b)));
  });
  it('name each country in English, Traditional and Simplified Chinese', () => {
    expect(countries().find((c) => c.value === 'SGP')!.label).toEqual({ en: 'Singapore', 'zh-HK': '新加坡', 'zh-CN': '新加坡' });
    expect(countries().find((c) => c.value === 'DEU')!.label).toEqual({ en: 'Germany', 'zh-HK': '德國', 'zh-CN': '德国' });
  });
  it('leave Malaysia out where a foreign country is asked for', () => {
    expect(countriesWithoutMalaysia().some((c) => c.alpha2 === 'MY')).toBe(false);
    expect(countriesWithoutMalaysia()).toHaveLength(countries().length - 2);
  });
});
