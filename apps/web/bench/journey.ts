// P5: a whole new applicant's journey (test/new-applicant.test.ts: login, every step, the identity
// check, payment, submission) and how long the applicant waited after each Next for the next page.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const report = join(mkdtempSync(join(tmpdir(), 'kh-journey-')), 'journey.json');
execFileSync('pnpm', ['exec', 'vitest', 'run', 'test/new-applicant.test.ts'], { cwd: resolve(dirname(fileURLToPath(import.meta.url)), '..'), env: { ...process.env, JOURNEY_REPORT: report }, stdio: ['ignore', 'ignore', 'inherit'] });
const { stepWaits, apiMs, calls } = JSON.parse(readFileSync(report, 'utf8')) as { stepWaits: number[]; apiMs: number; calls: number };
const waited = stepWaits.reduce((sum, ms) => sum + ms, 0);
console.log(
  `P5 new-applicant journey, waiting from each Next to the next usable page: ${(waited / 1000).toFixed(2)} s over ${stepWaits.length} steps (longest ${(Math.max(...stepWaits) / 1000).toFixed(2)} s; goal ≤ 3 s in all) ${waited <= 3000 ? 'met' : 'NOT MET'}; API calls in flight ${(apiMs / 1000).toFixed(2)} s over ${calls} calls, fetches ahead included`,
);
