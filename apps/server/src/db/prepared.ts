// The save path's reads are built once per database and sent as named prepared statements: drizzle's
// query builder was a fifth of a step save's CPU (profile of `pnpm bench`), and PostgreSQL then
// parses each once per connection.
import type { Database } from './database.ts';

export function preparedQuery<Query>(build: (db: Database) => Query): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) built.set(db, (query = build(db)));
    return query;
  };
}
