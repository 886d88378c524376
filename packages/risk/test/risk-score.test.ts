import { describe, expect, it } from 'vitest';
import { assessRisk, bandOf, holds, needsSecondApproval, rulesProblems, type RiskRules } from '../src/index.ts';
import { loadRiskRules } from '../src/node/load.ts';

const rules = loadRiskRules();
const malaysian = { pep: false, margin: false, identityMismatch: false, nationality: 'MYS', industry: 9, employmentStatus: 1, annualIncome: 2, estimatedNetWorth: 2, addMarket: false };

describe('the risk rules kept in schemas/risk', () => {
  it('have no problems', () => expect(rulesProblems(rules)).toEqual([]));

  it('name what is wrong with bad rules, one sentence each', () => {
    const bad = structuredClone(rules) as RiskRules;
    bad.factors.push({ ...bad.factors[0] }, { id: 'odd', points: -1, when: { any: [{ fact: 'shoeSize', gte: 40 }] }, label: { en: 'Odd', 'zh-HK': '', 'zh-CN': '怪' } });
    bad.bands[2].from = 10;
    bad.secondApprovalFrom = 'extreme';
    expect(rulesProblems(bad)).toEqual([
      'factor pep is listed twice',
      'factor odd: points must be a whole number, 0 or more',
      'factor odd: no zh-HK label',
      'factor odd: unknown fact "shoeSize"',
      'band high must start above medium',
      'secondApprovalFrom names no band ("extreme")',
    ]);
  });
});

describe('a case’s risk', () => {
  it('is low for a salaried Malaysian with a cash account, and says no factor met', () => {
    expect(assessRisk(rules, malaysian)).toEqual({ score: 0, band: 'low', factors: [] });
  });

  it('adds the points of each factor met, in the rules’ order, and bands the total', () => {
    const assessed = assessRisk(rules, { ...malaysian, pep: true, margin: true });
    expect(assessed).toEqual({ score: 50, band: 'high', factors: [{ id: 'pep', points: 40 }, { id: 'margin', points: 10 }] });
    expect(needsSecondApproval(rules, assessed.band)).toBe(true);
    expect(needsSecondApproval(rules, 'medium')).toBe(false);
    expect(needsSecondApproval(rules, null)).toBe(false);
  });

  it('reads income against net worth and work', () => {
    expect(assessRisk(rules, { ...malaysian, annualIncome: 4, estimatedNetWorth: 1 }).factors).toEqual([{ id: 'incomeAboveNetWorth', points: 15 }]);
    expect(assessRisk(rules, { ...malaysian, annualIncome: 4, estimatedNetWorth: 2 }).factors).toEqual([]);
    expect(assessRisk(rules, { ...malaysian, employmentStatus: 4, annualIncome: 3 }).factors).toEqual([{ id: 'highIncomeWithoutWork', points: 15 }]);
  });

  it('counts a high-risk nationality and a foreign one, and a missing fact meets no comparison', () => {
    expect(assessRisk(rules, { ...malaysian, nationality: 'IRN' })).toMatchObject({ score: 60, band: 'high' });
    expect(assessRisk(rules, { ...malaysian, nationality: 'SGP' })).toMatchObject({ score: 10, band: 'low' });
    expect(holds({ fact: 'annualIncome', gte: 1 }, {})).toBe(false);
    expect(holds({ not: { fact: 'annualIncome', gte: 1 } }, {})).toBe(true);
  });

  it('bands on the boundaries', () => {
    expect([0, 24, 25, 49, 50, 500].map((score) => bandOf(rules, score))).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high']);
  });
});
