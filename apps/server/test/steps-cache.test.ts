// A step is compiled once per distinct input and shared between requests, frozen.
import { describe, expect, it } from 'vitest';
import { compileStep, validateData } from '../src/steps/steps.ts';

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

  it('compiles the structure once for every applicant whose check verified the same facts, each with their own values laid on', () => {
    const context = { nationality: 'MYS', maritalStatus: 1 };
    const tan = { documentType: 106, documentNumber: '900101145678', name: 'TAN AH KOW', birthDate: '1990-01-01', gender: 1 as const, nationality: 'MYS' };
    const lim = { documentType: 106, documentNumber: '850505105555', name: 'LIM MEI LING', birthDate: '1985-05-05', gender: 2 as const, nationality: 'MYS' };
    const forTan = compileStep('personal', context, { verifiedIdentity: tan });
    const forLim = compileStep('personal', context, { verifiedIdentity: lim });
    // One compiled structure: the schema, its validator's key and the widgets are shared.
    expect(forLim.jsonSchema).toBe(forTan.jsonSchema);
    expect(forLim.uiSchema).toBe(forTan.uiSchema);
    // Each applicant's own verified values, locked.
    expect(Object.values(forTan.locked)).toContain('TAN AH KOW');
    expect(Object.values(forLim.locked)).toContain('LIM MEI LING');
    expect(Object.values(forLim.locked)).not.toContain('TAN AH KOW');
    const limsPage = forLim.initialData(undefined);
    expect(Object.values(limsPage)).toContain('LIM MEI LING');
    expect(Object.values(limsPage)).not.toContain('TAN AH KOW');
    // Lim's page with Tan's verified values is refused on the locked fields.
    const withTansValues = { ...forLim.initialData(undefined), ...forTan.locked };
    const refused = validateData(forLim, withTansValues).filter((error) => error.key === 'validation.identityLocked');
    expect(refused.map((error) => error.field).sort()).toEqual(['birthDate', 'documentName', 'gender', 'nricNumber']);
    expect(() => {
      (forLim.locked as Record<string, unknown>).name = 'SOMEONE ELSE';
    }).toThrow(TypeError);
    // A check that verified other facts (no birth date) locks other fields: another structure.
    const { birthDate: _, ...withoutBirthDate } = lim;
    expect(compileStep('personal', context, { verifiedIdentity: withoutBirthDate }).jsonSchema).not.toBe(forTan.jsonSchema);
  });
});
