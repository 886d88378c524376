import { describe, expect, it } from 'vitest';
import { diffPayloads } from '../src/payload-diff.ts';

describe('diffPayloads', () => {
  it('names each changed leaf by its path, with the value before and after', () => {
    const before = { personal: { name: 'Aminah', addressList: [{ addrType: 1, city: 'Ipoh' }] }, declaration: { pep: { exists: false } } };
    const after = { personal: { name: 'Aminah', addressList: [{ addrType: 1, city: 'Kuala Lumpur' }] }, declaration: { pep: { exists: true, name: 'Dato X' } } };
    expect(diffPayloads(before, after)).toEqual([
      { step: 'personal', path: 'addressList.0.city', before: 'Ipoh', after: 'Kuala Lumpur' },
      { step: 'declaration', path: 'pep.exists', before: false, after: true },
      { step: 'declaration', path: 'pep.name', before: null, after: 'Dato X' },
    ]);
  });

  it('treats a list of plain values as one value, and a step added or removed as every value changing', () => {
    expect(diffPayloads({ financial: { sources: [1, 2] } }, { financial: { sources: [2, 1] } })).toEqual([{ step: 'financial', path: 'sources', before: [1, 2], after: [2, 1] }]);
    expect(diffPayloads({}, { tax: { tin: 'X1' } })).toEqual([{ step: 'tax', path: 'tin', before: null, after: 'X1' }]);
    expect(diffPayloads({ tax: { tin: 'X1' } }, { tax: { tin: 'X1' } })).toEqual([]);
  });
});
