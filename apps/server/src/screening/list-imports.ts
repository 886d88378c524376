// A list version imported as a job, not within the admin's request: the request stores the file and
// a version row (importing) and answers at once; the job (on any instance) reads the file in the
// screening worker, stores its entries in batches (no transaction held open across them: on the
// embedded database that would hold its only connection), then, in one short transaction, makes the
// version live and retires the one before. A file nothing can be read from leaves the version
// failed, with why, and nothing live changes. Then every submitted application and customer is
// screened against the new version (rescreening.ts).
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { newId } from '../db/ids.ts';
import { screeningEntries, screeningLists, screeningRuns } from '../db/schema.ts';
import { AppError, CODES } from '../http/envelope.ts';
import { QUEUES } from '../jobs/queue.ts';
import { audit } from '../audit/index.ts';
import type { ListFormat } from './screening-work.ts';

type Context = Pick<ServerContext, 'db' | 'storage' | 'queue' | 'screener'>;

/** The job's data: a version to import, or a run to go on with. */
export type ScreeningJob = { kind: 'import'; listId: string } | { kind: 'rescreen'; runId: string };

export interface ListVersion {
  id: string;
  name: string;
  format: string;
  version: number;
  state: string;
  failure: string | null;
  sha256: string;
  entryCount: number;
  problems: unknown;
  importedBy: string;
  importedAt: Date;
  retiredAt: Date | null;
}

/** Stores the file and a version to import, and queues its import. Versions of one name are numbered in order. */
export async function startImport(context: Context, input: { name: string; format: ListFormat; bytes: Uint8Array; staffId: string }): Promise<ListVersion> {
  const { db, storage, queue } = context;
  const id = newId();
  const sourcePath = `screening-imports/${id}`;
  await storage.put(sourcePath, input.bytes);
  const version = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`screening-list:${input.name}`}))`);
    // One import of a name at a time: a second waits for the first to end.
    const [importing] = await tx.select({ id: screeningLists.id }).from(screeningLists).where(and(eq(screeningLists.name, input.name), eq(screeningLists.state, 'importing'))).limit(1);
    if (importing) throw new AppError(409, CODES.badState, 'server.screeningImportRunning');
    const [last] = await tx.select({ version: screeningLists.version }).from(screeningLists).where(eq(screeningLists.name, input.name)).orderBy(desc(screeningLists.version)).limit(1);
    const [row] = await tx
      .insert(screeningLists)
      .values({ id, name: input.name, format: input.format, version: (last?.version ?? 0) + 1, sha256: '', entryCount: 0, problems: [], importedBy: input.staffId, state: 'importing', sourcePath })
      .returning();
    return row!;
  });
  await queue.send(QUEUES.screening, { kind: 'import', listId: id } satisfies ScreeningJob);
  return version;
}

/** The import job: read, store, make live, then screen everyone against it. Safe to run again (a retried job). */
export async function runImport(context: Context, listId: string): Promise<void> {
  const { db, storage, screener } = context;
  const [version] = await db.select().from(screeningLists).where(eq(screeningLists.id, listId));
  if (!version || version.state !== 'importing' || !version.sourcePath) return;
  const bytes = await storage.get(version.sourcePath);
  const read = await screener.parse(listId, version.format as ListFormat, new Uint8Array(bytes));
  const detail = { listId, name: version.name, version: version.version, sha256: read.sha256, entries: read.entryCount, problems: read.problems.length };
  if (read.entryCount === 0) {
    await db.update(screeningLists).set({ state: 'failed', failure: read.problems.slice(0, 3).join('; ') || 'no entry could be read', problems: read.problems, sha256: read.sha256, sourcePath: null }).where(eq(screeningLists.id, listId));
    await audit(db, { staffId: version.importedBy, action: 'screeningListRefused', detail }, JOB_ORIGIN);
    await storage.remove(version.sourcePath);
    await screener.keep(await liveListIds(context));
    return;
  }
  // A retried job starts the entries again: what an earlier try stored is replaced.
  await db.delete(screeningEntries).where(eq(screeningEntries.listId, listId));
  // Each batch one parameter of JSON: a query built of 30,000 parameters held the event loop 120 ms.
  for await (const batch of screener.parsedEntries(listId))
    await db.execute(sql`insert into ${screeningEntries} (list_id, ref, category, names, birth_dates, nationalities)
      select ${listId}, e.ref, e.category, e.names, e.birth_dates, e.nationalities
      from jsonb_to_recordset(${batch}::jsonb) as e(ref text, category text, names jsonb, birth_dates jsonb, nationalities jsonb)`);
  const runId = newId();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`screening-list:${version.name}`}))`);
    await tx.update(screeningLists).set({ state: 'retired', retiredAt: new Date() }).where(and(eq(screeningLists.name, version.name), eq(screeningLists.state, 'live'), ne(screeningLists.id, listId)));
    await tx.update(screeningLists).set({ state: 'live', sha256: read.sha256, entryCount: read.entryCount, problems: read.problems, sourcePath: null }).where(eq(screeningLists.id, listId));
    await tx.insert(screeningRuns).values({ id: runId, listId });
  });
  await audit(db, { staffId: version.importedBy, action: 'screeningListImported', detail: { ...detail, runId } }, JOB_ORIGIN);
  await storage.remove(version.sourcePath);
  await screener.keep(await liveListIds(context));
  await context.queue.send(QUEUES.screening, { kind: 'rescreen', runId } satisfies ScreeningJob);
}

/** The import's audit entries are written by its job, for the admin who asked for it. */
const JOB_ORIGIN = { ip: null, userAgent: 'screening import job' };

/** The ids of the versions live now. */
export async function liveListIds({ db }: Pick<Context, 'db'>): Promise<string[]> {
  return (await db.select({ id: screeningLists.id }).from(screeningLists).where(eq(screeningLists.state, 'live'))).map((row) => row.id);
}

/** The versions live now, by name. */
export const liveLists = ({ db }: Pick<Context, 'db'>) =>
  db.select({ id: screeningLists.id, name: screeningLists.name, version: screeningLists.version }).from(screeningLists).where(eq(screeningLists.state, 'live')).orderBy(screeningLists.name);

/** Every version of every list, newest first, with the run that screened everyone against it. */
export async function listVersions({ db }: Pick<Context, 'db'>) {
  const versions = await db
    .select({
      id: screeningLists.id,
      name: screeningLists.name,
      format: screeningLists.format,
      version: screeningLists.version,
      state: screeningLists.state,
      failure: screeningLists.failure,
      sha256: screeningLists.sha256,
      entryCount: screeningLists.entryCount,
      problems: screeningLists.problems,
      importedBy: screeningLists.importedBy,
      importedAt: screeningLists.importedAt,
      retiredAt: screeningLists.retiredAt,
    })
    .from(screeningLists)
    .orderBy(screeningLists.name, desc(screeningLists.version));
  const runs = versions.length === 0 ? [] : await db.select().from(screeningRuns).where(inArray(screeningRuns.listId, versions.map((v) => v.id)));
  return versions.map((version) => {
    const run = runs.find((r) => r.listId === version.id);
    return { ...version, rescreen: run ? { state: run.state, screened: run.screened, hits: run.hits, startedAt: run.startedAt, finishedAt: run.finishedAt, failure: run.failure } : null };
  });
}
