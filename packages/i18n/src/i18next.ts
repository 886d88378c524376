// An i18next instance with our resources: {param} placeholders (SPEC §5 style), en as fallback.
import i18next, { type i18n } from 'i18next';
import { NAMESPACES, resources, resolveLanguage } from './resources.ts';

export async function createI18n(language: string): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.init({
    resources,
    lng: resolveLanguage(language),
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
