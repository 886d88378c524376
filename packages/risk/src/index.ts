export * from './risk-score.ts';
