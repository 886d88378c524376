// A case's age in working days: Saturdays and Sundays do not count (a reviewer's week). Public
// holidays are not known here; a holiday calendar would plug in as the skip rule.

const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;
const DAY_MS = 86_400_000;

/** The moment `days` working days before `now` (same time of day): a case submitted before it is older. */
export function workingDaysBefore(now: Date, days: number): Date {
  const at = new Date(now);
  for (let left = days; left > 0; ) {
    at.setTime(at.getTime() - DAY_MS);
    if (!isWeekend(at)) left--;
  }
  return at;
}

/** Whole working days between `from` and `now`. */
export function workingDaysBetween(from: Date, now: Date): number {
  let days = 0;
  for (const at = new Date(from.getTime() + DAY_MS); at <= now; at.setTime(at.getTime() + DAY_MS)) if (!isWeekend(at)) days++;
  return days;
}
