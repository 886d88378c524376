// Translation resources, one JSON file per language and namespace so translators can edit them.
import { translateFrom } from './keys.ts';
import enCommon from '../locales/en/common.json';
import enErrors from '../locales/en/errors.json';
import enField from '../locales/en/field.json';
import enFlow from '../locales/en/flow.json';
import enOption from '../locales/en/option.json';
import enServer from '../locales/en/server.json';
import enStep from '../locales/en/step.json';
import enValidation from '../locales/en/validation.json';
import hkCommon from '../locales/zh-HK/common.json';
import hkErrors from '../locales/zh-HK/errors.json';
import hkField from '../locales/zh-HK/field.json';
import hkFlow from '../locales/zh-HK/flow.json';
import hkOption from '../locales/zh-HK/option.json';
import hkServer from '../locales/zh-HK/server.json';
import hkStep from '../locales/zh-HK/step.json';
import hkValidation from '../locales/zh-HK/validation.json';
import cnCommon from '../locales/zh-CN/common.json';
import cnErrors from '../locales/zh-CN/errors.json';
import cnField from '../locales/zh-CN/field.json';
import cnFlow from '../locales/zh-CN/flow.json';
import cnOption from '../locales/zh-CN/option.json';
import cnServer from '../locales/zh-CN/server.json';
import cnStep from '../locales/zh-CN/step.json';
import cnValidation from '../locales/zh-CN/validation.json';

export const LANGUAGES = ['en', 'zh-HK', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAMESPACES = ['common', 'errors', 'field', 'flow', 'option', 'server', 'step', 'validation'] as const;
export type Namespace = (typeof NAMESPACES)[number];

export const resources: Record<Language, Record<Namespace, Record<string, unknown>>> = {
  en: { common: enCommon, errors: enErrors, field: enField, flow: enFlow, option: enOption, server: enServer, step: enStep, validation: enValidation },
  'zh-HK': { common: hkCommon, errors: hkErrors, field: hkField, flow: hkFlow, option: hkOption, server: hkServer, step: hkStep, validation: hkValidation },
  'zh-CN': { common: cnCommon, errors: cnErrors, field: cnField, flow: cnFlow, option: cnOption, server: cnServer, step: cnStep, validation: cnValidation },
};

/** ms and anything unknown fall back to English (SPEC §1). */
export function resolveLanguage(requested: string | null | undefined): Language {
  if (!requested) return 'en';
  const exact = LANGUAGES.find((lang) => lang.toLowerCase() === requested.toLowerCase());
  if (exact) return exact;
  const lower = requested.toLowerCase();
  if (lower === 'zh-tw' || lower === 'zh-hant' || lower.startsWith('zh-hant') || lower === 'zh-mo') return 'zh-HK';
  if (lower === 'zh' || lower.startsWith('zh-hans') || lower === 'zh-sg') return 'zh-CN';
  return 'en';
}

/** The message for a key in a language (ms and unknown languages give English). */
export const translate = (language: string | null | undefined, key: string, params?: Record<string, string | number>): string =>
  translateFrom(resources[resolveLanguage(language)], resources.en, key, params);
