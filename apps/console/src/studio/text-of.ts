// The text a key shows in a language: the version's own, else the shipped one the server reported.
import type { STUDIO_LANGUAGES, StepTranslations } from '@kh/engine';
import type { TranslationRow } from './types.ts';

export const textOf = (row: TranslationRow, translations: StepTranslations, language: (typeof STUDIO_LANGUAGES)[number]) => translations[language]?.[row.key] ?? row.texts[language] ?? '';
