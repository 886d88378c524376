// A list made searchable, so that screening one person costs the same whatever the list's size:
// only the listed people who share at least two agreeing name tokens with the applicant are compared
// in full (matchTokens, the one comparison). A token agrees with the list's tokens that are the same,
// that sound the same (a shared Double Metaphone code) or that are spelt nearly the same; the last
// are found among the list's tokens that could reach the spelling threshold at all (the same first
// or second letter, or long enough to allow a slip in the first), never by reading every token.
// `test/screening-index.test.ts` checks the answers against the brute-force screen, typo by typo.
import { jaroWinkler } from '@skyra/jaro-winkler';
import { matchTokens, phoneticOf, tokenAgreement, type Applicant, type ListedPerson, type ScreeningHit } from './match.ts';
import { nameTokens } from './names.ts';

/**
 * Tokens this long may agree by spelling with a slip in their first letter (Jaro-Winkler at 0.95
 * without a common prefix needs one letter in fourteen or fewer wrong): they are compared with every
 * listed token of a like length.
 */
const LONG = 12;
/** Spelt alike at 0.95 needs the shorter token to be at least this share of the longer. */
const LENGTH_RATIO = 0.7;

export class ScreeningIndex {
  private readonly people: ListedPerson[] = [];
  private readonly tokensOf: string[][][] = [];
  /** Each listed token, and the people whose names hold it. */
  private readonly postings = new Map<string, number[]>();
  private readonly byPhonetic = new Map<string, string[]>();
  private readonly byFirst = new Map<string, string[]>();
  private readonly bySecond = new Map<string, string[]>();
  private readonly long: string[] = [];
  /** The listed tokens each applicant token agrees with: names repeat across applicants. */
  private readonly agreeingCache = new Map<string, string[]>();

  constructor(people: Iterable<ListedPerson> = []) {
    for (const person of people) this.add(person);
  }

  get size(): number {
    return this.people.length;
  }

  add(person: ListedPerson): void {
    const at = this.people.length;
    this.people.push(person);
    const names = person.names.map(nameTokens);
    this.tokensOf.push(names);
    for (const token of new Set(names.flat())) {
      const postings = this.postings.get(token);
      if (postings) {
        postings.push(at);
        continue;
      }
      this.postings.set(token, [at]);
      for (const code of phoneticOf(token)) push(this.byPhonetic, code, token);
      push(this.byFirst, token[0]!, token);
      if (token.length > 1) push(this.bySecond, token[1]!, token);
      if (token.length >= LONG) this.long.push(token);
    }
    this.agreeingCache.clear();
  }

  /** Every listed person the applicant may be, most alike first: the same answer as `screen` over the whole list. */
  screen(applicant: Applicant): ScreeningHit[] {
    const ours = nameTokens(applicant.name);
    // A match pairs every token of the shorter name, and at least two: a person with fewer than two of
    // our tokens agreeing with theirs is no match, and is never compared.
    // Counted per token of ours (a name may hold one token twice, "Ali Ali"): a superset of the people who can match.
    const counts = new Map<number, number>();
    for (const token of ours) {
      const people = new Set<number>();
      for (const listed of this.agreeing(token)) for (const at of this.postings.get(listed)!) people.add(at);
      for (const at of people) counts.set(at, (counts.get(at) ?? 0) + 1);
    }
    const hits: ScreeningHit[] = [];
    for (const [at, count] of counts) {
      if (count < 2) continue;
      const hit = matchTokens(applicant, ours, this.people[at]!, this.tokensOf[at]!);
      if (hit) hits.push(hit);
    }
    return hits.sort((a, b) => b.score - a.score);
  }

  /** The listed tokens a token agrees with (tokenAgreement), found without reading the whole vocabulary. */
  agreeing(token: string): string[] {
    const kept = this.agreeingCache.get(token);
    if (kept) return kept;
    const found = new Set<string>();
    if (this.postings.has(token)) found.add(token);
    for (const code of phoneticOf(token)) for (const listed of this.byPhonetic.get(code) ?? []) if (!found.has(listed) && tokenAgreement(token, listed)) found.add(listed);
    const [min, max] = [Math.ceil(token.length * LENGTH_RATIO), Math.floor(token.length / LENGTH_RATIO)];
    const spelling = (listed: string) => {
      if (found.has(listed) || listed.length < min || listed.length > max) return;
      if (jaroWinkler(token, listed) >= 0.95 && tokenAgreement(token, listed)) found.add(listed);
    };
    // The same first letter (any common prefix); or, without one, a letter inserted, dropped or moved
    // at the start, which leaves one of the first two letters in the other's first two places.
    for (const bucket of [this.byFirst.get(token[0]!), this.byFirst.get(token[1] ?? ''), this.bySecond.get(token[0]!), this.bySecond.get(token[1] ?? '')]) for (const listed of bucket ?? []) spelling(listed);
    if (token.length >= LONG * LENGTH_RATIO) for (const listed of this.long) spelling(listed);
    const answer = [...found];
    if (this.agreeingCache.size > 100_000) this.agreeingCache.clear();
    this.agreeingCache.set(token, answer);
    return answer;
  }
}

function push(map: Map<string, string[]>, key: string, value: string): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
