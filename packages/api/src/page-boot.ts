// What the server tells the page in the HTML it serves, on the root element: whether a session was
// live when it served it, and which page it sent already drawn, in which language. The page starts
// from it instead of asking (apps/server/src/pages/web.ts writes it, apps/web/src/main.tsx reads it).

/**
 * The pages drawn at build time: a logged-out applicant's start page, the login shown in place of a
 * page that needs one, and a logged-in applicant's status page.
 */
export const DRAWN_PAGES = ['start', 'login', 'status'] as const;
export type DrawnPage = (typeof DRAWN_PAGES)[number];

export interface PageBoot {
  session?: 'in' | 'out';
  drawn?: DrawnPage;
  language?: string;
}

/** The root element's attributes for a boot (values are from closed sets: nothing to escape). */
export function pageBootAttributes(boot: PageBoot): string {
  return [boot.session && ` data-session="${boot.session}"`, boot.drawn && ` data-drawn="${boot.drawn}"`, boot.language && ` data-language="${boot.language}"`].filter(Boolean).join('');
}

/** The boot from the root element's dataset; anything unknown is left out. */
export function readPageBoot(dataset: Record<string, string | undefined>): PageBoot {
  const boot: PageBoot = {};
  if (dataset.session === 'in' || dataset.session === 'out') boot.session = dataset.session;
  if (DRAWN_PAGES.includes(dataset.drawn as DrawnPage)) boot.drawn = dataset.drawn as DrawnPage;
  if (dataset.language) boot.language = dataset.language;
  return boot;
}

/**
 * What a drawn status page shows where customer service's phone and e-mail go: the build draws these
 * marks (apps/web/src/prerender.tsx), and the server writes its own contact in their place as it loads
 * the pages (apps/server/src/pages/web.ts), so the page and the app that takes it over say the same.
 */
export const DRAWN_SERVICE_MARKS = { phone: '%KH_SERVICE_PHONE%', email: '%KH_SERVICE_EMAIL%' } as const;

/**
 * On <html> when a status page drawn for a step a tab's flow may stand on is in that tab (its resume
 * check said so, before the page painted): the tab resumes on the step, the drawn page stays hidden.
 */
export const RESUMING_ATTRIBUTE = 'data-resuming';
/** The drawn status page's rule that hides it while resuming (inline, allowed by its hash as its other styles). */
export const RESUMING_STYLE = `html[${RESUMING_ATTRIBUTE}] #root{display:none}`;
