// What a case shows of screening: every screening of the application with each hit's decision, every
// decision ever made on this person (on any of their applications: a confirmation stays with them),
// and the runs that screened everyone against a list version since the case was first submitted, so
// a reviewer reads which versions a customer was checked against, and what came of it.
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { screeningDecisions, screeningLists, screeningRuns } from '../db/schema.ts';
import { decisionsOnPerson, screeningDeciders, screeningHold, screeningsOf } from '../screening/index.ts';

type Namer = (staffId: string | null) => string | null;

export async function screeningView(db: Database, application: { id: string; memberId: string; idNo: string | null; submittedAt: Date | null; createdAt: Date }, nameOf: Namer, viewer: string) {
  const results = await screeningsOf(db, application.id);
  const direct = results.length === 0 ? [] : await db.select().from(screeningDecisions).where(inArray(screeningDecisions.resultId, results.map((r) => r.id)));
  const onPerson = await decisionsOnPerson(db, application);
  const firstScreened = results.at(-1)?.screenedAt ?? application.submittedAt ?? application.createdAt;
  const runs = await db
    .select({ id: screeningRuns.id, state: screeningRuns.state, startedAt: screeningRuns.startedAt, finishedAt: screeningRuns.finishedAt, listName: screeningLists.name, version: screeningLists.version })
    .from(screeningRuns)
    .innerJoin(screeningLists, eq(screeningLists.id, screeningRuns.listId))
    .where(and(gte(screeningRuns.startedAt, firstScreened)))
    .orderBy(asc(screeningRuns.startedAt));
  return {
    // What holds the case now (a hit to decide, or a confirmed match of the person), and whether the
    // reader decided a hit of it (then another person approves it): the console offers only what the server allows.
    screeningHold: (await screeningHold(db, application)) ?? null,
    screeningDecidedByViewer: (await screeningDeciders(db, application.id)).has(viewer),
    screenings: results.map((result) => ({
      ...result,
      deciderName: nameOf(result.decidedBy),
      decisions: direct.filter((d) => d.resultId === result.id).map((d) => ({ listName: d.listName, ref: d.entryRef, outcome: d.outcome, reason: d.reason, decidedAt: d.decidedAt, deciderName: nameOf(d.decidedBy), overriddenAt: d.overriddenAt })),
      hits: (result.hits as { carried?: { decidedBy: string } }[]).map((hit) => (hit.carried ? { ...hit, carried: { ...hit.carried, deciderName: nameOf(hit.carried.decidedBy) } } : hit)),
    })),
    screeningDecisions: onPerson.map((d) => ({ id: d.id, applicationId: d.applicationId, thisCase: d.applicationId === application.id, listName: d.listName, ref: d.entryRef, category: d.category, outcome: d.outcome, reason: d.reason, decidedAt: d.decidedAt, deciderName: nameOf(d.decidedBy), overriddenAt: d.overriddenAt })),
    screeningRuns: runs.map((run) => ({ ...run, newHit: results.some((result) => result.runId === run.id) })),
  };
}
