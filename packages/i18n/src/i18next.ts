// An i18next instance with our resources: {param} placeholders (SPEC §5 style), en as fallback.
// It starts with the one language asked for; switchLanguage loads another before switching to it.
import i18next, { type i18n } from 'i18next';
import { NAMESPACES, loadLanguage, resolveLanguage } from './languages.ts';

export async function createI18n(language: string): Promise<i18n> {
  const lng = resolveLanguage(language);
  const instance = i18next.createInstance();
  await instance.init({
    resources: { [lng]: await loadLanguage(lng) },
    lng,
    fallbackLng: 'en',
    ns: [...NAMESPACES],
    defaultNS: 'common',
    // Keys are "namespace.path" everywhere (schemas, the engine, the server): the first part is the namespace.
    nsSeparator: '.',
    keySeparator: '.',
    interpolation: { prefix: '{', suffix: '}', escapeValue: false },
    returnNull: false,
  });
  return instance;
}

/** Switches an instance to a language, loading its texts first if this is its first use. */
export async function switchLanguage(instance: i18n, language: string): Promise<void> {
  const lng = resolveLanguage(language);
  if (!instance.hasResourceBundle(lng, 'common')) {
    const bundle = await loadLanguage(lng);
    for (const ns of NAMESPACES) instance.addResourceBundle(lng, ns, bundle[ns], true, false);
  }
  await instance.changeLanguage(lng);
}
