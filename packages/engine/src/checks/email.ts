// E-mail domain suggestions (SPEC §5): gmail, yahoo, outlook and hotmail variants common in Malaysia.
import { run as suggestDomain } from '@zootools/email-spell-checker';

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

/** A corrected address when the domain looks like a typo of a common one ("ali@gmial.com" gives "ali@gmail.com"). */
export function suggestEmail(email: string): string | undefined {
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return undefined;
  const suggestion = suggestDomain({ email, domains: SUGGESTED_EMAIL_DOMAINS });
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
