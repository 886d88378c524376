import { describe, expect, it } from 'vitest';
import { businessDayAfter, businessDaysBefore, businessDaysBetween, calendarProblems, dueTime, isBusinessDay, officeDate, regionsFor, yearsCovered, type BusinessCalendar } from '../src/index.ts';
import { loadBusinessCalendar } from '../src/node/load.ts';

const calendar = loadBusinessCalendar();
const MY = regionsFor(calendar, ['MY']);
const HK = regionsFor(calendar, ['MY', 'HK']);
/** An instant given in Kuala Lumpur time. */
const kl = (local: string) => new Date(`${local}+08:00`);

describe('the business calendar kept in schemas/calendar', () => {
  it('has no problems and lists every region for this year and the next', () => {
    expect(calendarProblems(calendar)).toEqual([]);
    const year = new Date().getUTCFullYear();
    expect(yearsCovered(calendar)).toEqual(expect.arrayContaining([year, year + 1]));
  });

  it('names what is wrong with bad data, one sentence each', () => {
    const bad = structuredClone(calendar) as BusinessCalendar;
    bad.closeOfBusiness = '6pm';
    bad.regions.MY.holidays = [{ date: '2026-02-30', name: 'Nowhere' }, { date: '2026-01-02', name: '' }, { date: '2026-01-02', name: 'Twice' }];
    bad.regionsByMarket.HK = ['MY', 'SG'];
    bad.serviceLevels.new.businessDays = 0;
    expect(calendarProblems(bad)).toEqual([
      'closeOfBusiness "6pm" is not HH:MM',
      'MY: 2026-02-30 is not a date',
      'MY: 2026-01-02 has no name',
      'MY: holidays are not in date order',
      'MY: 2026-01-02 is listed twice',
      'regionsByMarket.HK names SG, which has no holidays listed',
      'serviceLevels.new.businessDays is not a whole number from 1 to 30',
    ]);
  });
});

describe('business days', () => {
  it('are weekdays that are no public holiday of the regions a case names', () => {
    expect(isBusinessDay(calendar, '2026-11-27', MY)).toBe(true); // a Friday
    expect(isBusinessDay(calendar, '2026-11-28', MY)).toBe(false); // Saturday
    expect(isBusinessDay(calendar, '2026-08-31', MY)).toBe(false); // Merdeka, a Monday
    // Hong Kong's National Day closes the office for a Hong Kong account only.
    expect(isBusinessDay(calendar, '2026-10-01', MY)).toBe(true);
    expect(isBusinessDay(calendar, '2026-10-01', HK)).toBe(false);
    expect(regionsFor(calendar, ['US'])).toEqual(['MY']);
    expect(regionsFor(calendar, ['HK', 'US'])).toEqual(['MY', 'HK']);
  });

  it('count across weekends and holidays', () => {
    expect(businessDayAfter(calendar, '2026-11-27', 1, MY)).toBe('2026-11-30');
    // Chinese New Year (Tue 17, Wed 18 Feb 2026) in both; Hong Kong closes Thursday 19 too.
    expect(businessDayAfter(calendar, '2026-02-16', 1, MY)).toBe('2026-02-19');
    expect(businessDayAfter(calendar, '2026-02-16', 1, HK)).toBe('2026-02-20');
    expect(businessDaysBetween(calendar, kl('2026-02-13T10:00'), kl('2026-02-20T10:00'), MY)).toBe(3); // Mon 16, Thu 19, Fri 20
    expect(businessDaysBetween(calendar, kl('2026-11-27T10:00'), kl('2026-11-27T17:00'), MY)).toBe(0);
  });

  it('count back to the moment a case becomes that old', () => {
    const now = kl('2026-09-01T11:00'); // Tuesday after Merdeka Monday
    const before = businessDaysBefore(calendar, now, 1, MY);
    expect(officeDate(calendar, before)).toBe('2026-08-28'); // the Friday
    expect(before.getTime() % 86_400_000).toBe(now.getTime() % 86_400_000);
    expect(businessDaysBetween(calendar, before, now, MY)).toBe(1);
  });
});

describe('a case’s due time', () => {
  it('is close of business, office time, on the Nth business day after the day it was submitted', () => {
    expect(dueTime(calendar, kl('2026-11-25T09:30'), 'new', MY).toISOString()).toBe(kl('2026-11-26T18:00').toISOString());
    // Submitted late on a Friday: Monday evening.
    expect(dueTime(calendar, kl('2026-11-27T23:50'), 'new', MY).toISOString()).toBe(kl('2026-11-30T18:00').toISOString());
    // Submitted on a Saturday, by UTC still Friday: the office's date counts.
    expect(dueTime(calendar, new Date('2026-11-27T16:30:00Z'), 'new', MY).toISOString()).toBe(kl('2026-11-30T18:00').toISOString());
    // Before Hong Kong's National Day, a Hong Kong account waits one day longer.
    expect(dueTime(calendar, kl('2026-09-30T12:00'), 'new', MY).toISOString()).toBe(kl('2026-10-01T18:00').toISOString());
    expect(dueTime(calendar, kl('2026-09-30T12:00'), 'new', HK).toISOString()).toBe(kl('2026-10-02T18:00').toISOString());
  });

  it('follows the queue’s service level', () => {
    const slower = structuredClone(calendar) as BusinessCalendar;
    slower.serviceLevels.addMarket.businessDays = 3;
    expect(dueTime(slower, kl('2026-11-25T09:30'), 'addMarket', MY).toISOString()).toBe(kl('2026-11-30T18:00').toISOString());
  });
});
