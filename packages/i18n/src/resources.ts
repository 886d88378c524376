// All translation resources at once, for the server and the checks; the browser loads one language
// at a time (languages.ts). One JSON file per language and namespace so translators can edit them.
import { translateFrom } from './keys.ts';
import { resolveLanguage, type Language, type LanguageResources } from './languages.ts';
import en from './bundles/en.ts';
import zhHK from './bundles/zh-HK.ts';
import zhCN from './bundles/zh-CN.ts';
import enServer from '../locales/en/server.json';
import zhHKServer from '../locales/zh-HK/server.json';
import zhCNServer from '../locales/zh-CN/server.json';

export const resources: Record<Language, LanguageResources> = { en: { ...en, server: enServer }, 'zh-HK': { ...zhHK, server: zhHKServer }, 'zh-CN': { ...zhCN, server: zhCNServer } };

/** The message for a key in a language (ms and unknown languages give English). */
export const translate = (language: string | null | undefined, key: string, params?: Record<string, string | number>): string =>
  translateFrom(resources[resolveLanguage(language)], resources.en, key, params);
