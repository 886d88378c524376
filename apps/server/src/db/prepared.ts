// The save path's reads are built once per database and sent as named prepared statements: drizzle's
// query builder was a fifth of a step save's CPU (profile of `pnpm bench`), and PostgreSQL then
// parses each once per connection.
import DataLoader from 'dataloader';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './database.ts';

/** One of a thing per database (a prepared query, a batching loader), built when first asked for. */
export function perDatabase<Thing>(build: (db: Database) => Thing): (db: Database) => Thing {
  const built = new WeakMap<Database, Thing>();
  return (db) => {
    let thing = built.get(db);
    if (!thing) built.set(db, (thing = build(db)));
    return thing;
  };
}

/**
 * How the save path's loaders batch: everything that arrives in one turn of the event loop goes
 * together, nothing is remembered after. At most 16 together: their continuations run back to back
 * when the statement returns, and 32 of them blocked the event loop for up to 84 ms under 200
 * concurrent saves (16: at most 45 ms).
 */
export const SAVE_BATCHING = { cache: false, maxBatchSize: 16, batchScheduleFn: (run: () => void) => setImmediate(run) } as const;

/** A query built once per database. */
export const preparedQuery = perDatabase;

const dialect = new PgDialect();

/**
 * A statement of fixed text, its values given as placeholders (`sql.placeholder`), sent as a named
 * prepared statement: PostgreSQL parses and plans it once per connection. The save path's batched
 * statements were planned on every call, as long as they took to run (pg_stat_statements).
 */
export function namedStatement(name: string, statement: SQL): (db: Database, values: Record<string, unknown>) => Promise<unknown> {
  const query = dialect.sqlToQuery(statement);
  const prepared = perDatabase((db) => db._.session.prepareQuery(query, undefined, name, false));
  return (db, values) => prepared(db).execute(values);
}

/**
 * A statement the save path makes for each save, made once for the saves that arrive together
 * (SAVE_BATCHING): `load` answers each key, in order, its result or its own error. Under load each
 * round trip a save made alone cost the server a socket write and the database a statement.
 */
export function batchedPerDatabase<Key, Result>(load: (db: Database, keys: readonly Key[]) => Promise<(Result | Error)[]>): (db: Database, key: Key) => Promise<Result> {
  const loader = perDatabase((db) => new DataLoader<Key, Result>((keys) => load(db, keys), SAVE_BATCHING));
  return (db, key) => loader(db).load(key);
}
