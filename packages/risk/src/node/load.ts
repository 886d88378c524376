// The file-system edge: reads the risk rules the broker keeps in schemas/, refusing rules with problems.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rulesProblems, type RiskRules } from '../risk-score.ts';

export const RISK_RULES_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../schemas/risk/risk-rules.json');

export function loadRiskRules(file = RISK_RULES_FILE): RiskRules {
  const rules = JSON.parse(readFileSync(file, 'utf8')) as RiskRules;
  const problems = rulesProblems(rules);
  if (problems.length > 0) throw new Error(`The risk rules (${file}) cannot be used: ${problems.join('; ')}`);
  return rules;
}
