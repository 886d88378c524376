export * from './resources.ts';
export * from './keys.ts';
