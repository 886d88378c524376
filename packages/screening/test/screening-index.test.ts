// The index answers what reading the whole list answers: the same people, the same scores, the same
// reasons, for applicants whose names are listed ones with every kind of slip (a letter dropped,
// added, changed or swapped, at the start and anywhere), other orders, long joined names, and
// strangers. The list is made from a seed, so a failure names its case and repeats.
import { describe, expect, it } from 'vitest';
import { ScreeningIndex, matchTokens, nameTokens, screen, type Applicant, type ListedPerson } from '../src/index.ts';

/** A small, repeatable random source (mulberry32). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TOKENS = (
  'muhammad abdul rahman yusof ahmad ali hassan hussein ibrahim ismail osama usama laden zawahiri omar umar khalid salleh ' +
  'tan lim lee ng wong chong leong chan chen wei ling siew mei hui kow ah kim teo goh ong koh yap ' +
  'rajesh kumar subramaniam kavitha raman murugan krishnan selvam devi lakshmi ganesan ' +
  'siti aminah nurul izzah faizal abdullah hamzah zainal azman rosli hafiz syafiq aisyah farah ' +
  'abdulrahmanalbakri mohammedbinsalman christopherson wolfeschlegelstein alexandrovich konstantinopolous ' +
  'jose nunez maria gonzalez ivan petrov dmitri sergeyevich kim jong un park ji sung nguyen van thi'
).split(' ');
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function slip(token: string, next: () => number): string {
  const at = Math.floor(next() * token.length);
  const letter = LETTERS[Math.floor(next() * LETTERS.length)]!;
  switch (Math.floor(next() * 5)) {
    case 0:
      return token.slice(0, at) + token.slice(at + 1) || token;
    case 1:
      return token.slice(0, at) + letter + token.slice(at);
    case 2:
      return token.slice(0, at) + letter + token.slice(at + 1);
    case 3:
      return at + 1 < token.length ? token.slice(0, at) + token[at + 1] + token[at] + token.slice(at + 2) : token;
    default:
      // A slip in the first letters, where a prefix index would miss it.
      return `${token[1] ?? ''}${token[0]}${token.slice(2)}`;
  }
}

function makeList(next: () => number, size: number): ListedPerson[] {
  const pick = () => TOKENS[Math.floor(next() * TOKENS.length)]!;
  return Array.from({ length: size }, (_, n) => {
    const name = () => Array.from({ length: 2 + Math.floor(next() * 3) }, () => (next() < 0.2 ? slip(pick(), next) : pick())).join(' ');
    const year = 1940 + Math.floor(next() * 60);
    return {
      ref: `R-${n}`,
      category: next() < 0.7 ? 'sanctions' : 'pep',
      names: Array.from({ length: 1 + Math.floor(next() * 3) }, name),
      birthDates: next() < 0.5 ? [String(year)] : next() < 0.5 ? [`${year}-0${1 + Math.floor(next() * 9)}-1${Math.floor(next() * 9)}`] : [],
      nationalities: next() < 0.5 ? [['MYS', 'IDN', 'SGP', 'CHN', 'IND'][Math.floor(next() * 5)]!] : [],
    };
  });
}

function makeApplicants(next: () => number, list: ListedPerson[], count: number): Applicant[] {
  return Array.from({ length: count }, () => {
    const person = list[Math.floor(next() * list.length)]!;
    const listedName = person.names[Math.floor(next() * person.names.length)]!;
    let tokens = listedName.split(' ');
    const kind = next();
    if (kind < 0.5) tokens = tokens.map((token) => (next() < 0.5 ? slip(token, next) : token));
    else if (kind < 0.65) tokens = [...tokens].reverse();
    else if (kind < 0.75) tokens = [tokens.join('')];
    else if (kind < 0.85) tokens = [...tokens, TOKENS[Math.floor(next() * TOKENS.length)]!];
    else tokens = Array.from({ length: 3 }, () => slip(TOKENS[Math.floor(next() * TOKENS.length)]!, next));
    return {
      name: tokens.join(' '),
      ...(next() < 0.5 ? { birthDate: person.birthDates[0]?.length === 10 ? person.birthDates[0] : `${1940 + Math.floor(next() * 60)}-05-05` } : {}),
      ...(next() < 0.5 ? { nationality: person.nationalities[0] ?? 'MYS' } : {}),
    };
  });
}

describe('the screening index', () => {
  it.each([1, 2])('answers as the whole list does (seed %i: 1,500 listed, 600 applicants)', { timeout: 120_000 }, (seed) => {
    const next = random(seed);
    const list = makeList(next, 1500);
    const index = new ScreeningIndex(list);
    // The whole list read person by person (its names made tokens once, as screen() makes them each time).
    const listTokens = list.map((person) => person.names.map(nameTokens));
    const whole = (applicant: Applicant) => list.flatMap((person, at) => matchTokens(applicant, nameTokens(applicant.name), person, listTokens[at]!) ?? []);
    let hits = 0;
    const differing: string[] = [];
    for (const applicant of makeApplicants(next, list, 600)) {
      const expected = whole(applicant);
      const got = index.screen(applicant);
      hits += expected.length;
      // Same people, scores and reasons; among equal scores the order is the list's, so compared sorted.
      const key = (found: typeof got) => found.map((hit) => `${hit.ref} ${hit.score} ${hit.why.join('|')}`).sort();
      if (JSON.stringify(key(got)) !== JSON.stringify(key(expected))) differing.push(`${JSON.stringify(applicant)}: ${JSON.stringify(key(expected))} but ${JSON.stringify(key(got))}`);
    }
    expect(differing).toEqual([]);
    // The cases are not all strangers: most applicants are someone's slip.
    expect(hits).toBeGreaterThan(300);
  });

  it('whole() is screen(): the reference is the library\'s own brute force', () => {
    const next = random(9);
    const list = makeList(next, 200);
    const listTokens = list.map((person) => person.names.map(nameTokens));
    for (const applicant of makeApplicants(next, list, 100))
      expect(list.flatMap((person, at) => matchTokens(applicant, nameTokens(applicant.name), person, listTokens[at]!) ?? []).sort((a, b) => b.score - a.score)).toEqual(screen(applicant, list));
  });

  it('finds a slip in a long name\'s first letter, and a name with one token twice', () => {
    const index = new ScreeningIndex([
      { ref: 'L-1', category: 'sanctions', names: ['Wolfeschlegelsteinhausen Bergerdorff'], birthDates: [], nationalities: [] },
      { ref: 'L-2', category: 'pep', names: ['Ali Ali'], birthDates: [], nationalities: [] },
    ]);
    expect(index.screen({ name: 'Xolfeschlegelsteinhausen Bergerdorff' }).map((hit) => hit.ref)).toEqual(['L-1']);
    expect(index.screen({ name: 'Ali Ali' }).map((hit) => hit.ref)).toEqual(['L-2']);
  });
});
