// A case's risk score: the points of each factor whose condition its facts meet, and the band the
// total falls in. The factors, their conditions and labels, the bands and the band from which a
// second approval is needed are data the broker's compliance officer keeps
// (schemas/risk/risk-rules.json); this file is pure.

export type FactValue = string | number | boolean | null;
export type Facts = Record<string, FactValue>;
export type Language = 'en' | 'zh-HK' | 'zh-CN';

/** A condition on the facts: a comparison of one fact, or all, any or none of others. */
export type Condition =
  | { fact: string; eq: FactValue }
  | { fact: string; in: FactValue[] }
  | { fact: string; gte: number }
  | { fact: string; lte: number }
  | { all: Condition[] }
  | { any: Condition[] }
  | { not: Condition };

export interface RiskFactor {
  id: string;
  points: number;
  when: Condition;
  label: Record<Language, string>;
}

export interface RiskRules {
  /** The facts a condition may name, each with what it is: the lint refuses any other. */
  facts: Record<string, string>;
  factors: RiskFactor[];
  /** From the lowest: a score at or above `from` is in the band (the first band starts at 0). */
  bands: { band: string; from: number; label: Record<Language, string> }[];
  /** A case in this band or a higher one needs a second approval. */
  secondApprovalFrom: string;
}

export interface RiskAssessment {
  score: number;
  band: string;
  /** The factors met, with their points, in the rules' order. */
  factors: { id: string; points: number }[];
}

export function holds(condition: Condition, facts: Facts): boolean {
  if ('all' in condition) return condition.all.every((each) => holds(each, facts));
  if ('any' in condition) return condition.any.some((each) => holds(each, facts));
  if ('not' in condition) return !holds(condition.not, facts);
  const value = facts[condition.fact] ?? null;
  if ('eq' in condition) return value === condition.eq;
  if ('in' in condition) return condition.in.includes(value);
  if (typeof value !== 'number') return false;
  return 'gte' in condition ? value >= condition.gte : value <= condition.lte;
}

export function assessRisk(rules: RiskRules, facts: Facts): RiskAssessment {
  const factors = rules.factors.filter((factor) => holds(factor.when, facts)).map(({ id, points }) => ({ id, points }));
  const score = factors.reduce((sum, factor) => sum + factor.points, 0);
  return { score, band: bandOf(rules, score), factors };
}

export function bandOf(rules: RiskRules, score: number): string {
  return [...rules.bands].reverse().find((band) => score >= band.from)!.band;
}

/** Whether a band is at or above the one from which a second approval is needed. */
export function needsSecondApproval(rules: RiskRules, band: string | null | undefined): boolean {
  const order = rules.bands.map((each) => each.band);
  return band !== null && band !== undefined && order.indexOf(band) >= order.indexOf(rules.secondApprovalFrom);
}

const LANGUAGES: Language[] = ['en', 'zh-HK', 'zh-CN'];

/** What is wrong with the rules, each as a sentence; none for good rules. */
export function rulesProblems(rules: RiskRules): string[] {
  const problems: string[] = [];
  const named = (condition: Condition, where: string): void => {
    if ('all' in condition || 'any' in condition) {
      const list = 'all' in condition ? condition.all : condition.any;
      if (!Array.isArray(list) || list.length === 0) problems.push(`${where}: an empty all/any`);
      else list.forEach((each) => named(each, where));
    } else if ('not' in condition) named(condition.not, where);
    else if (!(condition.fact in rules.facts)) problems.push(`${where}: unknown fact "${condition.fact}"`);
    else if (!['eq', 'in', 'gte', 'lte'].some((operator) => operator in condition)) problems.push(`${where}: "${(condition as { fact: string }).fact}" is compared with nothing (eq, in, gte or lte)`);
  };
  const ids = new Set<string>();
  for (const factor of rules.factors) {
    if (ids.has(factor.id)) problems.push(`factor ${factor.id} is listed twice`);
    ids.add(factor.id);
    if (!Number.isInteger(factor.points) || factor.points < 0) problems.push(`factor ${factor.id}: points must be a whole number, 0 or more`);
    for (const language of LANGUAGES) if (!factor.label?.[language]?.trim()) problems.push(`factor ${factor.id}: no ${language} label`);
    named(factor.when, `factor ${factor.id}`);
  }
  if (rules.bands.length === 0 || rules.bands[0].from !== 0) problems.push('the first band must start at 0');
  for (const [index, band] of rules.bands.entries()) {
    if (index > 0 && band.from <= rules.bands[index - 1].from) problems.push(`band ${band.band} must start above ${rules.bands[index - 1].band}`);
    for (const language of LANGUAGES) if (!band.label?.[language]?.trim()) problems.push(`band ${band.band}: no ${language} label`);
  }
  if (!rules.bands.some((band) => band.band === rules.secondApprovalFrom)) problems.push(`secondApprovalFrom names no band ("${rules.secondApprovalFrom}")`);
  return problems;
}
