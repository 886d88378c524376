// P5: a whole new applicant's journey (test/new-applicant.test.ts: login, every step, the identity
// check, payment, submission) and how long the applicant waited after each Next for the next page.
import { runTestForReport } from './test-report.ts';

const { stepWaits, apiMs, calls } = runTestForReport<{ stepWaits: number[]; apiMs: number; calls: number }>('test/new-applicant.test.ts', 'JOURNEY_REPORT');
const waited = stepWaits.reduce((sum, ms) => sum + ms, 0);
console.log(
  `P5 new-applicant journey, waiting from each Next to the next usable page: ${(waited / 1000).toFixed(2)} s over ${stepWaits.length} steps (longest ${(Math.max(...stepWaits) / 1000).toFixed(2)} s; goal ≤ 3 s in all) ${waited <= 3000 ? 'met' : 'NOT MET'}; API calls in flight ${(apiMs / 1000).toFixed(2)} s over ${calls} calls, fetches ahead included`,
);
