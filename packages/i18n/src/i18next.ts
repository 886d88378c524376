// An i18next instance with our resources: {param} placeholders (SPEC §5 style), en as fallback.
// It starts with the one language asked for; switchLanguage loads another before switching to it.
import i18next, { type i18n } from 'i18next';
import { BROWSER_NAMESPACES, loadLanguage, resolveLanguage } from './languages.ts';

export type I18nInstance = i18n;

export async function createI18n(language: string): Promise<i18n> {
  const lng = resolveLanguage(language);
  const instance = i18next.createInstance();
  await instance.init({
    resources: { [lng]: await loadLanguage(lng) },
    lng,
    fallbackLng: 'en',
    ns: [...BROWSER_NAMESPACES],
    defaultNS: 'common',
    // Keys are "namespace.path" everywhere (schemas, the engine, the server): the first part is the namespace.
    nsSeparator: '.',
    keySeparator: '.',
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/**
 * Switches an instance to a language, loading its texts first if this is its first use. To the
 * language it is in, it does nothing: i18next would announce a change anyway, and every component
 * that translates would render again, at once (react-i18next's store), as the app takes a page over.
 */
export async function switchLanguage(instance: i18n, language: string): Promise<void> {
  const lng = resolveLanguage(language);
  if (instance.language === lng) return;
  if (!instance.hasResourceBundle(lng, 'common')) {
    const bundle = await loadLanguage(lng);
    for (const ns of BROWSER_NAMESPACES) instance.addResourceBundle(lng, ns, bundle[ns], true, false);
  }
  await instance.changeLanguage(lng);
}

/**
 * A published step version's own texts (flat "namespace.path" keys per language, from the schema
 * studio), laid over the shipped ones. A language without them falls back to en, as shipped keys do.
 */
export function addStepTranslations(instance: i18n, translations: Partial<Record<string, Record<string, string>>>): void {
  for (const [language, texts] of Object.entries(translations)) {
    for (const [key, text] of Object.entries(texts ?? {})) {
      const [namespace, ...path] = key.split('.');
      if (path.length > 0 && instance.getResource(language, namespace, path.join('.')) !== text) instance.addResource(language, namespace, path.join('.'), text, { silent: true });
    }
  }
}
