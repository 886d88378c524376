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
 * Set by the app while a tab's flow (kept in the tab) stands anywhere but the status page: a reload
 * of that step resumes there, so the server does not draw the status page first; a step opened in
 * another tab, which has no flow of its own and opens on the status page, still gets it drawn. A
 * session cookie: each tab's entry, `<tab>.<step>`, newest first, joined by `|`.
 */
export const FLOW_AWAY_COOKIE = 'kh_flow_away';
/** Tabs named at most: an entry of a tab long closed drops off the end. */
export const FLOW_AWAY_TABS = 4;

export interface FlowAway {
  tab: string;
  step: string;
}

const ENTRY = /^([a-z0-9]{1,12})\.([A-Za-z]{1,40})$/;

/**
 * The tabs' entries in a cookie's value, or 'anywhere' where the value names no step (an app from
 * before the entries set `1`): then no page of the flow is drawn.
 */
export function readFlowAway(value: string | undefined): FlowAway[] | 'anywhere' {
  if (!value) return [];
  const entries = value.split('|').map((entry) => ENTRY.exec(entry));
  if (entries.some((entry) => !entry)) return 'anywhere';
  return entries.map((entry) => ({ tab: entry![1]!, step: entry![2]! }));
}

/** The cookie's value once `tab` stands on `step` (or, `step` undefined, on the status page): '' for none. */
export function flowAwayValue(value: string | undefined, tab: string, step: string | undefined): string {
  const read = readFlowAway(value);
  const others = read === 'anywhere' ? [] : read.filter((entry) => entry.tab !== tab);
  const entries = step ? [{ tab, step }, ...others] : others;
  return entries
    .slice(0, FLOW_AWAY_TABS)
    .map((entry) => `${entry.tab}.${entry.step}`)
    .join('|');
}

/** Whether a page of `step` may resume a tab's flow there (so the server must not draw the status page in its place). */
export function flowMayStandOn(value: string | undefined, step: string): boolean {
  const read = readFlowAway(value);
  return read === 'anywhere' || read.some((entry) => entry.step === step);
}

/**
 * What a drawn status page shows where customer service's phone and e-mail go: the build draws these
 * marks (apps/web/src/prerender.tsx), and the server writes its own contact in their place as it loads
 * the pages (apps/server/src/pages/web.ts), so the page and the app that takes it over say the same.
 */
export const DRAWN_SERVICE_MARKS = { phone: '%KH_SERVICE_PHONE%', email: '%KH_SERVICE_EMAIL%' } as const;
