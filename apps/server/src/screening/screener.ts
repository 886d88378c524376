// keep import.meta.url: scripts/build.mjs leaves this file's import.meta.url alone, so the built
// server finds its worker (dist/screening.js) beside itself.
//
// The server's side of the screening worker (screening.worker.ts): one thread per server, started at
// the first use, holding an index of each live list version. A version this thread does not hold yet
// is read from the database a page at a time (5,000 entries) and handed to it, so neither the read
// nor the comparing runs long on the event loop; a thread that ends is started again, and its
// versions read again, at the next use.
import { and, asc, eq, gt } from 'drizzle-orm';
import type { ListedPerson } from '@kh/screening';
import type { Database } from '../db/database.ts';
import { screeningEntries } from '../db/schema.ts';
import { WorkerThread } from '../jobs/worker-thread.ts';
import type { ListFormat, ScreenedHit } from './screening-work.ts';

const workerUrl = import.meta.url.endsWith('.ts') ? new URL('./screening.source.mjs', import.meta.url) : new URL('./screening.js', import.meta.url);

/** Entries read from the database per round trip while a version is loaded. */
const PAGE = 5_000;

export interface ScreeningPerson {
  name: string;
  birthDate?: string;
  nationality?: string;
}

export class Screener {
  private readonly loading = new Map<string, Promise<void>>();
  private readonly worker = new WorkerThread(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: 2048 }, onRestart: () => this.loading.clear() });

  constructor(private readonly db: Database) {}

  private call<T>(message: Record<string, unknown>, transfer: ArrayBuffer[] = []): Promise<T> {
    return this.worker.call<T>(message, transfer);
  }

  /** Reads a list file in the thread (its bytes handed over, not copied), which then holds it as `listId`'s index. */
  parse(listId: string, format: ListFormat, bytes: Uint8Array): Promise<{ sha256: string; entryCount: number; problems: string[] }> {
    const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice();
    return this.call<{ sha256: string; entryCount: number; problems: string[] }>({ op: 'parse', listId, format, bytes: own }, [own.buffer as ArrayBuffer]).then((read) => {
      // The thread holds the version's index from the file itself: never read again from the database.
      this.loading.set(listId, Promise.resolve());
      return read;
    });
  }

  /** The entries of a file `parse` read, a batch at a time, as the JSON the database takes them in (made in the thread). */
  async *parsedEntries(listId: string, batch = 5_000): AsyncGenerator<string> {
    for (let from = 0; ; from += batch) {
      const { count, json } = await this.call<{ count: number; json: string }>({ op: 'entries', listId, from, count: batch });
      if (count > 0) yield json;
      if (count < batch) return;
    }
  }

  /** Makes sure the thread holds these versions, reading any it lacks from the database. */
  async ensure(listIds: readonly string[]): Promise<void> {
    await Promise.all(listIds.map((listId) => this.load(listId)));
  }

  private load(listId: string): Promise<void> {
    let loading = this.loading.get(listId);
    if (!loading) {
      loading = (async () => {
        let after = '';
        for (;;) {
          const rows = await this.db
            .select()
            .from(screeningEntries)
            .where(and(eq(screeningEntries.listId, listId), gt(screeningEntries.ref, after)))
            .orderBy(asc(screeningEntries.ref))
            .limit(PAGE);
          const entries = rows.map((row) => ({ ref: row.ref, category: row.category as ListedPerson['category'], names: row.names as string[], birthDates: row.birthDates as string[], nationalities: row.nationalities as string[] }));
          await this.call({ op: 'load', listId, entries, complete: rows.length < PAGE });
          if (rows.length < PAGE) return;
          after = rows.at(-1)!.ref;
        }
      })();
      this.loading.set(listId, loading);
      loading.catch(() => this.loading.delete(listId));
    }
    return loading;
  }

  /** Each person's hits on each version: one answer per person, by version id. */
  async screen(listIds: readonly string[], people: readonly ScreeningPerson[]): Promise<Record<string, ScreenedHit[]>[]> {
    if (listIds.length === 0 || people.length === 0) return people.map(() => ({}));
    for (let attempt = 0; ; attempt++) {
      await this.ensure(listIds);
      const answer = await this.call<{ hits: Record<string, ScreenedHit[]>[]; missing: string[] }>({ op: 'screen', listIds, people });
      if (answer.missing.length === 0) return answer.hits;
      // The thread was started again since these were loaded: read them again, once.
      for (const listId of answer.missing) this.loading.delete(listId);
      if (attempt > 0) throw new Error(`the screening worker lost the list versions ${answer.missing.join(', ')}`);
    }
  }

  /** Keeps only these versions (the live ones): a retired version's index is let go. */
  async keep(listIds: readonly string[]): Promise<void> {
    for (const listId of this.loading.keys()) if (!listIds.includes(listId)) this.loading.delete(listId);
    if (this.worker.started) await this.call({ op: 'keep', listIds });
  }

  close(): Promise<void> {
    return this.worker.close();
  }
}
