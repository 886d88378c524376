// P2: typing on the largest step (personal) beside a bare <input> in the same page, at 4× CPU
// throttle (test/keystroke.test.ts types the characters and measures them).
import { runTestForReport } from './test-report.ts';

type Timings = { paint: { p50: number; p95: number }; work: number };
const { characters, floor, form } = runTestForReport<{ characters: number; floor: Timings; form: Timings }>('test/keystroke.test.ts', 'KEYSTROKE_REPORT');

const work = form.work / floor.work;
const paint = form.paint.p95 / floor.paint.p95;
console.log(`P2 main-thread work per keystroke on the personal step, mean of ${characters} until the page is still: ${form.work.toFixed(1)} ms, bare input in the same page ${floor.work.toFixed(1)} ms, ${work.toFixed(2)}× (goal ≤ 2×) ${work <= 2 ? 'met' : 'NOT MET'}`);
console.log(`P2 keydown → next paint at 4× CPU throttle, p95: ${form.paint.p95.toFixed(1)} ms, bare input ${floor.paint.p95.toFixed(1)} ms, ${paint.toFixed(2)}× (goal ≤ 1.3×) ${paint <= 1.3 ? 'met' : 'NOT MET'}`);
