// The language is chosen from the URL, else the applicant's own choice kept from before, else the
// app's (device) language, else the browser's. The applicant's choice wins over the device.
import { LANGUAGES, resolveLanguage, type Language } from './languages.ts';

export const LANGUAGE_STORAGE_KEY = 'kh.language';
/** The same choice as a cookie: the server draws the first page in it (apps/server/src/pages/web.ts). */
export const LANGUAGE_COOKIE = 'kh_language';

export interface LanguageSources {
  /** ?language= of the current URL. */
  url?: string | null;
  /** What the app tells the webview (its user agent or bridge). */
  app?: string | null;
  /** navigator.languages. */
  browser?: readonly string[];
  /** The choice kept from before. */
  stored?: string | null;
}

const known = (value: string | null | undefined): boolean =>
  !!value && (LANGUAGES.some((l) => l.toLowerCase() === value.toLowerCase()) || /^(zh|ms|en)(-|$)/i.test(value));

export function chooseLanguage(sources: LanguageSources): Language {
  if (known(sources.url)) return resolveLanguage(sources.url);
  if (known(sources.stored)) return resolveLanguage(sources.stored);
  if (known(sources.app)) return resolveLanguage(sources.app);
  const browser = sources.browser?.find(known);
  return resolveLanguage(browser);
}

/** Keeps the choice (localStorage in the browser). */
export function keepLanguage(storage: Pick<Storage, 'setItem'> | undefined, language: Language): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode or a full storage: the choice lasts this visit only.
  }
}
