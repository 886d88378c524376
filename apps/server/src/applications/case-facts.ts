// What a reviewer's queue needs to know about a case without opening it, fixed when it is submitted:
// the applicant's name, the things that need a second approval (maker-checker) and the risk score.
import { compareWithIdentity } from '@kh/engine';
import { assessRisk, needsSecondApproval, type RiskRules } from '@kh/risk';
import type { Database } from '../db/database.ts';
import { applications } from '../db/schema.ts';
import { answersOf, initApplication, verifiedIdentityOf, type Application, type Payloads } from './applications.ts';
import { publishedVersion } from '../steps/index.ts';
import { compileStep, contextFrom } from '../steps/index.ts';

const MARGIN_ACCOUNT_TYPE = 1;

/** The member's own application, its answers and their versions: an add-market case carries no personal step of its own. */
async function memberRecord(db: Database, application: Application, payloads?: Payloads) {
  const init = application.relatedType === 'SUPPLEMENT' ? ((await initApplication(db, application.memberId)) ?? application) : application;
  const answers = await answersOf(db, init.id);
  return { init, payloads: init.id === application.id && payloads ? payloads : answers.payloads, versions: answers.versions };
}

/** The verified identity beside what was typed on the member's personal step, each field flagged if it differs. */
export async function identityComparison(db: Database, application: Application, payloads?: Payloads) {
  const member = await memberRecord(db, application, payloads);
  const verifiedIdentity = await verifiedIdentityOf(db, application.memberId);
  if (!verifiedIdentity || !member.payloads.personal) return { verifiedIdentity, comparison: [], mismatch: false };
  // Read through the version the personal step was answered under: a published version may have moved its fields.
  const personal = compileStep('personal', contextFrom(member.payloads, member.init), { version: await publishedVersion(db, 'personal', member.versions.personal ?? 0) });
  const typed = personal.fromPayload(member.payloads.personal);
  const comparison = compareWithIdentity(personal.valueFields, typed, verifiedIdentity, (id) => personal.isVisible(id, typed));
  return { verifiedIdentity, comparison, mismatch: comparison.some((field) => !field.matches) };
}

type CaseFacts = Pick<typeof applications.$inferInsert, 'applicantName' | 'pep' | 'margin' | 'identityMismatch' | 'riskScore' | 'riskBand' | 'riskFactors'>;

export async function caseFacts(db: Database, riskRules: RiskRules, application: Application, payloads: Payloads): Promise<CaseFacts> {
  const member = await memberRecord(db, application, payloads);
  const market = payloads.market ?? {};
  const declaration = payloads.declaration ?? member.payloads.declaration ?? {};
  const work = member.payloads.work ?? {};
  const personal = member.payloads.personal ?? {};
  const pep = (declaration.pep as { exists?: unknown } | undefined)?.exists === true;
  // MY margin is the account type; HK and US margin is the switch, shown only with those markets.
  const margin = application.accountType === MARGIN_ACCOUNT_TYPE || ((market.hkMarket === true || market.usMarket === true) && market.marginAcc === true);
  const identityMismatch = (await identityComparison(db, application, payloads)).mismatch;
  const numberOr = (value: unknown) => (typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null);
  // The facts the risk rules may name (schemas/risk/risk-rules.json lists them).
  const risk = assessRisk(riskRules, {
    pep,
    margin,
    identityMismatch,
    nationality: typeof personal.nationalityCode === 'string' ? personal.nationalityCode.replace(/-PR$/, '') : null,
    industry: numberOr(work.industry),
    employmentStatus: numberOr(work.employmentStatus),
    annualIncome: numberOr(work.annualIncome),
    estimatedNetWorth: numberOr(work.estimatedNetWorth),
    addMarket: application.relatedType === 'SUPPLEMENT',
  });
  return {
    applicantName: typeof personal.name === 'string' ? personal.name : null,
    pep,
    margin,
    identityMismatch,
    riskScore: risk.score,
    riskBand: risk.band,
    riskFactors: risk.factors,
  };
}

/** Who a case screens (screening/): the name, date of birth and nationality the member's personal step gives. */
export async function screeningSubjectOf(db: Database, application: Application, payloads: Payloads): Promise<{ name: string; birthDate?: string; nationality?: string } | undefined> {
  const personal = (await memberRecord(db, application, payloads)).payloads.personal;
  if (!personal || typeof personal.name !== 'string') return undefined;
  const nationality = typeof personal.nationalityCode === 'string' ? personal.nationalityCode.replace(/-PR$/, '') : undefined;
  return { name: personal.name, ...(typeof personal.birthDate === 'string' ? { birthDate: personal.birthDate.slice(0, 10) } : {}), ...(nationality ? { nationality } : {}) };
}

/** Why a case needs a second approval, as dictionary keys; empty when one approval is enough. */
export function secondApprovalReasons(riskRules: RiskRules, application: Pick<Application, 'pep' | 'margin' | 'identityMismatch' | 'riskBand'>): string[] {
  return [application.margin && 'margin', application.pep && 'pep', application.identityMismatch && 'identityMismatch', needsSecondApproval(riskRules, application.riskBand) && 'highRisk'].filter(
    (reason): reason is string => typeof reason === 'string',
  );
}
