// The sweep of files whose upload never finished: a row written first and never marked stored (the
// process died, the bucket failed between the two) is removed after an hour with whatever object it
// may have; no object is ever left without a row. Run every few minutes by one instance at a time.
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { files } from '../db/schema.ts';
import type { FileStorage } from '../storage/file-storage.ts';

/** An upload still unfinished after this is given up. */
export const UNFINISHED_UPLOAD_MS = 60 * 60_000;

/** Removes up to `limit` unfinished uploads older than the cut-off, objects first; answers how many. */
export async function sweepUnfinishedUploads(db: Database, storage: FileStorage, now = new Date(), limit = 200): Promise<number> {
  return db.transaction(async (tx) => {
    // One instance sweeps at a time; the others find the lock taken and leave it.
    const answer = (await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext('kh:file-sweep')) as locked`)) as unknown as { rows: { locked: boolean }[] };
    if (!answer.rows[0]?.locked) return 0;
    const stale = await tx.select({ id: files.id, relativePath: files.relativePath }).from(files).where(and(isNull(files.storedAt), lt(files.createdAt, new Date(now.getTime() - UNFINISHED_UPLOAD_MS)))).limit(limit);
    for (const file of stale) {
      await storage.remove(file.relativePath);
      await tx.delete(files).where(eq(files.id, file.id));
    }
    return stale.length;
  });
}
