// Which step each tab's flow stands on, away from the status page: the app keeps it in a cookie, the
// server reads it to choose which page to send drawn (apps/web src/app/flow-away.ts, apps/server
// src/pages/web.ts). Its own module: the page's entry, which reads the page boot, carries none of it.

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

/** One tab's entry: its name and its step. */
export const FLOW_AWAY_ENTRY = /^([a-z0-9]{1,12})\.([A-Za-z]{1,40})$/;
/** Where a tab keeps its name (sessionStorage: the tab's own, across its reloads). */
export const FLOW_AWAY_TAB_KEY = 'kh.tab';

/**
 * The tabs' entries in a cookie's value, or 'anywhere' where the value names no step (an app from
 * before the entries set `1`): then no page of the flow is drawn.
 */
export function readFlowAway(value: string | undefined): FlowAway[] | 'anywhere' {
  if (!value) return [];
  const entries = value.split('|').map((entry) => FLOW_AWAY_ENTRY.exec(entry));
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

/** Whether the flow of the tab named `tab` stands on `step` (its reload of that step resumes there). */
export function tabStandsOn(value: string | undefined, tab: string | null, step: string): boolean {
  const read = readFlowAway(value);
  return read === 'anywhere' || read.some((entry) => entry.tab === tab && entry.step === step);
}
