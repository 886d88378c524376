// Sanctions and PEP screening (issue: the review console for compliance): the lists an admin loads,
// versioned, and every applicant screened against the live versions at each submit (a resubmission
// with a changed name, date of birth or nationality is screened again). A hit holds the case until a
// supervisor clears it (a false match) or confirms it, with a reason; a confirmed hit is never approved.
import { createHash } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { countries } from '@kh/engine';
import { parseCsvList, parseUnList, screen, type ListedPerson, type ParsedList, type ScreeningHit } from '@kh/screening';
import { rowsOf, type Database } from '../db/database.ts';
import { newId } from '../db/ids.ts';
import { applications, screeningEntries, screeningLists, screeningResults } from '../db/schema.ts';
import { AppError, CODES } from '../http/envelope.ts';

export const LIST_FORMATS = ['un-xml', 'csv'] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

/** Who was screened: what the applicant's answers say. */
export interface ScreeningSubject {
  name: string;
  birthDate?: string;
  nationality?: string;
}

export type ScreeningState = 'clear' | 'hit' | 'cleared' | 'confirmed';

/** An English country name (as the UN list writes it) or an alpha-3 code, to alpha-3. */
let byName: Map<string, string> | undefined;
export const countryCodeOf = (nameOrCode: string): string | undefined => {
  byName ??= new Map(countries().flatMap((country) => [[country.value.toLowerCase(), country.value] as const, [country.label.en.toLowerCase(), country.value] as const]));
  return byName.get(nameOrCode.trim().toLowerCase());
};

const PARSERS: Record<ListFormat, (content: string) => ParsedList> = {
  'un-xml': (content) => parseUnList(content, countryCodeOf),
  csv: (content) => parseCsvList(content, countryCodeOf),
};

/** The entries of each live list version, read once per version (a new import is a new version). */
const liveEntries = new WeakMap<Database, Map<string, Promise<ListedPerson[]>>>();

export interface ImportedList {
  id: string;
  name: string;
  version: number;
  entryCount: number;
  problems: string[];
  sha256: string;
}

/** A new version of a list: stored whole, in one transaction that retires the version before; nothing stored when no entry could be read. */
export async function importList(db: Database, input: { name: string; format: ListFormat; content: string; staffId: string }): Promise<ImportedList> {
  const parsed = PARSERS[input.format](input.content);
  const seen = new Set<string>();
  const entries = parsed.entries.filter((entry) => {
    if (seen.has(entry.ref)) {
      parsed.problems.push(`the reference ${entry.ref} comes twice; the first is kept`);
      return false;
    }
    seen.add(entry.ref);
    return true;
  });
  if (entries.length === 0) throw new AppError(400, CODES.fieldErrors, 'server.screeningListUnreadable', { problems: parsed.problems.slice(0, 3).join('; ') }, { problems: parsed.problems });
  const sha256 = createHash('sha256').update(input.content).digest('hex');
  const id = newId();
  return db.transaction(async (tx) => {
    // One import of a name at a time: the version is the one after the last.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`screening-list:${input.name}`}))`);
    const [last] = await tx.select({ version: screeningLists.version }).from(screeningLists).where(eq(screeningLists.name, input.name)).orderBy(desc(screeningLists.version)).limit(1);
    const version = (last?.version ?? 0) + 1;
    await tx.update(screeningLists).set({ retiredAt: new Date() }).where(and(eq(screeningLists.name, input.name), isNull(screeningLists.retiredAt)));
    await tx.insert(screeningLists).values({ id, name: input.name, format: input.format, version, sha256, entryCount: entries.length, problems: parsed.problems, importedBy: input.staffId });
    for (let start = 0; start < entries.length; start += 500)
      await tx.insert(screeningEntries).values(entries.slice(start, start + 500).map((entry) => ({ listId: id, ref: entry.ref, category: entry.category, names: entry.names, birthDates: entry.birthDates, nationalities: entry.nationalities })));
    return { id, name: input.name, version, entryCount: entries.length, problems: parsed.problems, sha256 };
  });
}

/**
 * After a list changes, the cases under review whose latest screening was clear are screened again
 * against the live versions: a newly listed person holds their case. A hit a supervisor has decided
 * keeps its decision. Answers how many were screened and how many now hit.
 */
export async function rescreenOpenCases(db: Database): Promise<{ screened: number; hits: number }> {
  const latest = await db.execute(sql`
    select distinct on (r.application_id) r.application_id as "applicationId", r.subject, r.state
    from ${screeningResults} r join ${applications} a on a.id = r.application_id
    where a.status in (2, 3)
    order by r.application_id, r.created_at desc`);
  const open = rowsOf<{ applicationId: string; subject: ScreeningSubject; state: ScreeningState }>(latest).filter((row) => row.state === 'clear');
  let hits = 0;
  for (const row of open) if ((await screenApplication(db, row.applicationId, row.subject)).state === 'hit') hits++;
  return { screened: open.length, hits };
}

/** Every version of every list, newest first. */
export const listVersions = (db: Database) =>
  db
    .select({ id: screeningLists.id, name: screeningLists.name, format: screeningLists.format, version: screeningLists.version, sha256: screeningLists.sha256, entryCount: screeningLists.entryCount, problems: screeningLists.problems, importedBy: screeningLists.importedBy, importedAt: screeningLists.importedAt, retiredAt: screeningLists.retiredAt })
    .from(screeningLists)
    .orderBy(screeningLists.name, desc(screeningLists.version));

async function entriesOf(db: Database, listId: string): Promise<ListedPerson[]> {
  let kept = liveEntries.get(db);
  if (!kept) liveEntries.set(db, (kept = new Map()));
  let entries = kept.get(listId);
  if (!entries) {
    entries = db
      .select()
      .from(screeningEntries)
      .where(eq(screeningEntries.listId, listId))
      .then((rows) => rows.map((row) => ({ ref: row.ref, category: row.category as ListedPerson['category'], names: row.names as string[], birthDates: row.birthDates as string[], nationalities: row.nationalities as string[] })));
    kept.set(listId, entries);
    entries.catch(() => kept.delete(listId));
  }
  return entries;
}

export interface StoredHit extends ScreeningHit {
  list: { id: string; name: string; version: number };
}

/** Screens the applicant against every live list and stores the result: a hit holds the case. */
export async function screenApplication(db: Database, applicationId: string, subject: ScreeningSubject): Promise<{ id: string; state: ScreeningState; hits: StoredHit[] }> {
  const lists = await db.select({ id: screeningLists.id, name: screeningLists.name, version: screeningLists.version }).from(screeningLists).where(isNull(screeningLists.retiredAt)).orderBy(screeningLists.name);
  const hits: StoredHit[] = [];
  for (const list of lists) for (const hit of screen(subject, await entriesOf(db, list.id))) hits.push({ ...hit, list });
  hits.sort((a, b) => b.score - a.score);
  const state: ScreeningState = hits.length > 0 ? 'hit' : 'clear';
  const id = newId();
  await db.insert(screeningResults).values({ id, applicationId, subject, lists, hits, state });
  return { id, state, hits };
}

/** An application's screenings, newest first. */
export const screeningsOf = (db: Database, applicationId: string) =>
  db.select().from(screeningResults).where(eq(screeningResults.applicationId, applicationId)).orderBy(desc(screeningResults.screenedAt));

/** Why a case may not be approved now, if screening says so: the latest screening holds a hit not cleared. */
export async function screeningHold(db: Database, applicationId: string): Promise<'hit' | 'confirmed' | undefined> {
  const [latest] = await db.select({ state: screeningResults.state }).from(screeningResults).where(eq(screeningResults.applicationId, applicationId)).orderBy(desc(screeningResults.screenedAt)).limit(1);
  return latest?.state === 'hit' || latest?.state === 'confirmed' ? latest.state : undefined;
}

/** A supervisor's decision on a hit: once, from the hit state (two at once: one). */
export async function decideHit(db: Database, input: { applicationId: string; resultId: string; outcome: 'cleared' | 'confirmed'; reason: string; staffId: string }) {
  const [decided] = await db
    .update(screeningResults)
    .set({ state: input.outcome, decidedBy: input.staffId, decidedAt: new Date(), decisionReason: input.reason })
    .where(and(eq(screeningResults.id, input.resultId), eq(screeningResults.applicationId, input.applicationId), eq(screeningResults.state, 'hit')))
    .returning();
  if (!decided) throw new AppError(409, CODES.badState, 'server.screeningDecided');
  return decided;
}
