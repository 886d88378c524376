// Which translations may be out of date: each translated text remembers the English it was made from
// (or confirmed against); when the English of its key changes after that, the translation is flagged
// in its language until someone translates it again or confirms it still says the same.
import { STUDIO_LANGUAGES, type StepTranslations, type StudioLanguage } from './step-versions.ts';

/** Per language other than English and text key: the English text the translation was made from. */
export type TextSources = Partial<Record<StudioLanguage, Record<string, string>>>;

export const TRANSLATED_LANGUAGES = STUDIO_LANGUAGES.filter((language) => language !== 'en');

/**
 * The sources after a version's texts change from `before` to `after`: a text given anew in a
 * language is made from the English its key has now; every other keeps the source it had.
 */
export function textSourcesAfter(before: { translations: StepTranslations; sources: TextSources }, after: StepTranslations, englishOf: (key: string) => string | undefined): TextSources {
  const next: TextSources = structuredClone(before.sources);
  for (const language of TRANSLATED_LANGUAGES) {
    for (const [key, text] of Object.entries(after[language] ?? {})) {
      if (before.translations[language]?.[key] === text) continue;
      const english = englishOf(key);
      if (english !== undefined) (next[language] ??= {})[key] = english;
    }
  }
  return next;
}

/** The sources with one translation confirmed against the English its key has now. */
export function confirmedSource(sources: TextSources, language: StudioLanguage, key: string, english: string): TextSources {
  const next: TextSources = structuredClone(sources);
  (next[language] ??= {})[key] = english;
  return next;
}

export interface OutdatedText {
  language: StudioLanguage;
  key: string;
}

/**
 * The translations whose key's English is no longer the one they were made from. `rows` are the
 * version's texts by key (every language), `sources` each translation's English (shipped texts were
 * made from the shipped English), and `editedNow` the texts changed since the sources were read:
 * those are being translated anew.
 */
export function outdatedTexts(rows: { key: string; texts: Record<string, string | null> }[], sources: TextSources, editedNow: (language: StudioLanguage, key: string) => boolean = () => false): OutdatedText[] {
  const outdated: OutdatedText[] = [];
  for (const row of rows) {
    const english = row.texts.en;
    if (!english) continue;
    for (const language of TRANSLATED_LANGUAGES) {
      const source = sources[language]?.[row.key];
      if (!row.texts[language] || source === undefined || source === english || editedNow(language, row.key)) continue;
      outdated.push({ language, key: row.key });
    }
  }
  return outdated;
}
