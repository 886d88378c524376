// The embedded database's wire server (embedded-postgres.worker.mjs): several connections share
// PGlite's one session, so it must keep each transaction whole and each connection's prepared
// statements apart. Through the server's own pool and driver, as the product uses it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/index.ts';

let database: Awaited<ReturnType<typeof openDatabase>>;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  await database.db.execute(sql`create table wire_test (id serial primary key, note text not null)`);
});
afterAll(() => database.close());

const notes = async () => ((await database.db.execute(sql`select note from wire_test order by id`)) as unknown as { rows: { note: string }[] }).rows.map((row) => row.note);

describe('the embedded database with several connections', () => {
  it('runs no other connection\'s statement inside an open transaction: a rollback takes only its own writes', async () => {
    let inside!: () => void;
    const transactionOpen = new Promise<void>((resolve) => (inside = resolve));
    const rolledBack = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into wire_test (note) values ('in the transaction')`);
        inside();
        // Other connections' statements arrive while this one holds the session.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await transactionOpen;
    const outside = await Promise.all(Array.from({ length: 6 }, (_, i) => database.db.execute(sql`insert into wire_test (note) values (${`outside ${i}`})`)));
    expect(outside).toHaveLength(6);
    expect(await rolledBack).toBe('roll back');
    expect((await notes()).sort()).toEqual(['outside 0', 'outside 1', 'outside 2', 'outside 3', 'outside 4', 'outside 5']);
  });

  it('keeps a named prepared statement per connection: many at once, each answered with its own rows', async () => {
    const byNote = database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sql`wire_test`)
      .where(sql`note = ${sql.placeholder('note')}`)
      .prepare('wire_test_count');
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => byNote.execute({ note: `outside ${i % 8}` })));
    expect(answers.map(([row]) => row!.count)).toEqual(Array.from({ length: 40 }, (_, i) => (i % 8 < 6 ? 1 : 0)));
  });
});
