import { describe, expect, it } from 'vitest';
import { compileStep, validPersonal } from './helpers.ts';

describe('payload mapping both ways (toPayload, fromPayload)', () => {
  it('maps personal form data to the khInfo payload by dataKey, address lines joined with _', () => {
    const compiled = compileStep('personal');
    const payload = compiled.toPayload({ ...validPersonal(), regLine2: 'Taman Ampang', regLine3: '' });
    expect(payload).toEqual({
      name: 'TAN AH KOW',
      nationalityCode: 'MYS',
      identityKind: 106,
      idNo: '900101145678',
      gender: 2,
      birthDate: '1990-01-01',
      maritalStatus: 1,
      race: 2,
      education: 4,
      addressList: [{ addrType: 1, country: 'MYS', postalCode: '50450', state: '14', city: 'Kuala Lumpur', address: 'No 12, Jalan Ampang_Taman Ampang_' }],
      isSameRegisteredAddr: true,
    });
  });
  it('round-trips: fromPayload(toPayload(data)) gives back every visible value', () => {
    const compiled = compileStep('personal');
    const data = { ...validPersonal(), sameAsRegistered: false, mailCountry: 'SGP', mailPostcodeAbroad: '238801', mailTown: 'Singapore', mailLine1: '1 Orchard Road', regLine2: 'Taman Ampang' };
    const back = compiled.fromPayload(compiled.toPayload(data));
    expect(Object.fromEntries(Object.entries(back).filter(([id]) => compiled.isVisible(id, data)))).toEqual(data);
  });
  it('values of hidden fields are never sent', () => {
    const compiled = compileStep('personal');
    const payload = compiled.toPayload({ ...validPersonal(), passportNumber: 'A1234567', passportExpiry: '2030-01-01', mailLine1: 'old address' });
    expect(JSON.stringify(payload)).not.toMatch(/A1234567|2030-01-01|old address/);
    expect(payload.idNo).toBe('900101145678');
  });
  it('multi-select values are stored as a de-duplicated comma-joined string', () => {
    const compiled = compileStep('investment');
    const payload = compiled.toPayload({ objectives: ['1', '3', '1', ' 5 '], hasOtherCds: false });
    expect(payload.investmentObjective).toBe('1,3,5');
    expect(compiled.fromPayload({ investmentObjective: '1,3,3,5' }).objectives).toEqual(['1', '3', '5']);
  });
  it('nested dataKeys build nested objects (dto.bankName, spouse.name)', () => {
    expect(compileStep('financial').toPayload({ islamicBank: false, bankName: 'MBB' })).toEqual({ isIslamicBank: false, dto: { bankName: 'MBB' } });
    expect(compileStep('work', { context: { maritalStatus: 2 } }).toPayload({ employmentStatus: 3, spouseName: 'LIM' })).toEqual({ employmentStatus: 3, spouse: { name: 'LIM' } });
  });
  it('fromPayload turns numeric strings back into numbers for number fields', () => {
    expect(compileStep('personal').fromPayload({ maritalStatus: '2', identityKind: '106', isSameRegisteredAddr: 'false' })).toEqual({ maritalStatus: 2, identityType: 106, sameAsRegistered: false });
  });
  it('initialData starts from defaults, then the saved payload, then the context', () => {
    const compiled = compileStep('contact', { context: { mode: 'new' } });
    expect(compiled.initialData({ email: 'ali@gmail.com' })).toMatchObject({ areaCode: '60', nationality: 'MYS', agentChoice: 1, email: 'ali@gmail.com', _context: { mode: 'new' } });
  });
});

describe('rejection mode: only the rejected items stay editable', () => {
  it('a rejected bank statement unlocks only the bank statement', () => {
    const compiled = compileStep('financial', { context: { mode: 'rejected' }, rejectedItems: ['bankStatement'] });
    expect(compiled.editable.bankStatement).toBe(true);
    expect(compiled.editable.bankAccountNumber).toBe(false);
    expect((compiled.uiSchema.bankAccountNumber as Record<string, unknown>)['ui:readonly']).toBe(true);
    expect((compiled.uiSchema.bankStatement as Record<string, unknown>)['ui:readonly']).toBeUndefined();
  });
  it('a rejected ID document unlocks the document type and number together', () => {
    const compiled = compileStep('personal', { context: { mode: 'rejected' }, rejectedItems: ['idDocument'] });
    expect(['identityType', 'nricNumber', 'passportNumber', 'passportExpiry', 'documentName'].map((id) => compiled.editable[id])).toEqual([true, true, true, true, false]);
  });
  it('everything is editable outside rejection mode', () => {
    expect(Object.values(compileStep('financial', { context: { mode: 'draft' } }).editable).every(Boolean)).toBe(true);
  });
});
