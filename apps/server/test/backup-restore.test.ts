// The backup procedure of README works: a pg_dump of a database in use, restored into an empty one,
// holds every application, its answers, its file references and every audit entry, and the restored
// audit log still verifies link by link.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { verifyAuditChain } from '../src/audit/audit.ts';
import { answers, submitAll, uploadedPath } from './fixtures.ts';
import { POSTGRES_URL, freshPostgresDatabase, login, signInStaff, staffCall, startServer, type TestServer } from './harness.ts';

const bin = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/bin'].find((dir) => existsSync(join(dir, 'pg_dump')));

describe.runIf(POSTGRES_URL && bin)('backup and restore (pg_dump, pg_restore)', () => {
  let server: TestServer;
  let applyId: string;
  beforeAll(async () => {
    server = await startServer();
    const tokens = await signInStaff(server, [['rita', 'Rita Reviewer', 'reviewer']]);
    const c = await login(server, '138800777');
    applyId = (await c.post('/kh/account/apply/create', { relatedType: 'INIT' })).body.data.applyId;
    await submitAll(c, applyId, answers(777, { proof: await uploadedPath(c), statement: await uploadedPath(c), signature: await uploadedPath(c) }, '138800777'));
    const rita = staffCall(() => server.baseUrl, () => tokens.rita);
    await rita('GET', `/staff/applications/${applyId}`);
    await rita('POST', `/staff/applications/${applyId}/approve`, { markets: 19 });
  }, 120_000);
  afterAll(() => server?.close());

  it('a dump restored into an empty database holds every application, answer, file reference and audit entry, and the audit chain verifies', async () => {
    const source = server.config.databaseUrl!;
    const dump = join(mkdtempSync(join(tmpdir(), 'kh-backup-')), 'kh.dump');
    execFileSync(join(bin!, 'pg_dump'), ['--format=custom', '--no-owner', `--file=${dump}`, source]);
    const target = await freshPostgresDatabase(POSTGRES_URL!);
    execFileSync(join(bin!, 'pg_restore'), ['--no-owner', '--exit-on-error', `--dbname=${target}`, dump]);

    const count = async (url: string, table: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return Number((await client.query(`select count(*) from ${table}`)).rows[0].count);
      } finally {
        await client.end();
      }
    };
    for (const table of ['applications', 'application_steps', 'files', 'audit_log', 'ekyc_checks', 'payments', 'submissions', 'member_claims', 'staff']) {
      const before = await count(source, table);
      expect(before, table).toBeGreaterThan(0);
      expect(await count(target, table), table).toBe(before);
    }
    const restored = await openDatabase({ dataDir: 'memory://', databaseUrl: target });
    try {
      const verdict = await verifyAuditChain(restored.db);
      expect(verdict.broken).toBeUndefined();
      expect(verdict.head).toEqual((await verifyAuditChain(server.database.db)).head);
      // The restored database is one the server runs on: its migrations are all there.
      const { rows } = await restored.pool.query('select status, opened from applications where id = $1', [applyId]);
      expect(rows[0]).toEqual({ status: 4, opened: 19 });
    } finally {
      await restored.close();
    }
  }, 120_000);
});
