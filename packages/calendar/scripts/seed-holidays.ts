// pnpm --filter @kh/calendar holidays:seed 2029 [2030…]: adds each year's public holidays of Kuala
// Lumpur (the broker's office) and Hong Kong to schemas/calendar/business-calendar.json from
// date-holidays' rules, replacing that year's entries and keeping every other year and setting.
// Dates fixed by announcement (Hari Raya, Deepavali) are checked against the gazette afterwards.
import { readFileSync, writeFileSync } from 'node:fs';
import Holidays from 'date-holidays';
import { calendarProblems, type BusinessCalendar, type Holiday } from '../src/business-calendar.ts';
import { CALENDAR_FILE } from '../src/node/load.ts';

const SOURCES: Record<string, [country: string, state?: string]> = { MY: ['MY', '14'], HK: ['HK'] };
const years = process.argv.slice(2).map(Number);
if (years.length === 0 || years.some((year) => !Number.isInteger(year) || year < 2000 || year > 2100)) {
  console.error('usage: holidays:seed <year> [year…]');
  process.exit(2);
}
const calendar = JSON.parse(readFileSync(CALENDAR_FILE, 'utf8')) as BusinessCalendar;
for (const [region, [country, state]] of Object.entries(SOURCES)) {
  const rules = new Holidays(country, state ?? '', { languages: ['en'], types: ['public'] });
  const seeded: Holiday[] = years.flatMap((year) => rules.getHolidays(year, 'en').filter((holiday) => holiday.type === 'public').map((holiday) => ({ date: holiday.date.slice(0, 10), name: holiday.name })));
  const kept = calendar.regions[region].holidays.filter((holiday) => !years.includes(Number(holiday.date.slice(0, 4))));
  // One entry per date: two holidays on one day (Thaipusam on Federal Territory Day) close it once.
  const byDate = new Map<string, Holiday>();
  for (const holiday of [...kept, ...seeded]) byDate.set(holiday.date, byDate.has(holiday.date) && !kept.includes(holiday) ? { date: holiday.date, name: `${byDate.get(holiday.date)!.name}; ${holiday.name}` } : holiday);
  calendar.regions[region].holidays = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}
const problems = calendarProblems(calendar);
if (problems.length > 0) throw new Error(problems.join('; '));
// One holiday per line: a year is read (and corrected) at a glance.
const text = JSON.stringify(calendar, null, 2).replace(/\{\s+"date": ("[^"]+"),\s+"name": ("(?:[^"\\]|\\.)*")\s+\}/g, '{ "date": $1, "name": $2 }');
writeFileSync(CALENDAR_FILE, `${text}\n`);
console.log(`seeded ${years.join(', ')} into ${CALENDAR_FILE}`);
