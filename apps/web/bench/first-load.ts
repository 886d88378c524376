// P1: the first load against a plain RJSF app, built here in the same run from the same compiled
// step. The product's figures come from test/first-load.test.ts, which walks the real pages.
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { runTestForReport } from './test-report.ts';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = mkdtempSync(join(tmpdir(), 'kh-reference-'));
await build({ root: join(here, 'reference'), configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2000 } });
const scripts = readdirSync(join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
const reference = scripts.reduce((kb, f) => kb + gzipSync(readFileSync(join(outDir, 'assets', f)), { level: 9 }).length / 1024, 0);

const product = runTestForReport<Record<'login' | 'contact' | 'personal', number>>('test/first-load.test.ts', 'FIRST_LOAD_REPORT');

const line = (goal: string, kb: number, limit: number) =>
  console.log(`${goal}: ${kb.toFixed(1)} KB gzip, plain RJSF ${reference.toFixed(1)} KB, ${(kb / reference).toFixed(2)}× (goal ≤ ${limit}×) ${kb / reference <= limit ? 'met' : 'NOT MET'}`);
line('P1 first-load JS, login page /status/entry', product.login, 0.6);
line('P1 first-load JS, contact step (a phone page) with all before it', product.contact, 1.1);
line('P1 first-load JS, personal step with all before it', product.personal, 1.1);
