// What the screening worker thread does (screening.worker.ts runs it; screener.ts asks it): read a
// list file, keep each live list version as an index (packages/screening), and screen people
// against the versions named. Nothing here touches the database or the network: the server's event
// loop hands it the entries and the people, and takes back what matched.
import { createHash } from 'node:crypto';
import { countries } from '@kh/engine';
import { ScreeningIndex, parseCsvList, parseUnList, type Applicant, type ListedPerson, type ParsedList, type ScreeningHit } from '@kh/screening';

export const LIST_FORMATS = ['un-xml', 'csv'] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

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

/** An entry as its hash reads it: what a decision on it was made about. */
export const entryHash = (entry: Pick<ListedPerson, 'names' | 'birthDates' | 'nationalities'>) =>
  createHash('sha256').update(JSON.stringify([entry.names, entry.birthDates, entry.nationalities])).digest('hex');

export interface ParsedFile {
  sha256: string;
  entries: ListedPerson[];
  problems: string[];
}

/** A list file read: its SHA-256, its entries (a reference given twice kept once, said so) and what could not be read. */
export function parseListFile(format: ListFormat, bytes: Uint8Array): ParsedFile {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const content = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  const parsed = PARSERS[format](content);
  const seen = new Set<string>();
  const entries = parsed.entries.filter((entry) => {
    if (seen.has(entry.ref)) {
      parsed.problems.push(`the reference ${entry.ref} comes twice; the first is kept`);
      return false;
    }
    seen.add(entry.ref);
    return true;
  });
  return { sha256, entries, problems: parsed.problems };
}

export interface ScreenedHit extends ScreeningHit {
  /** Of the listed entry matched (entryHash). */
  entryHash: string;
}

/** The indexes of the list versions this thread holds, by the version's id. */
export class ListIndexes {
  private readonly indexes = new Map<string, { index: ScreeningIndex; entries: Map<string, ListedPerson>; complete: boolean }>();

  /** Entries of a version, added as they arrive; `complete` once all are there. */
  add(listId: string, entries: ListedPerson[], complete: boolean): void {
    let held = this.indexes.get(listId);
    if (!held) this.indexes.set(listId, (held = { index: new ScreeningIndex(), entries: new Map(), complete: false }));
    for (const entry of entries) {
      held.index.add(entry);
      held.entries.set(entry.ref, entry);
    }
    held.complete ||= complete;
  }

  has(listId: string): boolean {
    return this.indexes.get(listId)?.complete === true;
  }

  drop(keep: readonly string[]): void {
    for (const listId of this.indexes.keys()) if (!keep.includes(listId)) this.indexes.delete(listId);
  }

  /** Each person's hits on each version named, with the matched entry's hash. A version not held is named in `missing`. */
  screen(listIds: readonly string[], people: readonly Applicant[]): { hits: Record<string, ScreenedHit[]>[]; missing: string[] } {
    const missing = listIds.filter((listId) => !this.has(listId));
    if (missing.length > 0) return { hits: [], missing };
    const hits = people.map((person) =>
      Object.fromEntries(
        listIds.map((listId) => {
          const held = this.indexes.get(listId)!;
          return [listId, held.index.screen(person).map((hit) => ({ ...hit, entryHash: entryHash(held.entries.get(hit.ref)!) }))];
        }),
      ),
    );
    return { hits, missing: [] };
  }
}
