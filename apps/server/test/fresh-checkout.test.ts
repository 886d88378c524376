// A fresh checkout's commands work as README writes them: a clone of the committed tree (nothing
// generated, nothing built), installed from the store, runs each operator and editor command README
// names, with what it needs built on the way (the engine's generated validators above all: a clone
// has none). The heavy ones (test, build, Storybook) are what CI itself runs.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSTGRES_URL, freshPostgresDatabase } from './harness.ts';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
// Once, in the PostgreSQL pass (CI always has one): the migration command needs it.
const runs = existsSync(join(root, '.git')) && !!POSTGRES_URL;
const work = mkdtempSync(join(tmpdir(), 'kh-fresh-'));
const clone = join(work, 'checkout');
const dataDir = join(work, 'data');

/** Runs a command in the clone as an operator would type it; answers its output, or throws with it. */
function run(command: string, args: string[], env: Record<string, string> = {}): string {
  try {
    return execFileSync(command, args, { cwd: clone, encoding: 'utf8', stdio: 'pipe', timeout: 240_000, env: { ...process.env, NO_COLOR: '1', DATA_DIR: dataDir, DATABASE_URL: '', ...env } });
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(`${command} ${args.join(' ')} failed:\n${failed.stdout ?? ''}\n${failed.stderr ?? failed.message}`);
  }
}

describe.runIf(runs)('a fresh checkout', () => {
  beforeAll(() => {
    execFileSync('git', ['clone', '--quiet', '--no-hardlinks', root, clone]);
    // The packages come from this machine's store, as a second install after the first does.
    run('pnpm', ['install', '--offline', '--frozen-lockfile', '--ignore-scripts=false']);
    expect(existsSync(join(clone, 'packages/engine/generated'))).toBe(false);
  }, 300_000);
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('pnpm schemas:lint checks the step documents', () => {
    expect(run('pnpm', ['schemas:lint'])).toMatch(/Step schemas: no problems\./);
  }, 300_000);

  it('pnpm flow:walk --list and pnpm flow:graph', () => {
    expect(run('pnpm', ['flow:walk', '--list'])).toMatch(/new-my-cash/);
    expect(run('pnpm', ['flow:graph'])).toMatch(/Wrote .*docs\/flow\.md/);
    expect(readFileSync(join(clone, 'docs/flow.md'), 'utf8')).toMatch(/stateDiagram|flowchart|graph/);
  }, 300_000);

  it('staff:roles prints the table README carries', () => {
    const table = run('pnpm', ['--silent', '--filter', '@kh/server', 'staff:roles']);
    expect(readFileSync(join(clone, 'README.md'), 'utf8')).toContain(table.trim().split('\n')[2]);
  }, 300_000);

  it('staff:create (also with NODE_ENV=production), then audit:verify and retention report on the same database', () => {
    const created = run('pnpm', ['--filter', '@kh/server', 'staff:create', '--email', 'first@broker.example', '--name', 'First', '--role', 'admin'], { STAFF_PASSWORD: 'a long first password', NODE_ENV: 'production' });
    expect(created).toMatch(/Staff account first@broker.example created/);
    expect(run('pnpm', ['--filter', '@kh/server', 'audit:verify'])).toMatch(/Audit log intact: 1 entries/);
    expect(run('pnpm', ['--silent', '--filter', '@kh/server', 'retention', 'report'])).toMatch(/"msg":"retention report"/);
  }, 300_000);

  it('migrate runs the migrations on a PostgreSQL database, once', async () => {
    const url = await freshPostgresDatabase(POSTGRES_URL!);
    expect(run('pnpm', ['--silent', '--filter', '@kh/server', 'migrate'], { DATABASE_URL: url })).toMatch(/"msg":"migrations run"/);
    expect(run('pnpm', ['--silent', '--filter', '@kh/server', 'migrate'], { DATABASE_URL: url })).toMatch(/"msg":"nothing to migrate"/);
  }, 300_000);
});
