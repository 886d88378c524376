// Limits that count and then write ("at most 5 identity checks a day", "one code per minute") hold
// under concurrency only if the count and the write are one step. Work for one key (a member, a
// phone) runs in a transaction holding a PostgreSQL advisory lock on that key: N requests at once
// queue up, and each sees the writes of the one before.
import { sql } from 'drizzle-orm';
import type { Database } from './database.ts';

export function serialised<T>(db: Database, key: string, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    return work(tx as unknown as Database);
  });
}
