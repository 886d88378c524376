// A step is compiled once per distinct input and shared between requests, frozen.
import { describe, expect, it } from 'vitest';
import { compileStep } from '../src/steps/steps.ts';

describe('compileStep', () => {
  it('answers the same compiled step for the same inputs, another for other inputs, and none can be changed', () => {
    const context = { nationality: 'MYS', maritalStatus: 1 };
    const first = compileStep('personal', context);
    expect(compileStep('personal', { ...context })).toBe(first);
    expect(compileStep('personal', { ...context, nationality: 'SGP' })).not.toBe(first);
    expect(compileStep('personal', context, { rejectedItems: ['address'] })).not.toBe(first);
    expect(compileStep('personal', context, { verifiedIdentity: { documentType: 106, documentNumber: '900101145678' } })).not.toBe(first);
    expect(() => {
      (first.locked as Record<string, unknown>).name = 'SOMEONE ELSE';
    }).toThrow(TypeError);
  });
});
