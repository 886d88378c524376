// Route resolution both ways: any path (alias or /steps-{code}) with its query to a step, and a
// step to its canonical path. Unknown paths go to the not-found step at /error.
import { STEPS, stepByCode, stepByName, type StepInfo, type StepName } from './steps.ts';

/** Query parameters of SPEC §2 (plus language and the _scnl invitation code of SPEC §7). */
export const ROUTE_QUERY_KEYS = ['tab', 'formCode', 'mobile', 'password', 'entryCode', '_app_fullScreen', '_scnl', 'scnl', 'language', 'code'] as const;
export type RouteQueryKey = (typeof ROUTE_QUERY_KEYS)[number];
export type RouteQuery = Partial<Record<RouteQueryKey, string>>;

export interface ResolvedRoute {
  step: StepInfo;
  query: RouteQuery;
  /** For the not-found step: the network-error text (a `code` was given) or the missing-page text. */
  notFound?: { reason: 'networkError' | 'missingPage'; code?: string; path: string };
}

const aliasIndex = new Map<string, StepInfo>(STEPS.flatMap((s) => s.aliases.map((alias) => [alias.toLowerCase(), s] as const)));

const normalise = (path: string): string => {
  const withoutHash = path.split('#')[0];
  const trimmed = withoutHash.replace(/\/+$/, '');
  return (trimmed.startsWith('/') ? trimmed : `/${trimmed}`).toLowerCase() || '/';
};

export function parseQuery(search: string | URLSearchParams): RouteQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search.startsWith('?') ? search.slice(1) : search) : search;
  const query: RouteQuery = {};
  for (const key of ROUTE_QUERY_KEYS) {
    const value = params.get(key);
    if (value !== null) query[key] = value;
  }
  return query;
}

/** "/info/base?tab=MY" or ("/steps-2003", "?tab=MY") to the personal step. */
export function resolveRoute(pathOrUrl: string, search?: string): ResolvedRoute {
  const [rawPath, rawSearch = ''] = pathOrUrl.split('?');
  const query = parseQuery(search ?? rawSearch);
  const path = normalise(rawPath);
  const byCode = /^\/steps-(\d+)$/.exec(path);
  const step = byCode ? stepByCode(Number(byCode[1])) : aliasIndex.get(path);
  if (step && step.name !== 'notFound') return { step, query };
  const notFound = stepByName('notFound');
  if (step?.name === 'notFound' && query.code) return { step: notFound, query, notFound: { reason: 'networkError', code: query.code, path } };
  if (step?.name === 'notFound') return { step: notFound, query, notFound: { reason: 'missingPage', path } };
  return { step: notFound, query, notFound: { reason: 'missingPage', path } };
}

/** The canonical path of a step: its first alias, else /steps-{code}; with the query kept. */
export function canonicalPath(step: StepName | number, query: RouteQuery = {}): string {
  const info = typeof step === 'number' ? stepByCode(step) : stepByName(step);
  if (!info) throw new Error(`Unknown step ${step}`);
  const path = info.aliases[0] ?? `/steps-${info.code}`;
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string')).toString();
  return search ? `${path}?${search}` : path;
}

/** Every path the router must answer: each alias and each /steps-{code}. */
export const ALL_ROUTE_PATHS: string[] = STEPS.flatMap((s) => [...s.aliases, `/steps-${s.code}`]);

/**
 * Where the browser's back and forward buttons take the applicant for a page in the history: a
 * transit page (waiting for a provider's answer that came long ago) stands for the step it belongs
 * to, so back from the personal step is the identity step (SPEC §2), not the identity check again.
 */
const HISTORY_STAND_INS: Partial<Record<StepName, StepName>> = { identityTransit: 'identity', paymentTransit: 'payment', entryTransit: 'start' };
export const historyStep = (step: StepName): StepName => HISTORY_STAND_INS[step] ?? step;

/** SPEC §2's return URLs: where the identity provider, the card gateway and a finished application send the applicant back. */
export const RETURN_URLS = {
  identity: canonicalPath('identityTransit'),
  payment: canonicalPath('paymentTransit'),
  completion: canonicalPath('result'),
} as const;
