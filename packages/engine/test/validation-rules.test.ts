// SPEC §5, one test per rule, in the spec's words.
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadEveryNumberingPlan } from '../src/checks/phone.ts';
import { errorOf, errorsOf, validPersonal } from './helpers.ts';

const contact = (over: Record<string, unknown> = {}) => ({
  areaCode: '60',
  mobile: '123456789',
  email: 'ali@gmail.com',
  username: 'ali2026',
  hasCdsAccount: false,
  agentChoice: 1,
  nationality: 'MYS',
  ...over,
});

describe('Mobile: area code plus number within {min}-{max} characters; first digit cannot be 0', () => {
  beforeAll(loadEveryNumberingPlan);
  it('accepts a Malaysian mobile number after area code 60', () => {
    expect(errorsOf('contact', contact())).toEqual([]);
  });
  it('refuses a first digit of 0', () => {
    expect(errorOf('contact', 'mobile', contact({ mobile: '0123456789' }))).toEqual({ field: 'mobile', key: 'validation.mobileLeadingZero' });
  });
  it('refuses a number shorter than {min}, with min and max as parameters', () => {
    expect(errorOf('contact', 'mobile', contact({ mobile: '12345' }))).toEqual({ field: 'mobile', key: 'validation.mobile', params: { min: 7, max: 12 } });
  });
  it('checks the number against the numbering plan of its area code', () => {
    // 3-2345 6789 is a Kuala Lumpur landline, not a mobile.
    expect(errorOf('contact', 'mobile', contact({ mobile: '323456789' }))?.key).toBe('validation.mobileUnallocated');
    // A Singapore mobile is valid under 65, not under 60.
    expect(errorOf('contact', 'mobile', contact({ areaCode: '65', mobile: '81234567' }))).toBeUndefined();
    expect(errorOf('contact', 'mobile', contact({ areaCode: '60', mobile: '81234567' }))?.key).toBe('validation.mobileUnallocated');
  });
  it('a number of the right length in an unallocated range says so, not "{min}-{max} digits"', () => {
    // +60 19-… is a mobile range; +60 10-0… is not allocated to any operator.
    expect(errorOf('contact', 'mobile', contact({ mobile: '100000000' }))).toEqual({ field: 'mobile', key: 'validation.mobileUnallocated' });
  });
});

describe('Username: letters or digits only, {num} characters', () => {
  it('refuses other characters', () => {
    expect(errorOf('contact', 'username', contact({ username: 'ali_2026' }))).toEqual({ field: 'username', key: 'validation.username', params: { num: 16 } });
  });
  it('refuses more than {num} characters', () => {
    expect(errorOf('contact', 'username', contact({ username: 'a'.repeat(17) }))?.key).toBe('validation.username');
  });
});

describe('Passport number: {min}-{max} letters or digits', () => {
  const passport = (number: string) => ({ ...validPersonal(), nationality: 'SGP', identityType: 102, nricNumber: undefined, passportNumber: number, passportExpiry: '2030-01-01' });
  it('accepts A1234567', () => expect(errorOf('personal', 'passportNumber', passport('K1234567A'))).toBeUndefined());
  it('refuses 5 characters and punctuation', () => {
    expect(errorOf('personal', 'passportNumber', passport('K1234'))).toEqual({ field: 'passportNumber', key: 'validation.passport', params: { min: 6, max: 12 } });
    expect(errorOf('personal', 'passportNumber', passport('K1234-567'))?.key).toBe('validation.passport');
  });
});

describe('NRIC: exactly {len} digits', () => {
  it('refuses 11 digits', () => {
    expect(errorOf('personal', 'nricNumber', { ...validPersonal(), nricNumber: '90010114567' })).toEqual({ field: 'nricNumber', key: 'validation.nric', params: { len: 12 } });
  });
  it('refuses 12 digits that are not a real birth date', () => {
    expect(errorOf('personal', 'nricNumber', { ...validPersonal(), nricNumber: '901301145678' })?.key).toBe('validation.nric');
  });
});

describe('Old NRIC: {min}-{max} letters or digits', () => {
  it('accepts A1234567 and refuses A12345', () => {
    expect(errorOf('personal', 'oldNricNumber', { ...validPersonal(), oldNricNumber: 'A1234567' })).toBeUndefined();
    expect(errorOf('personal', 'oldNricNumber', { ...validPersonal(), oldNricNumber: 'A12345' })).toEqual({ field: 'oldNricNumber', key: 'validation.oldNric', params: { min: 7, max: 8 } });
  });
});

describe('Postcode: exactly {len} digits', () => {
  it('refuses 4 digits', () => {
    expect(errorOf('personal', 'regPostcode', { ...validPersonal(), regPostcode: '5045' })).toEqual({ field: 'regPostcode', key: 'validation.postcode', params: { len: 5 } });
  });
});

describe('Invitation code: optional, letters or digits, {len} characters', () => {
  it('may be left out', () => expect(errorOf('contact', 'invitationCode', contact())).toBeUndefined());
  it('refuses 7 characters', () => {
    expect(errorOf('contact', 'invitationCode', contact({ invitationCode: 'ABC1234' }))).toEqual({ field: 'invitationCode', key: 'validation.invitationCode', params: { len: 8 } });
  });
});

describe('Email format incorrect', () => {
  it.each(['ali', 'ali@', 'ali@gmail', 'ali @gmail.com'])('refuses %s', (email) => {
    expect(errorOf('contact', 'email', contact({ email }))?.key).toBe('validation.email');
  });
  // The step's pattern is ajv-formats' "email" without the i flag: the same verdict on every address.
  it.each(['Ali.Baba@Gmail.COM', "o'brien+kh@mail.example.my", 'a@b.co', 'ali@-gmail.com', 'ali@gmail-.com', 'ali..baba@gmail.com', '.ali@gmail.com', 'ali@gmail..com', 'ali@xn--p1ai.ru', 'ali_baba@sub.domain.com.my', 'ALI@GMAIL'])(
    'judges %s as ajv-formats does',
    (email) => {
      expect(errorOf('contact', 'email', contact({ email }))?.key === 'validation.email').toBe(!(fullFormats.email as RegExp).test(email));
    },
  );
});

describe('A date is a day of the calendar', () => {
  const born = (birthDate: string) => errorOf('personal', 'birthDate', { ...validPersonal(), birthDate });
  it.each(['1990-02-30', '1990-13-01', '1990-02-29', '1990-1-01', 'not a date'])('refuses %s as not a date', (date) => expect(born(date)).toEqual({ field: 'birthDate', key: 'validation.format' }));
  it('accepts the 29th of February of a leap year', () => expect(born('1992-02-29')).toBeUndefined());
});

describe('Age 18-99 from the birth date', () => {
  const born = (birthDate: string) => errorOf('personal', 'birthDate', { ...validPersonal(), birthDate });
  it('accepts an applicant who turned 18 today', () => expect(born('2008-11-21')).toBeUndefined());
  it('refuses one who turns 18 tomorrow, with the SPEC message and its parameters', () =>
    expect(born('2008-11-22')).toEqual({ field: 'birthDate', key: 'validation.age', params: { min: 18, max: 99 } }));
  it('accepts 99 and refuses 100', () => {
    expect(born('1927-11-22')).toBeUndefined();
    expect(born('1926-11-21')?.key).toBe('validation.age');
  });
});

describe('Passport valid at least 6 months', () => {
  const expiring = (passportExpiry: string) =>
    errorOf('personal', 'passportExpiry', { ...validPersonal(), nationality: 'SGP', identityType: 102, nricNumber: undefined, passportNumber: 'K1234567A', passportExpiry });
  it('refuses a passport expiring in 3 months', () => expect(expiring('2027-02-21')).toEqual({ field: 'passportExpiry', key: 'validation.validForMonths', params: { num: 6 } }));
  it('accepts one expiring in exactly 6 months', () => expect(expiring('2027-05-21')).toBeUndefined());
});

describe('Malaysian passport not accepted; use MyKad, MyTentera, MyPR or MyKas', () => {
  it('refuses a passport for nationality MYS', () => {
    const data = { ...validPersonal(), identityType: 102, nricNumber: undefined, passportNumber: 'A12345678', passportExpiry: '2030-01-01' };
    expect(errorOf('personal', 'identityType', data)).toEqual({ field: 'identityType', key: 'validation.malaysianPassport' });
  });
  it('accepts a passport for a Singaporean', () => {
    const data = { ...validPersonal(), nationality: 'SGP', identityType: 102, nricNumber: undefined, passportNumber: 'K1234567A', passportExpiry: '2030-01-01' };
    expect(errorsOf('personal', data)).toEqual([]);
  });
});

describe('Non-Malaysians cannot choose a collateralised account for MY', () => {
  const market = { myMarket: true, myType: 1, hkMarket: false, usMarket: false };
  it('refuses margin when the nationality (context) is not MYS', () => {
    expect(errorOf('market', 'myType', market, { context: { nationality: 'SGP' } })).toEqual({ field: 'myType', key: 'validation.marginOnlyForMalaysians' });
  });
  it('accepts margin for a Malaysian', () => expect(errorsOf('market', market, { context: { nationality: 'MYS' } })).toEqual([]));
  it('does not offer the margin option to non-Malaysians', async () => {
    const { compileStep } = await import('./helpers.ts');
    expect(compileStep('market', { context: { nationality: 'SGP' } }).options.myType.map((o) => o.value)).toEqual([0, 2]);
    expect(compileStep('market', { context: { nationality: 'MYS' } }).options.myType.map((o) => o.value)).toEqual([0, 2, 1]);
  });
});

describe('Upload types: bmp, jpg, jpeg, png, gif, webp, pdf', () => {
  const financial = (bankStatement: string) => ({ totalNetWorth: 1, islamicBank: false, bankName: 'MBB', bankAccountNumber: '1234567890', bankStatement, notJointAccount: true });
  it.each(['u/1/statement.pdf', 'u/1/a.JPG', 'u/1/a.jpeg', 'u/1/a.webp', 'u/1/a.bmp', 'u/1/a.gif', 'u/1/a.png'])('accepts %s', (path) => {
    expect(errorsOf('financial', financial(path))).toEqual([]);
  });
  it.each(['u/1/a.exe', 'u/1/a.pdf.exe', 'u/1/a.heic'])('refuses %s', (path) => {
    expect(errorOf('financial', 'bankStatement', financial(path))?.key).toBe('validation.fileType');
  });
});

describe('Fields required only when visible', () => {
  it('asks for spouse details only when married', () => {
    const work = { employmentStatus: 4, annualIncome: 1, estimatedNetWorth: 1, incomeSource: ['3'], incomeProof: 'u/1/p.pdf' };
    expect(errorsOf('work', work, { context: { maritalStatus: 1 } })).toEqual([]);
    expect(errorsOf('work', work, { context: { maritalStatus: 2 } }).map((e) => e.field)).toEqual(['spouseName', 'spouseEmploymentStatus']);
  });
  it('says "please select" for a select and "please enter" for a text field', () => {
    const errors = errorsOf('personal', { ...validPersonal(), maritalStatus: undefined, documentName: undefined });
    expect(errors).toContainEqual({ field: 'maritalStatus', key: 'validation.requiredSelect' });
    expect(errors).toContainEqual({ field: 'documentName', key: 'validation.requiredEnter' });
  });
  it('ignores a stale value in a hidden field', () => {
    expect(errorsOf('personal', { ...validPersonal(), passportNumber: '!!', passportExpiry: 'garbage' })).toEqual([]);
  });
});

describe('Selected values must be among allowed options', () => {
  it('refuses a marital status outside the dictionary', () => {
    expect(errorOf('personal', 'maritalStatus', { ...validPersonal(), maritalStatus: 9 })).toEqual({ field: 'maritalStatus', key: 'validation.option' });
  });
  it('refuses a multi-select value outside the dictionary', () => {
    const investment = { investmentTerm: 1, riskTolerance: 1, objectives: ['1', '42'], experience: 1, hasOtherCds: false };
    expect(errorOf('investment', 'objectives', investment)?.key).toBe('validation.option');
  });
  it('refuses a nationality that is not a country', () => {
    expect(errorOf('personal', 'nationality', { ...validPersonal(), nationality: 'XXX' })?.key).toBe('validation.option');
  });
});

describe('Agreement checkbox must be ticked', () => {
  it("says 'Please agree to check the agreement!'", () => {
    expect(errorOf('agreement', 'agreed', { agreed: false })).toEqual({ field: 'agreed', key: 'validation.agreement' });
  });
});

describe('Bank account in the applicant\'s name; not joint or third-party (checkbox)', () => {
  it('refuses an unticked confirmation', () => {
    const data = { totalNetWorth: 1, islamicBank: false, bankName: 'MBB', bankAccountNumber: '1234567890', bankStatement: 'a.pdf', notJointAccount: false };
    expect(errorOf('financial', 'notJointAccount', data)).toEqual({ field: 'notJointAccount', key: 'validation.ownBankAccount' });
  });
});

describe('Special characters, Chinese characters not accepted', () => {
  it('refuses Chinese characters and emoji in a printable-only name', () => {
    expect(errorOf('personal', 'documentName', { ...validPersonal(), documentName: '陈亚九' })?.key).toBe('validation.specialCharacters');
    expect(errorOf('personal', 'documentName', { ...validPersonal(), documentName: 'TAN 🙂' })?.key).toBe('validation.specialCharacters');
  });
  it('content exceeds max length', () => {
    expect(errorOf('personal', 'regLine1', { ...validPersonal(), regLine1: 'x'.repeat(31) })).toEqual({ field: 'regLine1', key: 'validation.maxLength', params: { max: 30 } });
  });
});
