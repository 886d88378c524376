// Date rules relative to today: age 18-99 from the birth date, passport valid for 6 more months.

/** Parses "YYYY-MM-DD" as a calendar date (no time zone), or undefined when it is not a real date. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return { year, month, day };
}

const todayParts = (now: Date) => ({ year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() });

/** Whole years between the birth date and today. */
export function ageOn(birthDate: string, now: Date): number | undefined {
  const birth = parseIsoDate(birthDate);
  if (!birth) return undefined;
  const today = todayParts(now);
  const hadBirthday = today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (hadBirthday ? 0 : 1);
}

export function isAgeAllowed(birthDate: string, now: Date, min: number, max: number): boolean {
  const age = ageOn(birthDate, now);
  return age !== undefined && age >= min && age <= max;
}

/** True when the document is still valid `months` months from today. */
export function isValidForMonths(expiryDate: string, now: Date, months: number): boolean {
  const expiry = parseIsoDate(expiryDate);
  if (!expiry) return false;
  const limit = new Date(now.getFullYear(), now.getMonth() + months, now.getDate());
  const expiryAt = new Date(expiry.year, expiry.month - 1, expiry.day);
  return expiryAt >= limit;
}
