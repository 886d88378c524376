// Making a step version live, whoever does it: a second editor publishing now, the schedule at the
// time one chose, or the end of an experiment that adopts the version it tried. One transaction under
// the step's lock decides, so of two attempts at once exactly one has an effect.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { droppedPayloadKeys, type StepSchema } from '@kh/engine';
import type { Database } from '../db/database.ts';
import { countUpTo } from '../db/count-up-to.ts';
import { applicationSteps, applications, stepExperiments, stepPublications, stepVersions } from '../db/schema.ts';
import { AppError, CODES } from '../http/envelope.ts';
import { audit } from '../audit/index.ts';
import { STATUS } from '../applications/index.ts';
import { bundledVersion, liveVersion } from '../steps/index.ts';

/** Applications still being filled in, rejected for changes, or waiting for review: their answers are in use. */
export const OPEN_STATUSES = [STATUS.stash, STATUS.review, STATUS.fail];

/** Who acts, and from where (a request's origin; none for the schedule). */
export interface Actor {
  staffId: string;
  origin?: { ip: string | null; userAgent: string | null };
}

/** Counts of open applications stop one past this (a broker's size is millions). */
export const OPEN_COUNT_CAP = 10_000;

/** How many open applications hold a value at any of these payload paths (`a.b`, `list[].c`), up to one past the cap. */
export async function openApplicationsHolding(db: Database, stepId: string, paths: string[]): Promise<number> {
  if (paths.length === 0) return 0;
  const jsonPaths = paths.map((path) => `$.${path.replaceAll('[]', '[*]')}`);
  const holders = db
    .select({ id: applicationSteps.applicationId })
    .from(applicationSteps)
    .innerJoin(applications, eq(applications.id, applicationSteps.applicationId))
    .where(
      and(
        eq(applicationSteps.stepId, stepId),
        inArray(applications.status, OPEN_STATUSES),
        sql`(${sql.join(
          jsonPaths.map((p) => sql`jsonb_path_exists(${applicationSteps.payload}, ${p}::jsonpath)`),
          sql` or `,
        )})`,
      ),
    )
    .$dynamic();
  // One row per application and step (the key): no distinct needed.
  return countUpTo(db, holders, OPEN_COUNT_CAP);
}

/** A step's document at a version (0: the build-time one), any status. */
export async function documentAt(db: Database, stepId: string, version: number): Promise<StepSchema> {
  if (version === 0) return bundledVersion(stepId).document;
  const [row] = await db.select({ document: stepVersions.document }).from(stepVersions).where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, version)));
  if (!row) throw new AppError(404, '404', 'server.schemaVersionUnknown');
  return row.document as StepSchema;
}

/**
 * The keys the live version has that this one drops, and how many open applications hold them. Pinned
 * answers keep their version, but the people and systems that read answers (the review console, the
 * back office) lose a key a live version drops: a migration must say how, or the publish is refused.
 */
export async function breakingChange(db: Database, stepId: string, version: number, migration: string | null | undefined, live?: number): Promise<{ dropped: string[]; holding: number }> {
  live ??= await liveVersion(db, stepId);
  const dropped = droppedPayloadKeys(await documentAt(db, stepId, live), await documentAt(db, stepId, version));
  const holding = await openApplicationsHolding(db, stepId, dropped);
  if (holding > 0 && !migration?.trim()) throw new AppError(409, CODES.badState, 'server.studioBreaking', { count: holding, keys: dropped.join(', ') }, { affected: holding, dropped });
  return { dropped, holding };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Takes the step's lock for the transaction: publishes, schedules, experiments and new version numbers of one step take turns. */
export async function lockStep(tx: Transaction, stepId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`studio:${stepId}`}))`);
}

/** Under the step's lock: what is live and which experiment runs. */
export async function lockedStepState(tx: Transaction, stepId: string): Promise<{ live: number; running: { id: number; version: number } | undefined }> {
  await lockStep(tx, stepId);
  const [now] = await tx.select({ version: stepPublications.version }).from(stepPublications).where(and(eq(stepPublications.stepId, stepId), isNull(stepPublications.endedAt)));
  const [running] = await tx.select({ id: stepExperiments.id, version: stepExperiments.version }).from(stepExperiments).where(and(eq(stepExperiments.stepId, stepId), isNull(stepExperiments.endedAt)));
  return { live: now?.version ?? 0, running };
}

/** Ends a running experiment, once: of two ends at once, the second is refused. */
export async function endExperiment(tx: Transaction, experimentId: number, staffId: string): Promise<void> {
  const [ended] = await tx
    .update(stepExperiments)
    .set({ endedAt: new Date(), endedBy: staffId })
    .where(and(eq(stepExperiments.id, experimentId), isNull(stepExperiments.endedAt)))
    .returning({ id: stepExperiments.id });
  if (!ended) throw new AppError(409, CODES.badState, 'server.studioExperimentEnded');
}

export interface GoingLive {
  stepId: string;
  version: number;
  /** The status the version is in now: review (a publish), scheduled, or experiment (adopted). */
  from: 'review' | 'scheduled' | 'experiment';
  basedOn: number;
  migration?: string | null;
  /** Made now for a publish; a scheduled or tried version has them already. */
  jsonSchema?: unknown;
  validatorCode?: string;
  rollbackOf: number | null;
  /** The experiment this ends by adopting its version. */
  experimentId?: number;
}

/** Makes a version live: ends the live publication, starts this one, and for a rollback retires the one it replaced. */
export async function makeLive(db: Database, actor: Actor, going: GoingLive): Promise<void> {
  const { stepId, version, from, basedOn, rollbackOf, experimentId } = going;
  const migration = going.migration?.trim() || null;
  const live = await liveVersion(db, stepId);
  const { dropped, holding } = await breakingChange(db, stepId, version, migration, live);
  const action = rollbackOf === null ? 'publish' : 'rollback';
  await db.transaction(async (tx) => {
    // Read again under the step's lock: what was checked above is still what is live, and a publish
    // starts from it (a version drafted from an older live one would silently undo the newer one).
    const { live: liveNow, running } = await lockedStepState(tx, stepId);
    if (basedOn !== liveNow) throw new AppError(409, CODES.badState, 'server.studioStale', { basedOn, live: liveNow });
    if (liveNow !== live) throw new AppError(409, CODES.badState, 'server.studioLiveChanged');
    // While a version is tried beside the live one, only the experiment's end changes what is live.
    if (running && running.id !== experimentId) throw new AppError(409, CODES.badState, 'server.studioExperimentRunning', { version: running.version });
    const [done] = await tx
      .update(stepVersions)
      .set({
        status: 'published',
        reviewerId: from === 'review' ? actor.staffId : undefined,
        publishedAt: new Date(),
        updatedAt: new Date(),
        publishAt: null,
        ...(going.validatorCode ? { jsonSchema: going.jsonSchema, validatorCode: going.validatorCode } : {}),
      })
      .where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, version), eq(stepVersions.status, from)))
      .returning({ version: stepVersions.version });
    if (!done) throw new AppError(409, CODES.badState, from === 'experiment' ? 'server.studioExperimentEnded' : 'server.studioNotInReview');
    if (experimentId !== undefined) await endExperiment(tx, experimentId, actor.staffId);
    // A rollback says the version it replaces was wrong: nothing is saved under it again (the
    // build-time version 0 is the baseline and is never retired).
    if (action === 'rollback' && liveNow !== 0) await tx.update(stepVersions).set({ retiredAt: new Date() }).where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, liveNow)));
    await tx.update(stepPublications).set({ endedAt: new Date() }).where(and(eq(stepPublications.stepId, stepId), isNull(stepPublications.endedAt)));
    await tx.insert(stepPublications).values({ stepId, version, action, staffId: actor.staffId, migration });
  });
  const how = from === 'scheduled' ? { scheduled: true } : from === 'experiment' ? { experiment: experimentId } : {};
  await audit(
    db,
    {
      action: action === 'publish' ? 'studioPublish' : 'studioRollback',
      staffId: actor.staffId,
      detail: { stepId, version, from: live, ...how, ...(rollbackOf !== null ? { rollbackOf, retired: live !== 0 ? live : null } : {}), ...(migration ? { migration } : {}), ...(dropped.length ? { dropped, affected: holding } : {}) },
    },
    actor.origin,
  );
}

/**
 * The schedule's turn: the version is published as the editor who scheduled it, if it is still
 * scheduled and due. When it can no longer be (the live version changed, an experiment runs, a
 * migration is now needed), it goes back to review with the reason, for the editors to see.
 */
export async function publishScheduled(db: Database, { stepId, version }: { stepId: string; version: number }, now = new Date()): Promise<'published' | 'notDue' | 'failed'> {
  const [row] = await db.select().from(stepVersions).where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, version)));
  // Withdrawn, or scheduled again for later (that schedule's own job comes then).
  if (!row || row.status !== 'scheduled' || !row.publishAt || !row.publishBy || row.publishAt.getTime() > now.getTime()) return 'notDue';
  try {
    await makeLive(db, { staffId: row.publishBy }, { stepId, version, from: 'scheduled', basedOn: row.basedOn, migration: row.publishMigration, rollbackOf: row.rollbackOf });
    return 'published';
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Only a version still scheduled goes back: another attempt may have published it meanwhile.
    const [back] = await db
      .update(stepVersions)
      .set({ status: 'review', publishAt: null, scheduleFailure: { key: error.messageKey, params: error.params }, updatedAt: new Date() })
      .where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, version), eq(stepVersions.status, 'scheduled')))
      .returning({ version: stepVersions.version });
    if (back) await audit(db, { action: 'studioScheduleFailed', staffId: row.publishBy, detail: { stepId, version, reason: error.messageKey } });
    return 'failed';
  }
}
