// The console's words (its own namespace) on the shared instance, whose field, option and step
// labels are the ones the applicant saw.
import { createI18n, resolveLanguage } from '@kh/i18n';
import type { i18n } from 'i18next';
import en from './locales/en.json';
import zhCN from './locales/zh-CN.json';
import zhHK from './locales/zh-HK.json';

export const CONSOLE_LANGUAGES = [
  ['en', 'English'],
  ['zh-HK', '繁體中文'],
  ['zh-CN', '简体中文'],
] as const;
const bundles = { en, 'zh-HK': zhHK, 'zh-CN': zhCN };
const STORAGE_KEY = 'kh-console-language';

export const savedLanguage = () => resolveLanguage(localStorage.getItem(STORAGE_KEY) ?? navigator.language);
export const saveLanguage = (language: string) => localStorage.setItem(STORAGE_KEY, language);

export async function createConsoleI18n(language: string): Promise<i18n> {
  const instance = await createI18n(language);
  for (const [lang, bundle] of Object.entries(bundles)) instance.addResourceBundle(lang, 'console', bundle);
  return instance;
}
