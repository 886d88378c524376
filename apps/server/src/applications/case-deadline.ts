// When a submitted case's decision is due: the service level of its queue (a new application or an
// added market), in business days of the calendar its markets name (a Hong Kong account waits out
// Hong Kong's holidays too), counted from the day of the submit.
import { MARKET } from '@kh/flow';
import { dueTime, regionsFor, type BusinessCalendar, type Market } from '@kh/calendar';
import type { Application } from './applications.ts';

const MARKET_BITS: [Market, number][] = [['MY', MARKET.MAS], ['HK', MARKET.HK], ['US', MARKET.US]];

export const marketsOf = (bits: number): Market[] => MARKET_BITS.filter(([, bit]) => (bits & bit) === bit).map(([market]) => market);

export const caseDueAt = (calendar: BusinessCalendar, application: Pick<Application, 'relatedType' | 'market'>, submittedAt: Date): Date =>
  dueTime(calendar, submittedAt, application.relatedType === 'SUPPLEMENT' ? 'addMarket' : 'new', regionsFor(calendar, marketsOf(application.market)));
