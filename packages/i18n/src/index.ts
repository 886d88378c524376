export * from './languages.ts';
export * from './resources.ts';
export * from './keys.ts';
export * from './choose-language.ts';
export * from './i18next.ts';
