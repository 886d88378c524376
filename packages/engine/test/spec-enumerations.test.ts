// SPEC §3's enumerations and §9's bands, value by value, against the dictionaries the steps draw
// from (schemas/dictionaries): a dictionary edited away from SPEC fails here.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

type Entry = { value: string | number; label: { en: string } };
const dictionary = (name: string): Entry[] => (JSON.parse(readFileSync(resolve(import.meta.dirname, `../../../schemas/dictionaries/${name}.json`), 'utf8')) as { entries: Entry[] }).entries;
const values = (name: string) => dictionary(name).map((e) => e.value);
const labels = (name: string) => dictionary(name).map((e) => e.label.en);

describe('SPEC §3 enumerations', () => {
  it.each([
    ['Gender', [1, 2]],
    ['MaritalStatus', [1, 2, 3, 4]],
    ['EducationLevel', [1, 2, 3, 4, 5]],
    ['EmploymentStatus', [1, 2, 3, 4, 5, 6, 999]],
    ['SourceOfWealth', [1, 2, 3, 4, 5, 6, 7, 999]],
    ['InvestmentObjective', [1, 2, 3, 4, 5]],
    ['NotTinReason', ['A', 'B', 'C']],
  ])('%s holds exactly SPEC\'s values', (name, expected) => {
    expect(values(name as string)).toEqual(expected);
  });
  it('other is 999 for race, industry, occupation, another broker and the reason no TIN can be had', () => {
    for (const name of ['Race', 'Industry', 'Position', 'ExistingCDS', 'NoTIN-UnableReason', 'EmploymentStatus', 'SourceOfWealth']) {
      const other = dictionary(name).find((e) => e.value === 999);
      expect(other?.label.en, name).toMatch(/other/i);
    }
  });
  it('identity types: passport 102, MyKad 106, MyTentera 103, MyPR 104, MyKas 107; resident 101', () => {
    expect(new Set(values('IdentityType'))).toEqual(new Set([101, 102, 106, 103, 104, 107]));
  });
});

describe('SPEC §9 bands', () => {
  it('income bands in RM, eight of them, from up to 100,000 to over 50,000,000', () => {
    expect(labels('AnnualIncome')).toEqual([
      'Up to RM 100,000',
      'RM 100,001 - 300,000',
      'RM 300,001 - 600,000',
      'RM 600,001 - 1,500,000',
      'RM 1,500,001 - 5,000,000',
      'RM 5,000,001 - 10,000,000',
      'RM 10,000,001 - 50,000,000',
      'Over RM 50,000,000',
    ]);
  });
  it('net worth bands: 500,000 or less, to 1,000,000, to 2,000,000, over 2,000,000 (total and estimated alike)', () => {
    expect(labels('TotalNetWorth')).toEqual(['RM 500,000 or less', 'RM 500,001 - 1,000,000', 'RM 1,000,001 - 2,000,000', 'Over RM 2,000,000']);
    expect(labels('EstimatedNetWorth')).toEqual(labels('TotalNetWorth'));
  });
  it('investment periods <1, 1-5, >10 years; risk levels low, medium, high', () => {
    expect(labels('InvestmentTerm')).toEqual(['Less than 1 year', '1 - 5 years', 'More than 10 years']);
    expect(labels('RiskTolerance')).toEqual(['Low', 'Medium', 'High']);
  });
});
