export * from './names.ts';
export * from './match.ts';
export * from './lists.ts';
export * from './screening-index.ts';
