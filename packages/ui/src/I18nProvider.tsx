// Gives components the i18next instance of @kh/i18n in the chosen language.
import { createI18n, switchLanguage } from '@kh/i18n';
import type { i18n } from 'i18next';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';

export function I18nProvider({ language, children, instance }: { language: string; children: ReactNode; instance?: i18n }): ReactElement | null {
  const [i18nInstance, setInstance] = useState<i18n | undefined>(instance);
  useEffect(() => {
    let live = true;
    // Another language's texts load on first use; the page keeps the current ones until they arrive.
    if (i18nInstance) void switchLanguage(i18nInstance, language);
    else void createI18n(language).then((created) => live && setInstance(created));
    return () => {
      live = false;
    };
  }, [language, i18nInstance]);
  if (!i18nInstance) return null;
  return <I18nextProvider i18n={i18nInstance}>{children}</I18nextProvider>;
}
