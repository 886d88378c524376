// Whether an applicant may be a listed person, and why. Names are compared as sets of tokens (order
// does not count): two tokens agree when they are the same, when they sound the same and are spelt
// alike (Double Metaphone and Jaro-Winkler: "Osama"/"Usama"), or when they are spelt nearly the same
// (Jaro-Winkler: a slip in typing). Every token of one name must agree with its
// own token of the other, and at least two must. A date of birth or a nationality that both sides
// know and that differ rule a listed person out; what matched is said in words for the supervisor.
import { jaroWinkler } from '@skyra/jaro-winkler';
import { doubleMetaphone } from 'double-metaphone';
import { nameTokens } from './names.ts';

export interface ListedPerson {
  /** The list's own reference (UN "QDi.001", a CSV row's id). */
  ref: string;
  category: 'sanctions' | 'pep';
  /** The name and every alias. */
  names: string[];
  /** "1970-01-31", "1970-01" or "1970"; several when the list is unsure. */
  birthDates: string[];
  /** ISO 3166 alpha-3. */
  nationalities: string[];
}

export interface Applicant {
  name: string;
  /** YYYY-MM-DD */
  birthDate?: string;
  /** ISO 3166 alpha-3 */
  nationality?: string;
}

export interface ScreeningHit {
  ref: string;
  category: ListedPerson['category'];
  /** The listed name that matched. */
  listedName: string;
  /** 0..1: how alike the names are. */
  score: number;
  /** Why, in words: each token pair, and what the date of birth and nationality said. */
  why: string[];
}

/** Nearly the same spelling, for tokens that do not sound the same (a typing slip in a long name; "Rajesh" is not "Rakesh"). */
const SPELLING = 0.95;
/** Spelt alike, when they also sound the same. */
const SOUND_AND_SPELLING = 0.78;

/** Double Metaphone's codes of a token, kept: an index asks for the same tokens' codes again and again. */
const phonetics = new Map<string, string[]>();
export function phoneticOf(token: string): string[] {
  let codes = phonetics.get(token);
  if (!codes) {
    codes = [...new Set(doubleMetaphone(token).filter(Boolean))];
    if (phonetics.size > 500_000) phonetics.clear();
    phonetics.set(token, codes);
  }
  return codes;
}

/** Whether two tokens agree (the same, sound alike and spelt alike, or spelt nearly the same), and how well. */
export function tokenAgreement(a: string, b: string): { score: number; how: string } | undefined {
  if (a === b) return { score: 1, how: 'the same' };
  const similarity = jaroWinkler(a, b);
  const sounds = phoneticOf(a).some((code) => phoneticOf(b).includes(code));
  if (sounds && similarity >= SOUND_AND_SPELLING) return { score: similarity, how: `sound alike (${similarity.toFixed(2)})` };
  if (similarity >= SPELLING) return { score: similarity, how: `spelt alike (${similarity.toFixed(2)})` };
  return undefined;
}

/** Every token of the shorter name paired with its own token of the longer (best pairs first). */
function nameAgreement(applicant: string[], listed: string[]): { score: number; pairs: string[] } | undefined {
  const [shorter, longer, swapped] = applicant.length <= listed.length ? [applicant, listed, false] : [listed, applicant, true];
  if (shorter.length < 2) return undefined;
  const candidates: { i: number; j: number; score: number; how: string }[] = [];
  for (const [i, s] of shorter.entries()) {
    let any = false;
    for (const [j, l] of longer.entries()) {
      const agreement = tokenAgreement(s, l);
      if (!agreement) continue;
      candidates.push({ i, j, ...agreement });
      any = true;
    }
    // A token of the shorter name that agrees with none of the longer: no pairing can cover it.
    if (!any) return undefined;
  }
  candidates.sort((x, y) => y.score - x.score);
  const usedShort = new Set<number>();
  const usedLong = new Set<number>();
  const pairs: { i: number; j: number; score: number; how: string }[] = [];
  for (const candidate of candidates) {
    if (usedShort.has(candidate.i) || usedLong.has(candidate.j)) continue;
    usedShort.add(candidate.i);
    usedLong.add(candidate.j);
    pairs.push(candidate);
  }
  if (pairs.length < shorter.length) return undefined;
  // Tokens of the longer name left over (a middle name one side omits) lower the score, not the match.
  const score = (pairs.reduce((sum, pair) => sum + pair.score, 0) / longer.length + pairs.reduce((sum, pair) => sum + pair.score, 0) / shorter.length) / 2;
  const words = pairs
    .sort((x, y) => x.i - y.i)
    .map(({ i, j, how }) => {
      const [ours, theirs] = swapped ? [longer[j]!, shorter[i]!] : [shorter[i]!, longer[j]!];
      return how === 'the same' ? `"${ours}" is on the list` : `"${ours}" and the list's "${theirs}" ${how === 'the same' ? '' : how}`.trim();
    });
  return { score, pairs: words };
}

/** A listed date (a year, a month or a day) that the applicant's date of birth falls in. */
const datesAgree = (listed: string, birthDate: string) => birthDate.startsWith(listed);

export const matchPerson = (applicant: Applicant, listed: ListedPerson): ScreeningHit | undefined => matchTokens(applicant, nameTokens(applicant.name), listed, listed.names.map(nameTokens));

/** matchPerson with both sides' names already made tokens (an index makes the list's once). */
export function matchTokens(applicant: Applicant, ours: string[], listed: ListedPerson, listedTokens: string[][]): ScreeningHit | undefined {
  // A date of birth or a nationality both sides know and that differ rule the person out: asked
  // before the names, which cost more to compare.
  const agreeingDate = applicant.birthDate && listed.birthDates.length > 0 ? listed.birthDates.find((date) => datesAgree(date, applicant.birthDate!)) : undefined;
  if (applicant.birthDate && listed.birthDates.length > 0 && !agreeingDate) return undefined;
  if (applicant.nationality && listed.nationalities.length > 0 && !listed.nationalities.includes(applicant.nationality)) return undefined;
  let best: (ScreeningHit & { pairs: string[] }) | undefined;
  for (const [n, listedName] of listed.names.entries()) {
    const agreement = nameAgreement(ours, listedTokens[n]!);
    if (agreement && (!best || agreement.score > best.score))
      best = { ref: listed.ref, category: listed.category, listedName, score: agreement.score, why: [], pairs: agreement.pairs };
  }
  if (!best) return undefined;
  const why = [`name: ${best.pairs.join('; ')}`];
  if (agreeingDate) why.push(`date of birth ${applicant.birthDate} is the list's ${agreeingDate}`);
  else why.push(listed.birthDates.length > 0 ? 'no date of birth to compare' : 'the list gives no date of birth');
  if (applicant.nationality && listed.nationalities.length > 0) why.push(`nationality ${applicant.nationality} is the list's`);
  else why.push(listed.nationalities.length > 0 ? 'no nationality to compare' : 'the list gives no nationality');
  const { pairs: _pairs, ...hit } = best;
  return { ...hit, score: Math.round(hit.score * 100) / 100, why };
}

/** Every listed person the applicant may be, most alike first. */
export const screen = (applicant: Applicant, listed: Iterable<ListedPerson>): ScreeningHit[] =>
  [...listed].flatMap((person) => matchPerson(applicant, person) ?? []).sort((a, b) => b.score - a.score);
