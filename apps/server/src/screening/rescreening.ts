// After a list version goes live, every submitted application and customer is screened against it,
// whatever their earlier results (a person cleared against one entry may be newly listed under
// another): a run (screening_runs) goes through them a page at a time in the screening worker,
// keeping its place, so a job tried again goes on where it stopped. A hit not already on the
// application (the same entry for the same details) is stored as a result of its own, with any
// decision carried to it; a person already confirmed stays confirmed.
import { and, asc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { ServerContext } from '../context.ts';
import { newId } from '../db/ids.ts';
import { applications, screeningLists, screeningResults, screeningRuns } from '../db/schema.ts';
import { personOf, stateOf, storedHits, withCarriedDecisions, type ScreeningSubject, type StoredHit } from './screening.ts';

type Context = Pick<ServerContext, 'db' | 'screener'>;

/** Applications screened per round: a submit waiting for the worker waits for one round at most. */
const PAGE = 200;

export async function runRescreen(context: Context, runId: string): Promise<void> {
  const { db, screener } = context;
  const [run] = await db.select().from(screeningRuns).where(eq(screeningRuns.id, runId));
  if (!run || run.state !== 'running') return;
  const [list] = await db.select({ id: screeningLists.id, name: screeningLists.name, version: screeningLists.version, state: screeningLists.state }).from(screeningLists).where(eq(screeningLists.id, run.listId));
  const version = list && { id: list.id, name: list.name, version: list.version };
  let cursor = run.cursor ?? '';
  let { screened, hits: found } = run;
  try {
    while (version) {
      // Every application submitted at least once and not abandoned: under review, sent back, approved, opened.
      const page = await db
        .select({ id: applications.id, memberId: applications.memberId, idNo: applications.idNo })
        .from(applications)
        .where(and(gt(applications.id, cursor), gt(applications.submissionCount, 0), ne(applications.status, 0)))
        .orderBy(asc(applications.id))
        .limit(PAGE);
      if (page.length === 0) break;
      // Every set of details the application was screened with (a resubmission may have changed the name).
      const subjects = await db
        .select({ applicationId: screeningResults.applicationId, subject: screeningResults.subject, hits: sql<StoredHit[]>`jsonb_agg(${screeningResults.hits})` })
        .from(screeningResults)
        .where(inArray(screeningResults.applicationId, page.map((a) => a.id)))
        .groupBy(screeningResults.applicationId, screeningResults.subject);
      const answers = await screener.screen([version.id], subjects.map((s) => s.subject as ScreeningSubject));
      for (const [n, row] of subjects.entries()) {
        const subject = row.subject as ScreeningSubject;
        const known = (row.hits as unknown as StoredHit[][]).flat();
        const fresh = storedHits(answers[n] ?? {}, [version]).filter((hit) => !known.some((k) => k.list?.name === hit.list.name && k.ref === hit.ref && k.entryHash === hit.entryHash));
        if (fresh.length === 0) continue;
        const application = page.find((a) => a.id === row.applicationId)!;
        const carried = await withCarriedDecisions(db, await personOf(db, application), subject, fresh);
        await db.insert(screeningResults).values({ id: newId(), applicationId: application.id, subject, lists: [version], hits: carried, state: stateOf(carried, [], 1), kind: 'rescreen', runId });
        found++;
      }
      screened += page.length;
      cursor = page.at(-1)!.id;
      await db.update(screeningRuns).set({ screened, hits: found, cursor }).where(eq(screeningRuns.id, runId));
    }
    await db.update(screeningRuns).set({ state: 'done', finishedAt: new Date(), screened, hits: found, cursor }).where(eq(screeningRuns.id, runId));
  } catch (error) {
    // Tried again by the job queue from the place kept; said on the lists page meanwhile.
    await db.update(screeningRuns).set({ failure: (error as Error).message.slice(0, 300) }).where(eq(screeningRuns.id, runId));
    throw error;
  }
}
