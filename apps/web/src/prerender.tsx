// Build time (scripts/prerender.mjs): the page a logged-out applicant first sees, drawn by the app
// itself in each language, so the server can send it painted and the phone shows it before any script
// has run. The browser then takes it over as it is (main.tsx hydrates it).
import { createI18n, type Language } from '@kh/i18n';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import { App } from './App.tsx';
import { loginCache } from './app/services.ts';

export async function drawLoggedOut(path: string, language: Language): Promise<{ html: string; title: string }> {
  loginCache.seed(false);
  const i18n = await createI18n(language);
  const html = renderToString(
    <Router ssrPath={path} ssrSearch="">
      <App language={language} i18n={i18n} />
    </Router>,
  );
  return { html, title: i18n.t('step.start.title') };
}
