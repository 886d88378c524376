// Sanctions and PEP screening: every submit screened against the live list versions (in the
// screening worker, so its cost does not grow with the lists and never blocks the event loop), and a
// hit holding the case until a supervisor decides it. A decision stays with the person and the listed
// entry (decisions.ts): a confirmed match holds every application of that person for good, unless a
// two-person override lifts it; a screening against no list is said as such ("unscreened"), never "clear".
import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ScreeningHit } from '@kh/screening';
import type { ServerContext } from '../context.ts';
import { rowsOf, type Database } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { applications, screeningDecisions, screeningResults, staffChanges } from '../db/schema.ts';
import { liveLists } from './list-imports.ts';
import type { ScreenedHit } from './screening-work.ts';

export { LIST_FORMATS, type ListFormat } from './screening-work.ts';

/** Who was screened: what the applicant's answers say. */
export interface ScreeningSubject {
  name: string;
  birthDate?: string;
  nationality?: string;
}

export type ScreeningState = 'unscreened' | 'clear' | 'hit' | 'cleared' | 'confirmed';

/** A decision made earlier on this person and this entry, carried to a later screening. */
export interface CarriedDecision {
  decisionId: string;
  outcome: 'cleared' | 'confirmed';
  reason: string;
  decidedBy: string;
  decidedAt: string;
  applicationId: string;
}

export interface StoredHit extends ScreeningHit {
  list: { id: string; name: string; version: number };
  entryHash: string;
  carried?: CarriedDecision;
}

/** The person a decision stays with: the member, and the ID number (a new account under another phone is the same person). */
export interface ScreenedPerson {
  memberId: string;
  idNo: string | null;
}

export const subjectHash = (subject: ScreeningSubject) => createHash('sha256').update(JSON.stringify([subject.name.trim().toUpperCase(), subject.birthDate ?? '', subject.nationality ?? ''])).digest('hex');

/** The person behind an application: its member, and the ID number its own answers or the member's account give. */
export async function personOf(db: Database, application: { memberId: string; idNo: string | null }): Promise<ScreenedPerson> {
  if (application.idNo) return { memberId: application.memberId, idNo: application.idNo };
  const [init] = await db.select({ idNo: applications.idNo }).from(applications).where(and(eq(applications.memberId, application.memberId), eq(applications.relatedType, 'INIT')));
  return { memberId: application.memberId, idNo: init?.idNo ?? null };
}

/** The decisions on this person: by the member, or by the ID number. */
export const ofPerson = (person: ScreenedPerson) => (person.idNo ? or(eq(screeningDecisions.memberId, person.memberId), eq(screeningDecisions.idNo, person.idNo)) : eq(screeningDecisions.memberId, person.memberId));

/**
 * The hits with what was decided before on this person and entry: a confirmation (not overridden)
 * always; a clearance only while the entry and the person's screened details are as they were then.
 */
export async function withCarriedDecisions(db: Database, person: ScreenedPerson, subject: ScreeningSubject, hits: StoredHit[]): Promise<StoredHit[]> {
  if (hits.length === 0) return hits;
  const earlier = await db
    .select()
    .from(screeningDecisions)
    .where(and(ofPerson(person), inArray(screeningDecisions.entryRef, [...new Set(hits.map((hit) => hit.ref))]), isNull(screeningDecisions.overriddenAt)))
    .orderBy(desc(screeningDecisions.decidedAt));
  const subjectKey = subjectHash(subject);
  return hits.map((hit) => {
    const about = earlier.filter((decision) => decision.listName === hit.list.name && decision.entryRef === hit.ref);
    const carried = about.find((decision) => decision.outcome === 'confirmed') ?? about.find((decision) => decision.outcome === 'cleared' && decision.entryHash === hit.entryHash && decision.subjectHash === subjectKey);
    if (!carried) return hit;
    return { ...hit, carried: { decisionId: carried.id, outcome: carried.outcome as CarriedDecision['outcome'], reason: carried.reason, decidedBy: carried.decidedBy, decidedAt: carried.decidedAt.toISOString(), applicationId: carried.applicationId } };
  });
}

/** A result's state from its hits, each decided on this result (`direct`), carried from before, or not decided. */
export function stateOf(hits: StoredHit[], direct: { listName: string; entryRef: string; outcome: string }[], screenedAgainst: number): ScreeningState {
  if (screenedAgainst === 0) return 'unscreened';
  if (hits.length === 0) return 'clear';
  const outcomes = hits.map((hit) => direct.find((d) => d.listName === hit.list.name && d.entryRef === hit.ref)?.outcome ?? hit.carried?.outcome);
  if (outcomes.some((outcome) => outcome === undefined)) return 'hit';
  return outcomes.includes('confirmed') ? 'confirmed' : 'cleared';
}

/** Hits of the worker's answer, by version, as stored. */
export const storedHits = (byVersion: Record<string, ScreenedHit[]>, lists: { id: string; name: string; version: number }[]): StoredHit[] =>
  lists.flatMap((list) => (byVersion[list.id] ?? []).map((hit) => ({ ...hit, list }))).sort((a, b) => b.score - a.score);

/** Screens the applicant against every live list and stores the result: a hit holds the case. */
export async function screenApplication(context: Pick<ServerContext, 'db' | 'screener' | 'metrics'>, application: { id: string; memberId: string; idNo: string | null }, subject: ScreeningSubject): Promise<{ id: string; state: ScreeningState; hits: StoredHit[] }> {
  const { db, screener } = context;
  const timer = context.metrics.screeningDuration.startTimer();
  const lists = await liveLists(context);
  const [byVersion] = await screener.screen(lists.map((list) => list.id), [subject]);
  const person = await personOf(db, application);
  const hits = await withCarriedDecisions(db, person, subject, storedHits(byVersion ?? {}, lists));
  const state = stateOf(hits, [], lists.length);
  const id = newId();
  await db.insert(screeningResults).values({ id, applicationId: application.id, subject, lists, hits, state });
  timer();
  return { id, state, hits };
}

/** An application's screenings, newest first. */
export const screeningsOf = (db: Database, applicationId: string) =>
  db.select().from(screeningResults).where(eq(screeningResults.applicationId, applicationId)).orderBy(desc(screeningResults.screenedAt));

/**
 * Why a case may not be approved now, if screening says so: the person is a confirmed match (on any
 * application of theirs, not overridden), or a hit on any of this application's screenings (every
 * submission's, not only the latest: a changed name does not make an older hit go away) waits for a decision.
 */
export async function screeningHold(db: Database, application: { id: string; memberId: string; idNo: string | null }): Promise<'hit' | 'confirmed' | undefined> {
  const person = await personOf(db, application);
  const [confirmed] = await db.select({ id: screeningDecisions.id }).from(screeningDecisions).where(and(ofPerson(person), eq(screeningDecisions.outcome, 'confirmed'), isNull(screeningDecisions.overriddenAt))).limit(1);
  if (confirmed) return 'confirmed';
  const [held] = await db.select({ id: screeningResults.id }).from(screeningResults).where(and(eq(screeningResults.applicationId, application.id), eq(screeningResults.state, 'hit'))).limit(1);
  return held ? 'hit' : undefined;
}

/** Every decision ever made on this person, newest first: the case shows them all. */
export const decisionsOnPerson = async (db: Database, application: { memberId: string; idNo: string | null }) =>
  db.select().from(screeningDecisions).where(ofPerson(await personOf(db, application))).orderBy(desc(screeningDecisions.decidedAt));

/** Whoever decided a hit of this application (directly, or in a decision carried to it, or in an override of one): they never approve it. */
export async function screeningDeciders(db: Database, applicationId: string): Promise<Set<string>> {
  const direct = await db.select({ by: screeningDecisions.decidedBy }).from(screeningDecisions).where(eq(screeningDecisions.applicationId, applicationId));
  const carried = rowsOf<{ by: string | null }>(await db.execute(sql`select distinct h->'carried'->>'decidedBy' as "by" from ${screeningResults} r, jsonb_array_elements(r.hits) h where r.application_id = ${applicationId} and h ? 'carried'`));
  // The two people of an override of a confirmation on this application.
  const overriders = rowsOf<{ proposed: string; decided: string | null }>(
    await db.execute(sql`select proposed_by as "proposed", decided_by as "decided" from ${staffChanges} where kind = 'screeningOverride' and change->>'applicationId' = ${applicationId} and state = 'approved'`),
  );
  return new Set([...direct.map((row) => row.by), ...carried.map((row) => row.by), ...overriders.flatMap((row) => [row.proposed, row.decided])].filter((by): by is string => !!by));
}
