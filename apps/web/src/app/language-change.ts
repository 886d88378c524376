// What must be ready in a language before the page turns to it, beyond the language's texts (which
// the i18n provider loads): the code that knows registers here (step-assets.ts, the dictionaries'
// labels), so the shell that switches languages carries none of it.
import type { Language } from '@kh/i18n';

export const beforeLanguageChange = new Set<(language: Language) => Promise<unknown>>();

/** Everything registered, for `language`; a failure leaves that part in English rather than holding the switch. */
export const prepareLanguage = (language: Language): Promise<unknown> => Promise.all([...beforeLanguageChange].map((prepare) => prepare(language).catch(() => undefined)));
