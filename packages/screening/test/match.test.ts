// The screening matcher: the forms names take on Malaysian documents and on the lists, and near
// misses that must not match.
import { describe, expect, it } from 'vitest';
import { matchPerson, nameTokens, screen, type ListedPerson } from '../src/index.ts';

const listed = (names: string[], more: Partial<ListedPerson> = {}): ListedPerson => ({ ref: 'T.1', category: 'sanctions', names, birthDates: [], nationalities: [], ...more });
const matches = (applicant: string, names: string[], more: Partial<ListedPerson> = {}, extra: { birthDate?: string; nationality?: string } = {}) =>
  matchPerson({ name: applicant, ...extra }, listed(names, more));

describe('names as tokens', () => {
  it('drops the particles of parentage and reads the abbreviations', () => {
    expect(nameTokens('Mohd Faizal bin Abdullah')).toEqual(['muhammad', 'faizal', 'abdullah']);
    expect(nameTokens('Siti Aminah binti Yusof')).toEqual(['siti', 'aminah', 'yusof']);
    expect(nameTokens('Rajesh Kumar a/l Subramaniam')).toEqual(['rajesh', 'kumar', 'subramaniam']);
    expect(nameTokens('Kavitha A/P Raman')).toEqual(['kavitha', 'raman']);
    expect(nameTokens('Ahmad @ Ali bin Hassan')).toEqual(['ahmad', 'ali', 'hassan']);
    expect(nameTokens('Abd. Rahman Al-Amin')).toEqual(['abdul', 'rahman', 'amin']);
  });
  it('writes other scripts and accents in ASCII, a Chinese character a syllable each', () => {
    expect(nameTokens('陈伟良')).toEqual(['chen', 'wei', 'liang']);
    expect(nameTokens('José Ñúñez')).toEqual(['jose', 'nunez']);
  });
});

describe('the matcher', () => {
  it('matches whatever the order of the names', () => {
    expect(matches('Chong Wei Leong', ['LEONG Chong Wei'])).toMatchObject({ score: 1 });
    expect(matches('Wei Leong Chong', ['Chong Wei Leong'])).toBeDefined();
  });

  it('matches across bin/binti, a/l and a/p, and the abbreviations', () => {
    expect(matches('Mohd Faizal Abdullah', ['Muhammad Faizal bin Abdullah'])).toMatchObject({ score: 1 });
    expect(matches('Siti Aminah Yusof', ['SITI AMINAH BINTI YUSOF'])).toBeDefined();
    expect(matches('Rajesh Kumar Subramaniam', ['Rajesh Kumar A/L Subramaniam'])).toBeDefined();
    expect(matches('Kavitha a/p Raman', ['Kavitha Raman'])).toBeDefined();
  });

  it('matches transliterations of one name, and says why', () => {
    const hit = matches('Usama bin Muhammed bin Awad bin Ladin', ['Osama bin Mohammed bin Awad bin Laden'])!;
    expect(hit).toBeDefined();
    expect(hit.score).toBeGreaterThan(0.85);
    expect(hit.why[0]).toMatch(/"usama" and the list's "osama" (sound|spelt) alike/);
    expect(matches('Mohamad Yusuf', ['Muhammad Yousuf'])).toBeDefined();
    // An alias matches as the name does.
    expect(matches('Abu Bakar Ba’asyir', ['Abdus Somad', "Abu Bakar Ba'asyir"])?.listedName).toBe("Abu Bakar Ba'asyir");
  });

  it('a middle name one side leaves out lowers the score but still matches', () => {
    const hit = matches('Lim Wei', ['Lim Ah Wei'])!;
    expect(hit).toBeDefined();
    expect(hit.score).toBeLessThan(1);
  });

  it('near misses do not match: another given name, one shared surname, a single token', () => {
    expect(matches('Lim Wei Ming', ['Lim Wei Jie'])).toBeUndefined();
    expect(matches('Tan Ah Kow', ['Tan Boon Huat'])).toBeUndefined();
    expect(matches('Ahmad Zaki', ['Ahmad Zahid'])).toBeUndefined();
    expect(matches('Ali', ['Ali'])).toBeUndefined();
    expect(matches('Nurul Aisyah Ahmad', ['Nurul Huda Ahmad'])).toBeUndefined();
    expect(matches('Rajesh Kumar', ['Rakesh Kumar Sharma'])).toBeUndefined();
  });

  it('a date of birth or a nationality both sides know and that differ rule the listed person out', () => {
    const person = { birthDates: ['1957-03-10'], nationalities: ['SAU'] };
    expect(matches('Osama Mohammed Laden', ['Osama bin Mohammed bin Laden'], person, { birthDate: '1990-01-01' })).toBeUndefined();
    expect(matches('Osama Mohammed Laden', ['Osama bin Mohammed bin Laden'], person, { birthDate: '1957-03-10', nationality: 'MYS' })).toBeUndefined();
    const hit = matches('Osama Mohammed Laden', ['Osama bin Mohammed bin Laden'], person, { birthDate: '1957-03-10', nationality: 'SAU' })!;
    expect(hit.why).toEqual([expect.stringMatching(/^name: /), "date of birth 1957-03-10 is the list's 1957-03-10", "nationality SAU is the list's"]);
    // A year on the list covers every day of it; unknown on either side is said, not held against.
    expect(matches('Osama Mohammed Laden', ['Osama bin Mohammed bin Laden'], { birthDates: ['1957'] }, { birthDate: '1957-03-10' })).toBeDefined();
    expect(matches('Osama Mohammed Laden', ['Osama bin Mohammed bin Laden'], {}, { birthDate: '1957-03-10' })?.why).toContain('the list gives no date of birth');
  });

  it('screens against a whole list, most alike first', () => {
    const hits = screen({ name: 'Muhammad Ali Hassan' }, [listed(['Mohd Ali bin Hassan'], { ref: 'A' }), listed(['Muhamad Aly Hasan'], { ref: 'B' }), listed(['Tan Ah Kow'], { ref: 'C' })]);
    expect(hits.map((h) => h.ref)).toEqual(['A', 'B']);
  });
});
