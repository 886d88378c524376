import { describe, expect, it } from 'vitest';
import { BROWSER_NAMESPACES, LANGUAGE_STORAGE_KEY, chooseLanguage, createI18n, keepLanguage, loadLanguage, switchLanguage, translate } from '../src/index.ts';

describe('the language is chosen from the URL, else the applicant\'s kept choice, else the app, else the browser', () => {
  it('the URL wins', () => expect(chooseLanguage({ url: 'zh-HK', app: 'zh-CN', browser: ['en-GB'] })).toBe('zh-HK'));
  it('then the app', () => expect(chooseLanguage({ app: 'zh-CN', browser: ['en-GB'] })).toBe('zh-CN'));
  it('then the kept choice', () => expect(chooseLanguage({ stored: 'zh-HK', browser: ['zh-CN'] })).toBe('zh-HK'));
  it('the applicant\'s kept choice wins over the device language inside the app webview', () => expect(chooseLanguage({ stored: 'zh-HK', app: 'en-US', browser: ['en-US'] })).toBe('zh-HK'));
  it('then the browser, Traditional Chinese variants giving zh-HK', () => {
    expect(chooseLanguage({ browser: ['fr-FR', 'zh-TW'] })).toBe('zh-HK');
    expect(chooseLanguage({ browser: ['zh-Hans-MY'] })).toBe('zh-CN');
  });
  it('ms falls back to en; nothing known gives en', () => {
    expect(chooseLanguage({ url: 'ms' })).toBe('en');
    expect(chooseLanguage({ url: 'xx', browser: ['de'] })).toBe('en');
  });
  it('keeps the choice in storage, and a storage that throws loses nothing else', () => {
    const saved = new Map<string, string>();
    keepLanguage({ setItem: (k, v) => void saved.set(k, v) }, 'zh-CN');
    expect(saved.get(LANGUAGE_STORAGE_KEY)).toBe('zh-CN');
    expect(() => keepLanguage({ setItem: () => { throw new Error('quota'); } }, 'en')).not.toThrow();
  });
});

describe('i18next resources', () => {
  it('interpolates {min} and {max} in every language', async () => {
    for (const [lang, expected] of [['en', '18'], ['zh-HK', '18'], ['zh-CN', '18']] as const) {
      const i18n = await createI18n(lang);
      expect(i18n.t('validation.age', { min: 18, max: 99 })).toContain(expected);
      expect(i18n.t('validation.age', { min: 18, max: 99 })).not.toContain('{min}');
    }
  });
  it('the service phone and the processing time are in every language', async () => {
    for (const lang of ['en', 'zh-HK', 'zh-CN']) {
      const i18n = await createI18n(lang);
      expect(i18n.t('common.servicePhone')).toContain('1300-22-1233');
      expect(i18n.t('common.processingTime')).toContain('1-3');
      expect(i18n.t('common.fee', { amount: 11 })).toContain('RM 11');
    }
  });
  it('starts with the one language asked for and loads another when switched to it', async () => {
    const i18n = await createI18n('zh-HK');
    expect(i18n.hasResourceBundle('zh-HK', 'field')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'common')).toBe(false);
    await switchLanguage(i18n, 'en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('errors.copySuccess')).toBe('Copy Success');
    await switchLanguage(i18n, 'zh-HK');
    expect(i18n.t('errors.copySuccess')).not.toBe('Copy Success');
  });
  it('switched to the language it is in, tells nobody: every translated component would render again, at once', async () => {
    const i18n = await createI18n('zh-HK');
    const changes: string[] = [];
    i18n.on('languageChanged', (language: string) => changes.push(language));
    await switchLanguage(i18n, 'zh-HK');
    expect(changes).toEqual([]);
    await switchLanguage(i18n, 'en');
    expect(changes).toEqual(['en']);
  });
  it('ms shows English', async () => {
    expect((await createI18n('ms')).t('errors.copySuccess')).toBe('Copy Success');
  });
});

describe('what a browser loads of a language', () => {
  it('is every namespace it shows, without the server\'s own answers (the server sends those translated)', async () => {
    for (const language of ['en', 'zh-HK', 'zh-CN'] as const) {
      const bundle = await loadLanguage(language);
      expect(Object.keys(bundle).sort()).toEqual([...BROWSER_NAMESPACES].sort());
      expect(bundle).not.toHaveProperty('server');
      // The server still answers in every language.
      expect(translate(language, 'server.applicationLocked')).not.toBe('server.applicationLocked');
    }
  });
});
