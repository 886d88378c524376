// SPEC §1/§3/§5: what the identity check verified is what is opened. Fields marked `verifiedBy` are
// set to the verified facts and locked; any other value is refused by the one validateStep.
import { describe, expect, it } from 'vitest';
import { compareWithIdentity, verifiedIdentityFromOcr, type VerifiedIdentity } from '../src/index.ts';
import { compileStep, errorOf, errorsOf, validPersonal } from './helpers.ts';

const tan: VerifiedIdentity = verifiedIdentityFromOcr(106, { name: 'TAN AH KOW', gender: 'F', birthDate: '1990-01-01', nationality: 'mys', idNo: '900101-14-5678' }, '900101145678');

describe('the verified identity from the provider\'s OCR record', () => {
  it('normalises the document number, the name, the gender and the nationality', () => {
    expect(tan).toEqual({ documentType: 106, documentNumber: '900101145678', name: 'TAN AH KOW', birthDate: '1990-01-01', gender: 2, nationality: 'MYS', expiryDate: undefined });
  });
  it('falls back to the number the check was started with when the provider read none', () => {
    expect(verifiedIdentityFromOcr(102, { name: 'Ali' }, 'a1234567').documentNumber).toBe('A1234567');
  });
});

describe('once the identity check succeeds, its fields are locked on the personal step', () => {
  it('compile sets the verified values and makes the fields read-only', () => {
    const compiled = compileStep('personal', { verifiedIdentity: tan });
    expect(compiled.locked).toMatchObject({ documentName: 'TAN AH KOW', identityType: 106, nricNumber: '900101145678', gender: 2, birthDate: '1990-01-01', nationality: 'MYS' });
    for (const field of ['documentName', 'identityType', 'nricNumber', 'gender', 'birthDate', 'nationality']) {
      expect(compiled.editable[field]).toBe(false);
      expect((compiled.uiSchema[field] as { 'ui:readonly'?: boolean })['ui:readonly']).toBe(true);
    }
    expect(compiled.editable.maritalStatus).toBe(true);
    // A saved payload naming another document does not win over the verified one.
    expect(compiled.initialData({ idNo: '850505105555', name: 'SOMEONE ELSE' })).toMatchObject({ nricNumber: '900101145678', documentName: 'TAN AH KOW' });
  });
  it('the same answers pass, whatever the case, spaces or dashes', () => {
    expect(errorsOf('personal', { ...validPersonal(), documentName: 'tan  ah kow' }, { verifiedIdentity: tan })).toEqual([]);
  });
  it('another MyKad number is refused, before any other rule of the field', () => {
    expect(errorOf('personal', 'nricNumber', { ...validPersonal(), nricNumber: '850505105555' }, { verifiedIdentity: tan })).toEqual({ field: 'nricNumber', key: 'validation.identityLocked' });
  });
  it('another name, birth date, gender, nationality or document type is refused', () => {
    const swapped = { ...validPersonal(), documentName: 'LIM', birthDate: '1991-02-02', gender: 1, nationality: 'SGP', identityType: 104, otherIdNumber: 'X1' };
    const errors = errorsOf('personal', swapped, { verifiedIdentity: tan }).filter((e) => e.key === 'validation.identityLocked').map((e) => e.field);
    expect(errors).toEqual(expect.arrayContaining(['documentName', 'nationality', 'identityType', 'gender', 'birthDate']));
  });
  it('before the check, nothing is locked', () => {
    expect(compileStep('personal').locked).toEqual({});
    expect(errorsOf('personal', { ...validPersonal(), nricNumber: '850505105555', birthDate: '1985-05-05', gender: 1 })).toEqual([]);
  });
  it('a fact the provider did not read locks nothing (a passport expiry on a MyKad)', () => {
    expect(compileStep('personal', { verifiedIdentity: tan }).locked).not.toHaveProperty('passportExpiry');
  });
  it('rejection mode keeps the lock even on a rejected identity-document item', () => {
    const compiled = compileStep('personal', { verifiedIdentity: tan, context: { mode: 'rejected' }, rejectedItems: ['idDocument'] });
    expect(compiled.editable.nricNumber).toBe(false);
  });
});

describe('the reviewer sees the verified identity beside the typed answers', () => {
  it('flags each mismatch', () => {
    const compiled = compileStep('personal');
    const data = { ...validPersonal(), nricNumber: '850505105555' };
    const comparison = compareWithIdentity(compiled.valueFields, data, tan, (id) => compiled.isVisible(id, data));
    expect(comparison.find((c) => c.fact === 'documentNumber')).toMatchObject({ field: 'nricNumber', verified: '900101145678', typed: '850505105555', matches: false });
    expect(comparison.find((c) => c.fact === 'name')).toMatchObject({ matches: true });
    expect(comparison.map((c) => c.field)).not.toContain('passportNumber');
  });
});

describe('refuse early: the identity page applies the personal step\'s rules before a face scan is spent', () => {
  const identity = (over: Record<string, unknown> = {}) => ({ identityType: 106, documentName: 'TAN AH KOW', nricNumber: '900215105571', ...over });
  const without = (errors: { field: string }[]) => errors.filter((e) => e.field !== 'verification');
  it('a MyKad typed with dashes is the same 12 digits and passes', () => {
    expect(without(errorsOf('identity', identity()))).toEqual([]);
  });
  it('the birth date a MyKad gives must be 18-99, with the personal step\'s message', () => {
    // Born 15 February 2010: 16 years old in November 2026.
    expect(errorOf('identity', 'nricNumber', identity({ nricNumber: '100215105571' }))).toEqual({ field: 'nricNumber', key: 'validation.age', params: { min: 18, max: 99 } });
    expect(errorOf('personal', 'birthDate', { ...validPersonal(), birthDate: '2010-02-15' })).toEqual({ field: 'birthDate', key: 'validation.age', params: { min: 18, max: 99 } });
  });
  it('a Malaysian (from the contact step) cannot verify with a passport', () => {
    expect(errorOf('identity', 'identityType', identity({ identityType: 102, passportNumber: 'A1234567' }), { context: { nationality: 'MYS' } })?.key).toBe('validation.malaysianPassport');
    expect(errorOf('identity', 'identityType', identity({ identityType: 102, passportNumber: 'A1234567' }), { context: { nationality: 'SGP' } })).toBeUndefined();
  });
  it('the NRIC is exactly 12 digits', () => {
    expect(errorOf('identity', 'nricNumber', identity({ nricNumber: '90021510557' }))?.key).toBe('validation.nric');
  });
});
