// The broker's business calendar: which days the office works for a case (weekdays that are no public
// holiday of the regions the case's markets name), and the service levels counted on it. The data is
// schemas/calendar/business-calendar.json (operations keep it: `pnpm --filter @kh/calendar
// holidays:seed <year>` seeds a year, announced dates are corrected by hand); this file is pure.

export type Market = 'MY' | 'HK' | 'US';
export type Queue = 'new' | 'addMarket';

export interface Holiday {
  /** ISO date, in the office's time. */
  date: string;
  name: string;
}

export interface BusinessCalendar {
  /** The office's clock against UTC, in minutes (Kuala Lumpur and Hong Kong: +480, no summer time). */
  utcOffsetMinutes: number;
  /** When the business day ends, local "HH:MM": a case is due by then on its last day. */
  closeOfBusiness: string;
  /** Public holidays by region. */
  regions: Record<string, { name: string; holidays: Holiday[] }>;
  /** Whose holidays close the office for a case asking for a market (a Hong Kong account waits out Hong Kong's). */
  regionsByMarket: Record<Market, string[]>;
  /** How long a case may wait for its decision, per queue, in business days after the day it was submitted. */
  serviceLevels: Record<Queue, { businessDays: number }>;
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The date an instant falls on by the office's clock. */
export const officeDate = (calendar: BusinessCalendar, instant: Date): string => new Date(instant.getTime() + calendar.utcOffsetMinutes * 60_000).toISOString().slice(0, 10);

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const isWeekend = (date: string) => [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());

const holidaySets = new WeakMap<BusinessCalendar, Map<string, Set<string>>>();
function holidaysOf(calendar: BusinessCalendar, region: string): Set<string> {
  let sets = holidaySets.get(calendar);
  if (!sets) holidaySets.set(calendar, (sets = new Map()));
  let set = sets.get(region);
  if (!set) sets.set(region, (set = new Set(calendar.regions[region]?.holidays.map((holiday) => holiday.date) ?? [])));
  return set;
}

/** The regions whose holidays close the office for a case asking for these markets (always the broker's own, the first named for MY). */
export function regionsFor(calendar: BusinessCalendar, markets: readonly Market[]): string[] {
  return [...new Set([...calendar.regionsByMarket.MY, ...markets.flatMap((market) => calendar.regionsByMarket[market])])];
}

export const isBusinessDay = (calendar: BusinessCalendar, date: string, regions: readonly string[]): boolean =>
  !isWeekend(date) && !regions.some((region) => holidaysOf(calendar, region).has(date));

/** The business day `days` after `date` (days ≥ 1). */
export function businessDayAfter(calendar: BusinessCalendar, date: string, days: number, regions: readonly string[]): string {
  let at = date;
  for (let left = days; left > 0; ) {
    at = addDays(at, 1);
    if (isBusinessDay(calendar, at, regions)) left--;
  }
  return at;
}

/** The instant a local time of day falls at on a date, by the office's clock. */
function atLocal(calendar: BusinessCalendar, date: string, clock: string): Date {
  return new Date(Date.parse(`${date}T${clock}:00Z`) - calendar.utcOffsetMinutes * 60_000);
}

/**
 * When a case submitted at `submittedAt` is due: at close of business on the Nth business day after
 * the day it was submitted (submitted on a Friday or on the eve of a holiday, the weekend and the
 * holiday do not count).
 */
export function dueTime(calendar: BusinessCalendar, submittedAt: Date, queue: Queue, regions: readonly string[]): Date {
  const days = calendar.serviceLevels[queue].businessDays;
  return atLocal(calendar, businessDayAfter(calendar, officeDate(calendar, submittedAt), days, regions), calendar.closeOfBusiness);
}

/** Whole business days from the day of `from` to the day of `now` (a case's age). */
export function businessDaysBetween(calendar: BusinessCalendar, from: Date, now: Date, regions: readonly string[]): number {
  const last = officeDate(calendar, now);
  let days = 0;
  for (let at = addDays(officeDate(calendar, from), 1); at <= last; at = addDays(at, 1)) if (isBusinessDay(calendar, at, regions)) days++;
  return days;
}

/** The instant `days` business days before `now`, at the same time of day: a case submitted before it is that old. */
export function businessDaysBefore(calendar: BusinessCalendar, now: Date, days: number, regions: readonly string[]): Date {
  let at = officeDate(calendar, now);
  let moved = 0;
  for (let left = days; left > 0; ) {
    at = addDays(at, -1);
    moved++;
    if (isBusinessDay(calendar, at, regions)) left--;
  }
  return new Date(now.getTime() - moved * DAY_MS);
}

/** What is wrong with a calendar's data, each as a sentence; none for a good one. */
export function calendarProblems(calendar: BusinessCalendar): string[] {
  const problems: string[] = [];
  if (!Number.isInteger(calendar.utcOffsetMinutes) || Math.abs(calendar.utcOffsetMinutes) > 14 * 60) problems.push('utcOffsetMinutes is not a whole number of minutes within ±14 h');
  if (!CLOCK.test(calendar.closeOfBusiness ?? '')) problems.push(`closeOfBusiness "${calendar.closeOfBusiness}" is not HH:MM`);
  for (const [region, { holidays }] of Object.entries(calendar.regions ?? {})) {
    const seen = new Set<string>();
    for (const holiday of holidays) {
      if (!ISO_DATE.test(holiday.date) || Number.isNaN(Date.parse(`${holiday.date}T00:00:00Z`)) || new Date(`${holiday.date}T00:00:00Z`).toISOString().slice(0, 10) !== holiday.date) problems.push(`${region}: ${holiday.date} is not a date`);
      if (!holiday.name?.trim()) problems.push(`${region}: ${holiday.date} has no name`);
    }
    const dates = holidays.map((holiday) => holiday.date);
    if (dates.join() !== [...dates].sort().join()) problems.push(`${region}: holidays are not in date order`);
    for (const date of dates) {
      if (seen.has(date)) problems.push(`${region}: ${date} is listed twice`);
      seen.add(date);
    }
  }
  for (const market of ['MY', 'HK', 'US'] as const) {
    const regions = calendar.regionsByMarket?.[market];
    if (!Array.isArray(regions)) problems.push(`regionsByMarket names no regions for ${market}`);
    else for (const region of regions) if (!calendar.regions?.[region]) problems.push(`regionsByMarket.${market} names ${region}, which has no holidays listed`);
  }
  for (const queue of ['new', 'addMarket'] as const) {
    const days = calendar.serviceLevels?.[queue]?.businessDays;
    if (!Number.isInteger(days) || days < 1 || days > 30) problems.push(`serviceLevels.${queue}.businessDays is not a whole number from 1 to 30`);
  }
  return problems;
}

/** The years every region's holidays are listed for. */
export function yearsCovered(calendar: BusinessCalendar): number[] {
  const perRegion = Object.values(calendar.regions).map(({ holidays }) => new Set(holidays.map((holiday) => Number(holiday.date.slice(0, 4)))));
  if (perRegion.length === 0) return [];
  return [...perRegion[0]].filter((year) => perRegion.every((years) => years.has(year))).sort();
}
