// Runs one e2e test file with `<env>=<a file>` set and returns what the test wrote there: the
// product's figures come from tests that walk the real pages, so the bench measures what they test.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export function runTestForReport<T>(testFile: string, env: string): T {
  const report = join(mkdtempSync(join(tmpdir(), 'kh-bench-report-')), 'report.json');
  execFileSync('pnpm', ['exec', 'vitest', 'run', testFile], { cwd: resolve(dirname(fileURLToPath(import.meta.url)), '..'), env: { ...process.env, [env]: report }, stdio: ['ignore', 'ignore', 'inherit'] });
  return JSON.parse(readFileSync(report, 'utf8')) as T;
}
