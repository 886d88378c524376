// What a reviewer's queue needs to know about a case without opening it, fixed when it is submitted:
// the applicant's name, the things that need a second approval (maker-checker) and the risk score.
import { compareWithIdentity, joinAddressLines, parseIdAddress, sameVerifiedValue, splitAddressLines } from '@kh/engine';
import { assessRisk, needsSecondApproval, type RiskRules } from '@kh/risk';
import type { Database } from '../db/database.ts';
import { applications } from '../db/schema.ts';
import { answersOf, initApplication, latestVerifiedCheck, type Application, type Payloads } from './applications.ts';
import { publishedVersion } from '../steps/index.ts';
import { compileStep, contextFrom } from '../steps/index.ts';

const MARGIN_ACCOUNT_TYPE = 1;

/** The member's own application, its answers and their versions: an add-market case carries no personal step of its own. */
async function memberRecord(db: Database, application: Application, payloads?: Payloads) {
  const init = application.relatedType === 'SUPPLEMENT' ? ((await initApplication(db, application.memberId)) ?? application) : application;
  const answers = await answersOf(db, init.id);
  return { init, payloads: init.id === application.id && payloads ? payloads : answers.payloads, versions: answers.versions };
}

/**
 * The verified identity beside what was typed, each fact flagged if it differs. The name and the
 * document number are also compared with what the applicant typed to start the check (field
 * `identityCheck`): the personal step is locked to the document's reading once the check succeeds,
 * so a name typed otherwise at the identity step would otherwise vanish behind a "match".
 */
export async function identityComparison(db: Database, application: Application, payloads?: Payloads) {
  const member = await memberRecord(db, application, payloads);
  const check = await latestVerifiedCheck(db, application.memberId);
  const verifiedIdentity = check?.identity;
  if (!check || !verifiedIdentity || !member.payloads.personal) return { verifiedIdentity, comparison: [], mismatch: false, address: null };
  // Read through the version the personal step was answered under: a published version may have moved its fields.
  const personal = compileStep('personal', contextFrom(member.payloads, member.init), { version: await publishedVersion(db, 'personal', member.versions.personal ?? 0) });
  const typed = personal.fromPayload(member.payloads.personal);
  const comparison = compareWithIdentity(personal.valueFields, typed, verifiedIdentity, (id) => personal.isVisible(id, typed)).flatMap((row) => {
    const typedAtCheck = row.fact === 'name' ? check.typed.name : row.fact === 'documentNumber' ? check.typed.documentNumber : undefined;
    // Typed at the identity step otherwise than on the personal step: both are kept, each compared.
    if (typedAtCheck === undefined || sameVerifiedValue(row.fact, typedAtCheck, row.typed)) return [row];
    return [row, { ...row, field: 'identityCheck', typed: typedAtCheck, matches: sameVerifiedValue(row.fact, typedAtCheck, row.verified) }];
  });
  // The address is shown beside the ID's, not counted as a mismatch: people move, and the registered
  // address is the applicant's to give.
  return { verifiedIdentity, comparison, mismatch: comparison.some((field) => !field.matches), address: check.idAddress ? addressComparison(check.idAddress, member.payloads.personal) : null };
}

const comparable = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The registered address typed beside the one read from the ID: the same when street, postcode and state agree. */
function addressComparison(idAddress: string, personal: Record<string, unknown>) {
  const registered = ((personal.addressList ?? []) as { addrType?: number; address?: string; postalCode?: string; city?: string; state?: string }[]).find((entry) => entry.addrType === 1);
  if (!registered) return null;
  const read = parseIdAddress(idAddress);
  const typed = [...splitAddressLines(String(registered.address ?? '')).map((line) => line.trim()), [registered.postalCode, registered.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const matches = read.postCode === registered.postalCode && read.stateCode === registered.state && comparable(joinAddressLines(read.lines)) === comparable(String(registered.address ?? ''));
  return { read: idAddress, typed, matches };
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
