import { beforeAll, describe, expect, it } from 'vitest';
import { checkMobile, clean, completeEmail, emailSpellCheckerArrived, loadEmailSpellChecker, onEmailSpellCheckerArrived, suggestEmail } from '../src/index.ts';
import { loadEveryNumberingPlan } from '../src/checks/phone.ts';

describe('Input cleaners: numeric-only, alphanumeric-only, strip Chinese, basic printable', () => {
  it('numeric-only keeps digits (a pasted NRIC loses its dashes)', () => expect(clean('numericOnly', '900101-14-5678 ')).toBe('900101145678'));
  it('alphanumeric-only keeps letters and digits', () => expect(clean('alphanumericOnly', 'K12-345 67a!')).toBe('K1234567a'));
  it('strip Chinese removes Han characters and full-width punctuation', () => expect(clean('stripChinese', 'Tan 陈亚九，Ah Kow')).toBe('Tan Ah Kow'));
  it('basic printable keeps printable ASCII only', () => expect(clean('basicPrintable', 'Jalan 1\t🙂 Café')).toBe('Jalan 1 Caf'));
  it('no cleaner leaves the input alone', () => expect(clean(undefined, '陈 🙂')).toBe('陈 🙂'));
});

describe('E-mail domain suggestions: gmail, yahoo, outlook, hotmail variants', () => {
  it('needs no spell checker for an address on a common domain, and asks for it for another', () => {
    expect(emailSpellCheckerArrived()).toBe(false);
    expect(suggestEmail('ali@gmail.com')).toBeUndefined();
    expect(suggestEmail('ALI@Yahoo.com.my')).toBeUndefined();
    expect(emailSpellCheckerArrived()).toBe(false);
    const arrived = new Promise<void>((resolve) => onEmailSpellCheckerArrived(resolve));
    // Not here yet: no suggestion, and it is asked for.
    expect(suggestEmail('ali@gmial.com')).toBeUndefined();
    return arrived.then(() => expect(suggestEmail('ali@gmial.com')).toBe('ali@gmail.com'));
  });
});

describe('E-mail domain suggestions, once the spell checker is here', () => {
  beforeAll(loadEmailSpellChecker);
  it.each([
    ['ali@gmial.com', 'ali@gmail.com'],
    ['ali@gmail.con', 'ali@gmail.com'],
    ['ali@yaho.com.my', 'ali@yahoo.com.my'],
    ['ali@hotmial.com', 'ali@hotmail.com'],
    ['ali@outlok.com', 'ali@outlook.com'],
  ])('suggests %s → %s', (typed, suggestion) => expect(suggestEmail(typed)).toBe(suggestion));
  it('suggests nothing for a correct or unrelated address', () => {
    expect(suggestEmail('ali@gmail.com')).toBeUndefined();
    expect(suggestEmail('ali@broker.com.my')).toBeUndefined();
    expect(suggestEmail('not an email')).toBeUndefined();
  });
  it('completes the domain while typing', () => {
    expect(completeEmail('ali@hot')).toEqual(['ali@hotmail.com', 'ali@hotmail.my']);
    expect(completeEmail('ali')).toEqual([]);
  });
});

describe('Mobile check per area code', () => {
  // As the server checks: with every plan.
  beforeAll(loadEveryNumberingPlan);
  it('knows Malaysian, Singaporean and Hong Kong mobiles', () => {
    expect(checkMobile('60', '123456789', 7, 12)).toBeUndefined();
    expect(checkMobile('65', '91234567', 7, 12)).toBeUndefined();
    expect(checkMobile('852', '51234567', 7, 12)).toBeUndefined();
    expect(checkMobile('60', '0123456789', 7, 12)).toBe('leadingZero');
    expect(checkMobile('60', '12a456789', 7, 12)).toBe('length');
    expect(checkMobile('852', '21234567', 7, 12)).toBe('invalid');
  });
});
