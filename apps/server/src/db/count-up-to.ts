// Counting that stops one past a cap: "more than 1,000" is read from 1,001 rows, not from every row.
import { count } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from './database.ts';

/** How many rows the query gives, up to `cap + 1` (one past the cap says "more"). */
export async function countUpTo(db: Database, rows: PgSelect, cap: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(rows.limit(cap + 1).as('capped'));
  return row?.n ?? 0;
}
