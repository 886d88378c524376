// P5: a whole new applicant's journey (test/new-applicant.test.ts: login, every step, the identity
// check, payment, submission) and how long it waited on the product's API in total.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const report = join(mkdtempSync(join(tmpdir(), 'kh-journey-')), 'journey.json');
execFileSync('pnpm', ['exec', 'vitest', 'run', 'test/new-applicant.test.ts'], { cwd: resolve(dirname(fileURLToPath(import.meta.url)), '..'), env: { ...process.env, JOURNEY_REPORT: report }, stdio: ['ignore', 'ignore', 'inherit'] });
const { waitingMs, calls } = JSON.parse(readFileSync(report, 'utf8')) as { waitingMs: number; calls: number };
console.log(`P5 new-applicant journey, time waiting on the product: ${(waitingMs / 1000).toFixed(2)} s over ${calls} API calls (goal ≤ 3 s) ${waitingMs <= 3000 ? 'met' : 'NOT MET'}`);
