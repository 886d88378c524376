import { describe, expect, it } from 'vitest';
import { compareArms, drawsVersionTried, experimentBucket, fisherExact } from '../src/experiment.ts';

describe("Fisher's exact test", () => {
  // Reference values from scipy.stats.fisher_exact (two-sided).
  it.each([
    [[3, 1, 1, 3], 0.4857142857],
    [[1, 9, 11, 3], 0.0027594562],
    [[30, 20, 18, 32], 0.0271840751],
    [[5, 5, 5, 5], 1],
  ])('%j gives p = %d', (table, p) => {
    expect(fisherExact(...(table as [number, number, number, number]))).toBeCloseTo(p, 8);
  });
});

describe('comparing the two versions', () => {
  it('does not judge under twenty people in an arm', () => {
    expect(compareArms({ people: 19, did: 19 }, { people: 100, did: 0 })).toEqual({ verdict: 'tooFew', p: null });
  });
  it('names the better arm only beyond chance', () => {
    expect(compareArms({ people: 50, did: 30 }, { people: 50, did: 18 })).toMatchObject({ verdict: 'tried' });
    expect(compareArms({ people: 50, did: 18 }, { people: 50, did: 30 })).toMatchObject({ verdict: 'live' });
    expect(compareArms({ people: 50, did: 27 }, { people: 50, did: 24 })).toMatchObject({ verdict: 'chance' });
  });
});

describe('drawing a version', () => {
  it('is fixed by the application and the step, and a share draws about that share', () => {
    const ids = Array.from({ length: 4000 }, (_, i) => `app-${i.toString(36)}-${(i * 7919).toString(16)}`);
    expect(ids.map((id) => experimentBucket(id, 'contact'))).toEqual(ids.map((id) => experimentBucket(id, 'contact')));
    const drawn = ids.filter((id) => drawsVersionTried(id, 'contact', 20)).length / ids.length;
    expect(drawn).toBeGreaterThan(0.17);
    expect(drawn).toBeLessThan(0.23);
    // Another step draws independently: not the same applications.
    const other = ids.filter((id) => drawsVersionTried(id, 'personal', 20));
    expect(other).not.toEqual(ids.filter((id) => drawsVersionTried(id, 'contact', 20)));
    expect(ids.some((id) => drawsVersionTried(id, 'contact', 0))).toBe(false);
    expect(ids.every((id) => drawsVersionTried(id, 'contact', 100))).toBe(true);
  });
});
