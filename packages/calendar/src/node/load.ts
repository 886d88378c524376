// The file-system edge: reads the business calendar the broker keeps in schemas/, refusing one with problems.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { calendarProblems, type BusinessCalendar } from '../business-calendar.ts';

export const CALENDAR_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../schemas/calendar/business-calendar.json');

export function loadBusinessCalendar(file = CALENDAR_FILE): BusinessCalendar {
  const calendar = JSON.parse(readFileSync(file, 'utf8')) as BusinessCalendar;
  const problems = calendarProblems(calendar);
  if (problems.length > 0) throw new Error(`The business calendar (${file}) cannot be used: ${problems.join('; ')}`);
  return calendar;
}
