// The studio's step versions on the server: which version is live, which an answer is pinned to,
// and the published versions themselves (loaded once per database and kept: a published version
// never changes). Version 0 is the build-time document and needs no row.
import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { drawsVersionTried } from '@kh/engine/experiment';
import type { StepSchema, StepTranslations, StructuralValidator } from '@kh/engine';
import { validatorFromCode } from '@kh/engine/validator-code';
import type { Database } from '../db/database.ts';
import { stepExperiments, stepPublications, stepVersions } from '../db/schema.ts';
import { AppError, CODES } from '../http/envelope.ts';
import { bundledVersion, type StepVersion } from './steps.ts';

/** How long a page drawn with a version that has since been replaced may still save with it. */
export const REPLACED_VERSION_GRACE_MS = 24 * 60 * 60_000;

/** The statuses of versions applicants are drawn: published ones, and one tried in an experiment. */
export const SERVED_STATUSES = ['published', 'experiment'];

const loaded = new WeakMap<Database, Map<string, Promise<StepVersion>>>();

/** A published version of a step (0: the build-time one). */
export function publishedVersion(db: Database, stepId: string, version: number): Promise<StepVersion> {
  if (version === 0) return Promise.resolve(bundledVersion(stepId));
  let kept = loaded.get(db);
  if (!kept) loaded.set(db, (kept = new Map()));
  const key = `${stepId}@${version}`;
  let entry = kept.get(key);
  if (!entry) {
    entry = loadPublished(db, stepId, version);
    kept.set(key, entry);
    // A version not found is asked for again next time (it may be published in between).
    entry.catch(() => kept.delete(key));
  }
  return entry;
}

async function loadPublished(db: Database, stepId: string, version: number): Promise<StepVersion> {
  const [row] = await db
    .select({ document: stepVersions.document, translations: stepVersions.translations, validatorCode: stepVersions.validatorCode })
    .from(stepVersions)
    .where(and(eq(stepVersions.stepId, stepId), eq(stepVersions.version, version), inArray(stepVersions.status, SERVED_STATUSES)));
  if (!row || !row.validatorCode) throw new AppError(409, CODES.badState, 'server.schemaVersionUnknown');
  let validator: StructuralValidator | undefined;
  const { validatorCode } = row;
  return {
    stepId,
    version,
    document: row.document as StepSchema,
    translations: row.translations as StepTranslations,
    validator: () => (validator ??= validatorFromCode(validatorCode)),
  };
}

/** The live version of a step: the last publish or rollback, or 0 before any. */
export async function liveVersion(db: Database, stepId: string): Promise<number> {
  const [row] = await db.select({ version: stepPublications.version }).from(stepPublications).where(and(eq(stepPublications.stepId, stepId), isNull(stepPublications.endedAt)));
  return row?.version ?? 0;
}

/** Per step, the experiment running: the version tried and the per cent of new applications drawn it. */
export type RunningExperiments = Record<string, { version: number; share: number }>;

export async function runningExperiments(db: Database): Promise<RunningExperiments> {
  const rows = await db.select({ stepId: stepExperiments.stepId, version: stepExperiments.version, share: stepExperiments.share }).from(stepExperiments).where(isNull(stepExperiments.endedAt));
  return Object.fromEntries(rows.map((row) => [row.stepId, { version: row.version, share: row.share }]));
}

/** The version tried that this application is drawn for the step, if an experiment runs and draws it. */
export function triedVersionFor(experiments: RunningExperiments, stepId: string, applicationId: string | undefined): number | undefined {
  const running = experiments[stepId];
  return running && applicationId && drawsVersionTried(applicationId, stepId, running.share) ? running.version : undefined;
}

/** `step@version` of every version a rollback retired: nothing is saved under them again. */
export type RetiredVersions = ReadonlySet<string>;
export const retiredKey = (stepId: string, version: number) => `${stepId}@${version}`;

/** No version retired: an answer shown as it was given (the signed PDF, the evidence pack), whatever a rollback did since. */
export const AS_GIVEN: RetiredVersions = new Set();

export async function retiredVersions(db: Database): Promise<RetiredVersions> {
  const rows = await db.select({ stepId: stepVersions.stepId, version: stepVersions.version }).from(stepVersions).where(isNotNull(stepVersions.retiredAt));
  return new Set(rows.map((row) => retiredKey(row.stepId, row.version)));
}

/**
 * The version an answer is read and checked under: the one it was given with, unless a rollback
 * retired it, when the live one takes its place (the server, not the answer, decides). A step nobody
 * answered (`pinned` undefined: a pre-fill) is read under the live one.
 */
export async function answeredVersion(db: Database, stepId: string, pinned: number | undefined, retired: RetiredVersions): Promise<StepVersion> {
  if (pinned !== undefined && !retired.has(retiredKey(stepId, pinned))) return publishedVersion(db, stepId, pinned);
  return publishedVersion(db, stepId, await liveVersion(db, stepId));
}

/**
 * The version a save is validated and stored under. An answer already given keeps its version (a
 * publish never changes what an application was answered with), unless a rollback retired it. A
 * first answer of an application an experiment draws (`tried`) is taken under the version tried
 * alone; any other first answer under the version the page was drawn with when that is live, or was
 * replaced less than a day ago by a publish (a page open during a publish still saves), never a
 * retired one; otherwise under the version the application is drawn now. `live` and `retired` are given when the caller read them already (the
 * save path reads them with the application).
 */
export async function versionForSave(
  db: Database,
  stepId: string,
  { pinned, drawnWith, live, retired, tried }: { pinned?: number; drawnWith?: number; live?: number; retired?: RetiredVersions; tried?: number },
  now = new Date(),
): Promise<StepVersion> {
  retired ??= await retiredVersions(db);
  if (drawnWith !== undefined && retired.has(retiredKey(stepId, drawnWith))) throw new AppError(409, CODES.badState, 'server.schemaVersionOutdated');
  if (pinned !== undefined && !retired.has(retiredKey(stepId, pinned))) return publishedVersion(db, stepId, pinned);
  live ??= await liveVersion(db, stepId);
  if (drawnWith === undefined) return publishedVersion(db, stepId, tried ?? live);
  // An application an experiment draws is answered under the version tried and no other: naming the
  // live version is no way out of the arm, which is the server's draw alone.
  if (tried !== undefined) {
    if (drawnWith === tried) return publishedVersion(db, stepId, tried);
    throw new AppError(409, CODES.badState, 'server.schemaVersionOutdated');
  }
  if (drawnWith === live) return publishedVersion(db, stepId, drawnWith);
  const [recent] = await db
    .select({ endedAt: stepPublications.endedAt })
    .from(stepPublications)
    .where(and(eq(stepPublications.stepId, stepId), eq(stepPublications.version, drawnWith)))
    .orderBy(desc(stepPublications.startedAt))
    .limit(1);
  // Version 0 was live from the start until the first publish, which has no row for it.
  const endedAt = recent?.endedAt ?? (drawnWith === 0 ? await firstPublishAt(db, stepId) : undefined);
  if (!endedAt || now.getTime() - endedAt.getTime() > REPLACED_VERSION_GRACE_MS) throw new AppError(409, CODES.badState, 'server.schemaVersionOutdated');
  return publishedVersion(db, stepId, drawnWith);
}

async function firstPublishAt(db: Database, stepId: string): Promise<Date | undefined> {
  const [row] = await db.select({ at: sql<Date>`min(${stepPublications.startedAt})`.mapWith(stepPublications.startedAt) }).from(stepPublications).where(eq(stepPublications.stepId, stepId));
  return row?.at ?? undefined;
}

/**
 * Whether a page of this step could have been drawn this version for this application: its pin, or
 * what a save would take it under (the version tried where an experiment draws it, else the live one
 * or one replaced less than a day ago). What the analytics believe of a version an event names.
 */
export async function drawsVersion(db: Database, stepId: string, { applicationId, pinned, drawnWith }: { applicationId: string; pinned?: number; drawnWith: number }): Promise<boolean> {
  if (pinned !== undefined && pinned === drawnWith) return true;
  const tried = triedVersionFor(await runningExperiments(db), stepId, applicationId);
  try {
    return (await versionForSave(db, stepId, { drawnWith, tried })).version === drawnWith;
  } catch {
    return false;
  }
}
