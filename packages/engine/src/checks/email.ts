// E-mail domain suggestions (SPEC §5): gmail, yahoo, outlook and hotmail variants common in Malaysia.
// The spell checker loads only when an address with an unfamiliar domain is to be checked: most
// applicants type one of the common domains exactly, and their page never needs it.
type SpellChecker = typeof import('@zootools/email-spell-checker');

export const SUGGESTED_EMAIL_DOMAINS = [
  'gmail.com',
  'yahoo.com',
  'yahoo.com.my',
  'ymail.com',
  'outlook.com',
  'outlook.my',
  'hotmail.com',
  'hotmail.my',
  'live.com',
  'live.com.my',
  'icloud.com',
];

let spellChecker: SpellChecker | undefined;
let spellCheckerLoading: Promise<void> | undefined;
const arrivals = new Set<() => void>();

/** Loads the spell checker (once; a failed load is tried afresh next time). */
export function loadEmailSpellChecker(): Promise<void> {
  spellCheckerLoading ??= import('@zootools/email-spell-checker').then(
    (module) => {
      spellChecker = module;
      for (const listener of arrivals) listener();
    },
    (error: unknown) => {
      spellCheckerLoading = undefined;
      throw error;
    },
  );
  return spellCheckerLoading;
}

/** Whether the spell checker is here: an address suggestEmail passed over for want of it can be checked again. */
export const emailSpellCheckerArrived = (): boolean => spellChecker !== undefined;
export const onEmailSpellCheckerArrived = (listener: () => void): (() => void) => {
  arrivals.add(listener);
  return () => arrivals.delete(listener);
};

/**
 * A corrected address when the domain looks like a typo of a common one ("ali@gmial.com" gives
 * "ali@gmail.com"). An address on a common domain needs none; for another, the spell checker is
 * asked for, and until it is here there is no suggestion (onEmailSpellCheckerArrived says when to ask again).
 */
export function suggestEmail(email: string): string | undefined {
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return undefined;
  if (SUGGESTED_EMAIL_DOMAINS.includes(email.slice(email.lastIndexOf('@') + 1).toLowerCase())) return undefined;
  if (!spellChecker) {
    void loadEmailSpellChecker().catch(() => undefined);
    return undefined;
  }
  const suggestion = spellChecker.run({ email, domains: SUGGESTED_EMAIL_DOMAINS });
  // Only correct towards the common providers; never "fix" a company or school domain.
  if (!suggestion || !SUGGESTED_EMAIL_DOMAINS.includes(suggestion.domain)) return undefined;
  return suggestion.full !== email.toLowerCase() ? suggestion.full : undefined;
}

/** Completions while typing: "ali@ho" offers "ali@hotmail.com" and "ali@hotmail.my". */
export function completeEmail(partial: string, limit = 5): string[] {
  const at = partial.indexOf('@');
  if (at <= 0 || partial.indexOf('@', at + 1) !== -1) return [];
  const local = partial.slice(0, at);
  const typed = partial.slice(at + 1).toLowerCase();
  return SUGGESTED_EMAIL_DOMAINS.filter((domain) => domain.startsWith(typed) && domain !== typed)
    .slice(0, limit)
    .map((domain) => `${local}@${domain}`);
}
