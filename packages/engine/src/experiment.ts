// A step experiment: which of two versions an application is drawn, and whether the two versions'
// completion (or error) rates differ by more than chance would make. Pure: the server draws and
// counts, the console states the comparison.

/** FNV-1a, 32 bits: the same number for the same text on every device and every server. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The application's place, 0 to 99, for one step: fixed by its id, so it is drawn the same version everywhere. */
export const experimentBucket = (applicationId: string, stepId: string): number => fnv1a(`${stepId}:${applicationId}`) % 100;

/** Whether the application is drawn the version tried, when `share` per cent of applications are. */
export const drawsVersionTried = (applicationId: string, stepId: string, share: number): boolean => experimentBucket(applicationId, stepId) < share;

const logFactorials: number[] = [0];
function logFactorial(n: number): number {
  for (let i = logFactorials.length; i <= n; i++) logFactorials[i] = logFactorials[i - 1]! + Math.log(i);
  return logFactorials[n]!;
}

/**
 * Fisher's exact test, two-sided, of a 2×2 table [[a, b], [c, d]]: the chance of a table at least as
 * unlikely as this one with the same margins, were the two rows alike. Exact at any size, where a
 * z-test misleads on the small counts an experiment starts with.
 */
export function fisherExact(a: number, b: number, c: number, d: number): number {
  const row1 = a + b;
  const col1 = a + c;
  const n = a + b + c + d;
  const logP = (x: number) =>
    logFactorial(row1) + logFactorial(n - row1) + logFactorial(col1) + logFactorial(n - col1) - logFactorial(n) - logFactorial(x) - logFactorial(row1 - x) - logFactorial(col1 - x) - logFactorial(n - row1 - col1 + x);
  const observed = logP(a);
  let p = 0;
  for (let x = Math.max(0, row1 + col1 - n); x <= Math.min(row1, col1); x++) {
    const each = logP(x);
    // Tables as unlikely as the one seen, allowing for rounding.
    if (each <= observed + 1e-7) p += Math.exp(each);
  }
  return Math.min(1, p);
}

/** People in one arm, and how many of them did the thing compared. */
export interface ArmCount {
  people: number;
  did: number;
}

/** Below this many people in either arm, a difference is not judged at all. */
export const FEWEST_TO_JUDGE = 20;
/** A difference less likely than this by chance is called more than chance. */
export const CHANCE_LEVEL = 0.05;

export type Verdict = 'tooFew' | 'chance' | 'tried' | 'live';

/**
 * Which arm did the thing more, beyond chance: 'tried' or 'live', 'chance' when the difference could
 * be chance, 'tooFew' when either arm has too few people to say. `p` is Fisher's two-sided p.
 */
export function compareArms(tried: ArmCount, live: ArmCount): { verdict: Verdict; p: number | null } {
  if (tried.people < FEWEST_TO_JUDGE || live.people < FEWEST_TO_JUDGE) return { verdict: 'tooFew', p: null };
  const p = fisherExact(tried.did, tried.people - tried.did, live.did, live.people - live.did);
  if (p >= CHANCE_LEVEL) return { verdict: 'chance', p };
  return { verdict: tried.did / tried.people > live.did / live.people ? 'tried' : 'live', p };
}
