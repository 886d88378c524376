// The languages and namespaces, without their texts: what choosing a language needs.
export const LANGUAGES = ['en', 'zh-HK', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAMESPACES = ['common', 'errors', 'field', 'flow', 'option', 'server', 'step', 'validation'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export type LanguageResources = Record<Namespace, Record<string, unknown>>;
/** What a browser shows: the `server` namespace is the server's own answers, which it sends already translated. */
export const BROWSER_NAMESPACES = NAMESPACES.filter((ns): ns is Exclude<Namespace, 'server'> => ns !== 'server');
export type BrowserResources = Record<(typeof BROWSER_NAMESPACES)[number], Record<string, unknown>>;

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

/** One language's texts, loaded when first asked for: a page carries only the applicant's language. */
export function loadLanguage(language: Language): Promise<BrowserResources> {
  // One literal import per language, so the bundler makes one chunk of each.
  const loading = { en: () => import('./bundles/en.ts'), 'zh-HK': () => import('./bundles/zh-HK.ts'), 'zh-CN': () => import('./bundles/zh-CN.ts') }[language]();
  return loading.then((module) => module.default);
}
