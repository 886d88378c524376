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

describe('the first admin from the environment (KH_BOOTSTRAP_ADMIN_EMAIL)', () => {
  it('a start that finds no admin makes one with a one-time password; a second start makes none; an admin existing already, none either', async () => {
    const { bootstrapAdmin } = await import('../src/staff/staff-bootstrap.ts');
    const { staff } = await import('../src/db/schema.ts');
    const server = await startServer();
    try {
      const settings = { email: 'First@Broker.example', password: 'bootstrap password one' };
      expect(await bootstrapAdmin(server.database.db, settings)).toBe('created');
      expect(await bootstrapAdmin(server.database.db, settings)).toBe('exists');
      expect(await bootstrapAdmin(server.database.db, { email: 'second@broker.example', password: 'another long password' })).toBe('exists');
      const admins = await server.database.db.select().from(staff).where(eq(staff.role, 'admin'));
      expect(admins.map((a) => a.email)).toEqual(['first@broker.example']);
      const first = await fetch(`${server.baseUrl}/staff/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'first@broker.example', password: 'bootstrap password one' }) });
      expect((await first.json()).data.next).toBe('password');
      const [entry] = await server.database.db.select().from(auditLog).where(eq(auditLog.userAgent, 'KH_BOOTSTRAP_ADMIN_EMAIL'));
      expect(entry).toMatchObject({ action: 'staffCreatedByOperator', staffId: null });
    } finally {
      await server.close();
    }
  });
  it('is refused at start with a one-line reason when only half of it is set', async () => {
    const { loadConfig } = await import('../src/config.ts');
    expect(() => loadConfig({ KH_DEV: '1', KH_BOOTSTRAP_ADMIN_EMAIL: 'a@b.c' })).toThrow(/^KH_BOOTSTRAP_ADMIN_PASSWORD: /);
    expect(() => loadConfig({ KH_DEV: '1', KH_BOOTSTRAP_ADMIN_PASSWORD: 'long enough password' })).toThrow(/^KH_BOOTSTRAP_ADMIN_EMAIL: /);
  });
});
