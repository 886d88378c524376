// The embedded database's wire server (embedded-postgres.worker.mjs): several connections share
// PGlite's one session, so it must keep each transaction whole and each connection's prepared
// statements apart. Through the server's own pool and driver, as the product uses it.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/index.ts';
import { MIGRATIONS_DIR, migratedCopyPath, rowsOf } from '../src/db/database.ts';

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

describe('an in-memory database starts from a migrated copy', () => {
  // A temp folder of this file's own: the suites beside it keep using the shared copy.
  const ownTemp = mkdtempSync(join(tmpdir(), 'kh-copy-test-'));
  const sharedTemp = process.env.TMPDIR;
  beforeAll(() => void (process.env.TMPDIR = ownTemp));
  afterAll(() => {
    if (sharedTemp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = sharedTemp;
    rmSync(ownTemp, { recursive: true, force: true });
  });

  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  const migrationsRun = async (open: Awaited<ReturnType<typeof openDatabase>>) => rowsOf<{ count: number }>(await open.db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`))[0]!.count;

  it('saves the copy on the first open, migrated and empty; the next opens start from it with nothing of another', async () => {
    expect(migratedCopyPath().startsWith(ownTemp)).toBe(true);
    expect(existsSync(migratedCopyPath())).toBe(false);
    const first = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(existsSync(migratedCopyPath())).toBe(true);
      await first.db.execute(sql`insert into staff (id, email, name, password_hash) values ('first', 'first@broker.example', 'First', 'x')`);
      const savedAt = statSync(migratedCopyPath()).mtimeMs;
      const second = await openDatabase({ dataDir: 'memory://' });
      try {
        expect(await migrationsRun(second)).toBe(journal.entries.length);
        expect(rowsOf(await second.db.execute(sql`select email from staff`))).toEqual([]);
        // Started from the copy, not saved again.
        expect(statSync(migratedCopyPath()).mtimeMs).toBe(savedAt);
      } finally {
        await second.close();
      }
    } finally {
      await first.close();
    }
  });

  it('makes a copy that does not load again, and opens all the same', async () => {
    writeFileSync(migratedCopyPath(), 'cut short by a full disk');
    const open = await openDatabase({ dataDir: 'memory://' });
    try {
      expect(await migrationsRun(open)).toBe(journal.entries.length);
      expect(statSync(migratedCopyPath()).size).toBeGreaterThan(1_000_000);
    } finally {
      await open.close();
    }
  });
});
