// pnpm --filter server staff:create makes a staff account that can log in.
import { execFileSync } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../src/db/schema.ts';
import { POSTGRES_URL, startServer } from './harness.ts';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

describe('staff:create', () => {
  it('creates an account in the database of DATA_DIR (or DATABASE_URL), which then logs in', async () => {
    const server = await startServer({}, { persistent: true });
    await server.close();
    const env = { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: server.config.databaseUrl ?? '', STAFF_PASSWORD: 'long enough password' };
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'scripts/staff-create.ts', '--email', 'lead@broker.example', '--name', 'Lead', '--role', 'admin'], { cwd: serverDir, env, encoding: 'utf8' });
    expect(out).toMatch(/Staff account lead@broker.example created \(.+, admin\)/);
    const reopened = await startServer(POSTGRES_URL ? { databaseUrl: server.config.databaseUrl } : {}, { dataDir: server.dataDir, persistent: true });
    const res = await fetch(`${reopened.baseUrl}/staff/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'lead@broker.example', password: 'long enough password' }) });
    expect(res.status).toBe(200);
    expect((await res.json()).data.next).toBe('enrol');
    // The operator's creation is an audit entry like an admin's.
    const [entry] = await reopened.database.db.select().from(auditLog).where(eq(auditLog.action, 'staffCreatedByOperator'));
    expect(entry).toMatchObject({ staffId: null, userAgent: 'staff:create', detail: { email: 'lead@broker.example', role: 'admin' } });
    await reopened.close();
    expect(() => execFileSync(process.execPath, ['--import', 'tsx', 'scripts/staff-create.ts', '--email', 'x@y.z', '--name', 'X'], { cwd: serverDir, env: { ...env, STAFF_PASSWORD: 'short' }, stdio: 'pipe' })).toThrow(/at least 12 characters/);
  });
  it.skipIf(!!POSTGRES_URL)('refuses, with a clear message, while a server runs on the same embedded database', async () => {
    const running = await startServer({}, { persistent: true });
    try {
      const env = { ...process.env, DATA_DIR: running.dataDir, DATABASE_URL: '', STAFF_PASSWORD: 'long enough password' };
      const run = () => execFileSync(process.execPath, ['--import', 'tsx', 'scripts/staff-create.ts', '--email', 'late@broker.example', '--name', 'Late'], { cwd: serverDir, env, stdio: 'pipe', encoding: 'utf8' });
      expect(run).toThrow(/is in use by process \d+ \(a running server\?\)\. Stop it first, or give both DATABASE_URL/);
    } finally {
      await running.close();
    }
  });
});
