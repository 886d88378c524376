// A supervisor's decision on screening hits: each hit decided on its own (the listed person or not),
// with a reason, once (two supervisors at once: one decision stands, by a unique key). The decision
// is the person's (screening_decisions): the same undecided hit on this application's other
// screenings, for the same details and entry, is decided with it. A confirmation is lifted only by a
// two-person override, which the staff changes make (liftConfirmations).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { screeningDecisions, screeningResults } from '../db/schema.ts';
import { AppError, CODES } from '../http/envelope.ts';
import { ofPerson, personOf, stateOf, subjectHash, type ScreeningSubject, type StoredHit } from './screening.ts';

export interface HitRef {
  listName: string;
  ref: string;
}

type Result = typeof screeningResults.$inferSelect;

const sameHit = (a: { listName: string; entryRef: string }, hit: StoredHit) => a.listName === hit.list.name && a.entryRef === hit.ref;

/** A result's state again, from its hits and the decisions made on it. */
async function refreshState(db: Database, result: Result): Promise<string> {
  const direct = await db.select().from(screeningDecisions).where(eq(screeningDecisions.resultId, result.id));
  const state = stateOf(result.hits as StoredHit[], direct, (result.lists as unknown[]).length);
  if (state !== result.state) await db.update(screeningResults).set({ state }).where(eq(screeningResults.id, result.id));
  return state;
}

/**
 * Decides the hits named (all the result's undecided ones when none are named): the ones a decision
 * is still open for. A hit carried as confirmed is not decided again here: only an override lifts it.
 * Answers the result's new state; refused (409) when nothing was left to decide.
 */
export async function decideHits(
  db: Database,
  input: { application: { id: string; memberId: string; idNo: string | null }; resultId: string; outcome: 'cleared' | 'confirmed'; reason: string; staffId: string; hits?: HitRef[] },
): Promise<{ result: Result; state: string; decided: HitRef[] }> {
  const [result] = await db.select().from(screeningResults).where(and(eq(screeningResults.id, input.resultId), eq(screeningResults.applicationId, input.application.id)));
  if (!result) throw new AppError(404, '404', 'server.screeningUnknown');
  const hits = result.hits as StoredHit[];
  const already = await db.select().from(screeningDecisions).where(eq(screeningDecisions.resultId, result.id));
  const open = hits.filter((hit) => !already.some((d) => sameHit(d, hit)) && hit.carried?.outcome !== 'confirmed' && (!input.hits || input.hits.some((named) => named.listName === hit.list.name && named.ref === hit.ref)));
  if (open.length === 0) throw new AppError(409, CODES.badState, 'server.screeningDecided');
  const person = await personOf(db, input.application);
  const subjectKey = subjectHash(result.subject as ScreeningSubject);
  // The same hit on this application's other screenings, for the same details and the same entry, is the same question.
  const others = (await db.select().from(screeningResults).where(eq(screeningResults.applicationId, input.application.id))).filter((other) => other.id !== result.id && subjectHash(other.subject as ScreeningSubject) === subjectKey);
  const targets: { result: Result; hit: StoredHit }[] = [
    ...open.map((hit) => ({ result, hit })),
    ...others.flatMap((other) => (other.hits as StoredHit[]).filter((hit) => open.some((o) => o.list.name === hit.list.name && o.ref === hit.ref && o.entryHash === hit.entryHash) && hit.carried?.outcome !== 'confirmed').map((hit) => ({ result: other, hit }))),
  ];
  const rows = targets.map(({ result: on, hit }) => ({
    id: newId(),
    memberId: person.memberId,
    idNo: person.idNo,
    applicationId: input.application.id,
    resultId: on.id,
    listName: hit.list.name,
    entryRef: hit.ref,
    category: hit.category,
    entryHash: hit.entryHash ?? '',
    subjectHash: subjectKey,
    outcome: input.outcome,
    reason: input.reason,
    decidedBy: input.staffId,
  }));
  const inserted = await db.insert(screeningDecisions).values(rows).onConflictDoNothing().returning({ resultId: screeningDecisions.resultId, listName: screeningDecisions.listName, entryRef: screeningDecisions.entryRef });
  const decidedHere = inserted.filter((row) => row.resultId === result.id);
  // Another supervisor decided these hits a moment before: theirs stands.
  if (decidedHere.length === 0) throw new AppError(409, CODES.badState, 'server.screeningDecided');
  for (const touched of new Set(inserted.map((row) => row.resultId))) {
    const on = touched === result.id ? result : others.find((other) => other.id === touched)!;
    await refreshState(db, on);
  }
  const [after] = await db.select().from(screeningResults).where(eq(screeningResults.id, result.id));
  // The result's own decider columns say who decided last, for the views that read a result whole.
  await db.update(screeningResults).set({ decidedBy: input.staffId, decidedAt: new Date(), decisionReason: input.reason }).where(eq(screeningResults.id, result.id));
  return { result: after!, state: after!.state, decided: decidedHere.map((row) => ({ listName: row.listName, ref: row.entryRef })) };
}

/** The person's confirmations still in force: what a two-person override would lift. */
export async function confirmationsInForce(db: Database, application: { memberId: string; idNo: string | null }) {
  return db.select().from(screeningDecisions).where(and(ofPerson(await personOf(db, application)), eq(screeningDecisions.outcome, 'confirmed'), isNull(screeningDecisions.overriddenAt)));
}

/** Lifts the confirmations named, in the transaction of the override's second person (staff-changes). Answers how many it lifted. */
export async function liftConfirmations(db: Database, decisionIds: string[], changeId: string): Promise<number> {
  if (decisionIds.length === 0) return 0;
  const lifted = await db
    .update(screeningDecisions)
    .set({ overriddenAt: new Date(), overriddenByChange: changeId })
    .where(and(inArray(screeningDecisions.id, decisionIds), eq(screeningDecisions.outcome, 'confirmed'), isNull(screeningDecisions.overriddenAt)))
    .returning({ id: screeningDecisions.id });
  return lifted.length;
}
