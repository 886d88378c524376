export * from './business-calendar.ts';
