// Applications and their saved steps: loading, the khInfo view of SPEC §3, and which steps an
// application needs before it can be submitted.
import DataLoader from 'dataloader';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { CONTEXT_STEP_IDS, verifiedIdentityFromOcr, type OcrData, type VerifiedIdentity } from '@kh/engine';
import { MARKET, codeOf, contextFromInput, hasMarket, isAddingHkUsOnly, parseRejectedReason, rejectedFieldsOf, rejectionPath, type StepName } from '@kh/flow';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { perDatabase, preparedQuery, SAVE_BATCHING } from '../db/prepared.ts';
import { applicationSteps, applications, ekycChecks, payments, sessions, stepExperiments, stepPublications, stepVersions } from '../db/schema.ts';
import { AppError, notFound } from '../http/envelope.ts';
import type { SessionRow } from '../http/session.ts';
import { stepsLockedToIdentity, type RunningExperiments } from '../steps/index.ts';

export type Application = typeof applications.$inferSelect;
export type Payloads = Record<string, Record<string, unknown>>;
/** The step version each saved answer was given under. */
export type PinnedVersions = Record<string, number>;

export const STATUS = { abandon: 0, stash: 1, review: 2, pass: 3, success: 4, fail: 5 } as const;

export async function initApplication(db: Database, memberId: string): Promise<Application | undefined> {
  const [row] = await db.select().from(applications).where(and(eq(applications.memberId, memberId), eq(applications.relatedType, 'INIT')));
  return row;
}

/** The member's application by id, or their current one of the given kind. Never another member's. */
export async function ownedApplication(db: Database, memberId: string, relatedType: 'INIT' | 'SUPPLEMENT', applyId?: string): Promise<Application> {
  const where = applyId
    ? and(eq(applications.id, applyId), eq(applications.memberId, memberId))
    : and(eq(applications.memberId, memberId), eq(applications.relatedType, relatedType));
  const [row] = await db.select().from(applications).where(where).orderBy(desc(applications.createdAt)).limit(1);
  if (!row) throw notFound('server.noApplication');
  return row;
}

/** What a step save reads first: the session and, with it, its member's application and that application's answers. */
export type SessionWithApplication = SessionRow & {
  application: Application | null;
  /** The saved answers a save reads (`STEPS_A_SAVE_READS` and the step saved), with their versions and revisions. */
  payloads: Payloads;
  versions: PinnedVersions;
  revisions: Record<string, number>;
  live: PinnedVersions;
  retired: ReadonlySet<string>;
  experiments: RunningExperiments;
  /** The member's latest successful identity check (latestVerifiedCheck's), or null before one. */
  verifiedCheck: VerifyingCheck | null;
  /** A check of this application succeeded (identityVerified's). */
  identityVerified: boolean;
};
type SessionApplicationWanted = { sessionId: string; relatedType: 'INIT' | 'SUPPLEMENT'; applyId?: string; idleMinutes: number; stepId: string };

/**
 * The answers a save reads besides its own step's: those the step context is made of, and the steps a
 * new identity check carries its facts into. Reading every step's payload cost the database 2-12%
 * more CPU a save (ARCHITECTURE.md, "The path of one step's data").
 */
const STEPS_A_SAVE_READS: readonly string[] = [...new Set([...CONTEXT_STEP_IDS, ...stepsLockedToIdentity()])];

/**
 * The session behind a cookie and, in the same round trip, its member's application (by id, or the
 * newest of the kind) with the saved steps a save of `stepId` reads, their pinned versions and each
 * step's live version: a step save's one read. No session, no row; a session without such an
 * application, no application.
 * Saves arriving together share one query (`wanted` lists each of them): under load a round trip
 * per save was the server's largest cost (the socket writes in `pnpm bench`'s profile).
 */
export function sessionWithApplication(db: Database, sessionId: string, relatedType: 'INIT' | 'SUPPLEMENT', applyId: string | undefined, idleMinutes: number, stepId: string): Promise<SessionWithApplication | undefined> {
  return sessionApplicationLoader(db).load({ sessionId, relatedType, applyId, idleMinutes, stepId });
}

const sessionApplicationLoader = perDatabase(
  (db) =>
    new DataLoader<SessionApplicationWanted, SessionWithApplication | undefined>(
      async (wanted) => {
        // node-postgres writes each array as an array literal, quoting every item.
        const rows = await sessionApplications(db).execute({
          sessionIds: wanted.map((w) => w.sessionId),
          relatedTypes: wanted.map((w) => w.relatedType),
          applyIds: wanted.map((w) => w.applyId ?? null),
          stepIds: wanted.map((w) => w.stepId),
          readSteps: STEPS_A_SAVE_READS,
          now: new Date().toISOString(),
          // One setting for the whole server: every save in a batch shares it.
          idleSince: new Date(Date.now() - wanted[0].idleMinutes * 60_000).toISOString(),
        });
        const byPosition = new Map(rows.map((row) => [Number(row.position), row]));
        return wanted.map((_, i) => {
          const row = byPosition.get(i + 1);
          if (!row) return undefined;
          const { steps, position: _position, retired, ...found } = row;
          const entries = Object.entries(steps);
          return {
            ...found,
            retired: new Set(retired),
            payloads: Object.fromEntries(entries.map(([step, [payload]]) => [step, payload])),
            versions: Object.fromEntries(entries.flatMap(([step, [, version]]) => (version === null ? [] : [[step, version]]))),
            revisions: Object.fromEntries(entries.map(([step, [, , revision]]) => [step, revision])),
          };
        });
      },
      SAVE_BATCHING,
    ),
);

const wanted = sql`unnest(${sql.placeholder('sessionIds')}::text[], ${sql.placeholder('relatedTypes')}::text[], ${sql.placeholder('applyIds')}::text[], ${sql.placeholder('stepIds')}::text[]) with ordinality as wanted(session_id, related_type, apply_id, step_id, position)`;
const sessionApplications = preparedQuery((db) =>
  db
    .selectDistinctOn([sql`wanted.position`], {
      position: sql<string>`wanted.position`,
      memberId: sessions.memberId,
      handoffApplicationId: sessions.handoffApplicationId,
      lastSeenAt: sessions.lastSeenAt,
      application: applications,
      // Each saved step the save reads as [payload, the version it was answered under, its revision]: one pass over them.
      steps: sql<Record<string, [Record<string, unknown>, number | null, number]>>`(select coalesce(jsonb_object_agg(${applicationSteps.stepId}, jsonb_build_array(${applicationSteps.payload}, ${applicationSteps.schemaVersion}, ${applicationSteps.revision})), '{}'::jsonb) from ${applicationSteps} where ${applicationSteps.applicationId} = ${applications.id} and (${applicationSteps.stepId} = wanted.step_id or ${applicationSteps.stepId} = any(${sql.placeholder('readSteps')}::text[])))`,
      // Each step's live version (steps never published are absent: 0), read in the same round trip.
      live: sql<PinnedVersions>`(select coalesce(jsonb_object_agg(${stepPublications.stepId}, ${stepPublications.version}), '{}'::jsonb) from ${stepPublications} where ${stepPublications.endedAt} is null)`,
      // Each step's running experiment: the version tried and its share.
      experiments: sql<RunningExperiments>`(select coalesce(jsonb_object_agg(${stepExperiments.stepId}, jsonb_build_object('version', ${stepExperiments.version}, 'share', ${stepExperiments.share})), '{}'::jsonb) from ${stepExperiments} where ${stepExperiments.endedAt} is null)`,
      // The member's latest successful identity check, which the steps locked to it read (latestVerifiedCheck's order).
      verifiedCheck: sql<VerifyingCheck | null>`(select jsonb_build_object('idKind', ${ekycChecks.idKind}, 'ocrData', ${ekycChecks.ocrData}, 'documentNumber', ${ekycChecks.documentNumber}, 'documentName', ${ekycChecks.documentName}) from ${ekycChecks} where ${ekycChecks.memberId} = ${sessions.memberId} and ${ekycChecks.state} = 'success' order by ${ekycChecks.completedAt} desc, ${ekycChecks.createdAt} desc limit 1)`,
      identityVerified: sql<boolean>`exists (select 1 from ${ekycChecks} where ${ekycChecks.applicationId} = ${applications.id} and ${ekycChecks.state} = 'success')`,
      // The versions a rollback retired (step@version): nothing is saved under them again.
      retired: sql<string[]>`(select coalesce(jsonb_agg(${stepVersions.stepId} || '@' || ${stepVersions.version}), '[]'::jsonb) from ${stepVersions} where ${stepVersions.retiredAt} is not null)`,
    })
    .from(wanted)
    .innerJoin(sessions, and(eq(sessions.id, sql`wanted.session_id`), gt(sessions.expiresAt, sql.placeholder('now')), gt(sessions.lastSeenAt, sql.placeholder('idleSince'))))
    // By id when one is named, else the newest of the kind.
    .leftJoin(applications, and(eq(applications.memberId, sessions.memberId), sql`(case when wanted.apply_id is null then ${applications.relatedType} = wanted.related_type else ${applications.id} = wanted.apply_id end)`))
    .orderBy(sql`wanted.position`, desc(applications.createdAt))
    .prepare('kh_session_applications'),
);

export async function payloadsOf(db: Database, applicationId: string): Promise<Payloads> {
  return (await answersOf(db, applicationId)).payloads;
}

/** An application's saved steps and the version each was answered under (a step nobody answered yet, pre-filled by the server, has none). */
export async function answersOf(db: Database, applicationId: string): Promise<{ payloads: Payloads; versions: PinnedVersions; revisions: Record<string, number> }> {
  const rows = await db.select().from(applicationSteps).where(eq(applicationSteps.applicationId, applicationId));
  return {
    payloads: Object.fromEntries(rows.map((row) => [row.stepId, row.payload as Record<string, unknown>])),
    versions: Object.fromEntries(rows.flatMap((row) => (row.schemaVersion === null ? [] : [[row.stepId, row.schemaVersion]]))),
    revisions: Object.fromEntries(rows.map((row) => [row.stepId, row.revision])),
  };
}

export async function identityVerified(db: Database, applicationId: string): Promise<boolean> {
  const [row] = await db
    .select({ state: ekycChecks.state })
    .from(ekycChecks)
    .where(and(eq(ekycChecks.applicationId, applicationId), eq(ekycChecks.state, 'success')))
    .limit(1);
  return !!row;
}

/** A check whose identity a reviewer rejected: it no longer verifies anything, a new check must. */
export const SUPERSEDED = 'superseded';

/**
 * What the member's latest successful identity check verified, or undefined before one. It is the
 * member's, not one application's: an added market opens for the person the account was checked as.
 */
/** The member's latest successful identity check: what it verified, and what the applicant typed to start it. */
export async function latestVerifiedCheck(db: Database, memberId: string): Promise<{ identity: VerifiedIdentity; typed: { name: string; documentNumber: string }; idAddress: string | null } | undefined> {
  const [check] = await db
    .select()
    .from(ekycChecks)
    .where(and(eq(ekycChecks.memberId, memberId), eq(ekycChecks.state, 'success')))
    .orderBy(desc(ekycChecks.completedAt), desc(ekycChecks.createdAt))
    .limit(1);
  return check && whatCheckVerified(check);
}

/** The columns of a successful check that say what it verified. */
export type VerifyingCheck = Pick<typeof ekycChecks.$inferSelect, 'idKind' | 'ocrData' | 'documentNumber' | 'documentName'>;

export function whatCheckVerified(check: VerifyingCheck): { identity: VerifiedIdentity; typed: { name: string; documentNumber: string }; idAddress: string | null } {
  const ocr = (check.ocrData ?? {}) as OcrData & { idAddress?: string };
  return { identity: verifiedIdentityFromOcr(check.idKind, ocr, check.documentNumber), typed: { name: check.documentName, documentNumber: check.documentNumber }, idAddress: ocr.idAddress?.trim() || null };
}

export const verifiedIdentityOf = async (db: Database, memberId: string): Promise<VerifiedIdentity | undefined> => (await latestVerifiedCheck(db, memberId))?.identity;

export async function paymentSettled(db: Database, applicationId: string): Promise<boolean> {
  const [row] = await db.select({ s: payments.payStatus }).from(payments).where(and(eq(payments.applicationId, applicationId), eq(payments.payStatus, 0))).limit(1);
  return !!row;
}

export { marketBits } from '@kh/engine';

/** SPEC §5 needPay: no payment when ghlValid is false, or when only HK/US are supplemented. */
export function needsPayment(config: ServerConfig, application: Application): boolean {
  if (!config.appConfig.ghlValid) return false;
  if (application.relatedType === 'SUPPLEMENT') return hasMarket(application.market, MARKET.MAS);
  return true;
}

/** The steps an application must hold, valid, before it is submitted (SPEC §2 flow order). */
export function requiredSteps(config: ServerConfig, application: Application): StepName[] {
  if (application.relatedType === 'SUPPLEMENT') {
    const context = contextFromInput({ mode: 'supplementary', addingMarkets: application.market });
    return isAddingHkUsOnly(context) ? ['agreement', 'signature'] : ['market', 'personal', 'financial', 'tax', 'agreement', 'signature'];
  }
  const steps: StepName[] = ['contact', 'market', 'personal', 'work', 'financial', 'investment', 'tax', 'declaration', 'agreement', 'signature'];
  if (config.appConfig.ctosValid) steps.splice(2, 0, 'identity');
  return steps;
}

/** In rejection mode: the steps that hold rejected items, with the reject items (field names) of each. */
export function rejectedItemsByStep(application: Application, config: ServerConfig): Map<StepName, string[]> {
  const context = contextFromInput({ mode: 'rejected', rejectedItems: parseRejectedReason(application.rejectedReason), ctosValid: config.appConfig.ctosValid });
  return new Map(rejectionPath(context).map((step) => [step, rejectedFieldsOf(context, codeOf(step))]));
}

export function ensureStatus(application: Application, allowed: number[], messageKey = 'server.applicationLocked') {
  if (!allowed.includes(application.status)) throw new AppError(409, '40010002', messageKey);
  // A final rejection is the broker's last word: nothing of the application changes after it.
  if (application.status === STATUS.fail && application.rejectionKind === 'final') throw new AppError(409, '40010002', 'server.rejectedFinally');
}

const bits = (flags: number) => [MARKET.MAS, MARKET.HK, MARKET.US].filter((bit) => hasMarket(flags, bit));

/** khInfo (SPEC §3) as the client reads it. */
export function khInfo(application: Application | undefined, payloads: Payloads = {}) {
  if (!application)
    return { exist: false, success: false, status: STATUS.abandon, fillStep: 1000, firstOpenFlag: true, identityKind: 101, nationalityCode: 'MYS', isNew: true, applyId: null, market: 0, opened: 0, markets: [] as number[] };
  const personal = payloads.personal ?? {};
  const market = payloads.market ?? {};
  const financial = payloads.financial ?? {};
  return {
    exist: true,
    success: application.status === STATUS.success,
    status: application.status,
    fillStep: application.fillStep,
    reasonCode: application.status === STATUS.fail ? 'REJECTED' : null,
    rejectedReason: application.rejectedReason,
    rejectionNote: application.status === STATUS.fail ? application.rejectionNote : null,
    rejectionKind: application.status === STATUS.fail ? (application.rejectionKind ?? 'resubmit') : null,
    rejectionComments: application.status === STATUS.fail ? ((application.rejectionComments as Record<string, string> | null) ?? null) : null,
    name: personal.name as string | undefined,
    identityKind: (personal.identityKind as number | undefined) ?? 101,
    nationalityCode: (personal.nationalityCode as string | undefined) ?? application.nationality ?? 'MYS',
    isNew: application.status === STATUS.stash && !application.submittedAt,
    applyId: application.id,
    relatedType: application.relatedType,
    markets: bits(application.opened),
    islamic: application.islamic,
    mlAccountType: market.myType === 1 ? 1 : 0,
    accountType: application.accountType,
    maritalStatus: personal.maritalStatus as number | undefined,
    marketType: application.market,
    market: application.market,
    masClientCodeActive: application.masClientCodeActive,
    bankName: (financial.dto as { bankName?: string } | undefined)?.bankName,
    firstOpenFlag: false,
    opened: application.opened,
  };
}
