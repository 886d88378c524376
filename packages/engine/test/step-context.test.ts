// The step context is made from the saved payloads of a few steps, named by CONTEXT_STEP_IDS: the
// server's save reads only those (and the step saved) from the database, so a context that read
// another step would be made from an answer the save never loaded.
import { describe, expect, it } from 'vitest';
import { CONTEXT_STEP_IDS, contextFromPayloads } from '../src/index.ts';

describe('the step context', () => {
  it('reads the payloads of the steps CONTEXT_STEP_IDS names and no other', () => {
    const read = new Set<string>();
    const saved = { contact: { nationalityCode: 'MY' }, personal: { identityKind: 1, maritalStatus: 2 }, market: { myType: 2, myMarket: true }, financial: { isIslamicBank: false }, work: { employer: 'x' }, tax: { residence: 'MY' } };
    const payloads = new Proxy(saved, { get: (target, key: string) => (read.add(key), target[key as keyof typeof target]) });
    const context = contextFromPayloads(payloads, { market: 0, opened: 0, status: 1, relatedType: 'INIT' });
    expect(context).toMatchObject({ nationality: 'MY', identityType: 1, maritalStatus: 2, markets: 16, islamic: true, accountType: 2, mode: 'draft' });
    expect([...read].sort()).toEqual([...CONTEXT_STEP_IDS].sort());
  });
});
