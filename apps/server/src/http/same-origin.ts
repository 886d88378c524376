// Cross-site request forgery: when the broker's pages embed the app, the session cookie is
// SameSite=None and a form on any site would carry it. Every state-changing request must come from
// the app's own origin or a page allowed to embed it; a browser says where a request comes from in
// Origin (and Sec-Fetch-Site). A request with neither is not a browser's and carries no cookie of one.
import type { FastifyRequest } from 'fastify';
import { AppError } from './envelope.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Staff paths: the console's pages and the staff API they call. */
export const isStaffPath = (path: string) => /^\/(api\/)?staff(\/|$)/.test(path) || /^\/console(\/|$)/.test(path);
/** Operations paths answer on every origin: a load balancer asks each. */
const OPERATIONS_PATHS = new Set(['/healthz', '/readyz', '/metrics', '/version']);

/**
 * A path as a router could read it: percent-decoded, slashes collapsed, dot segments resolved, in
 * lower case. `/%73taff`, `//staff`, `/x/../staff` and `/STAFF` all read `/staff`.
 */
export function normalisedPath(url: string): string {
  let path = url.split('?')[0]!;
  // Decoded until it no longer changes: `%2573` is `%73` is `s`.
  for (let i = 0; i < 3; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      break;
    }
    if (decoded === path) break;
    path = decoded;
  }
  const segments: string[] = [];
  for (const segment of path.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}`.toLowerCase();
}

/**
 * Whether a request is for the staff area, decided on the route the router matched (its pattern, as
 * declared), or, for a path no route matched, on the path normalised as a router might read it: never
 * on the raw URL, which the router decodes before it matches.
 */
export const isStaffRequest = (request: FastifyRequest): boolean => isStaffPath(request.routeOptions.url ?? normalisedPath(request.url));
const isOperationsRequest = (request: FastifyRequest): boolean => OPERATIONS_PATHS.has(request.routeOptions.url ?? normalisedPath(request.url));

/**
 * CSRF: a state-changing request from anywhere but the pages allowed to make it is refused. The
 * applicant API takes the app's origin and the pages that embed it; with a console origin of its own
 * (KH_CONSOLE_ORIGIN), the staff API takes that origin only.
 */
export function sameOriginGuard(applicantOrigins: readonly string[], consoleOrigin?: string) {
  const applicant = new Set(applicantOrigins);
  const staff = new Set(consoleOrigin ? [consoleOrigin] : applicantOrigins);
  return async (request: FastifyRequest): Promise<void> => {
    if (SAFE_METHODS.has(request.method)) return;
    const allowed = isStaffRequest(request) ? staff : applicant;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const refused = origin !== undefined ? !allowed.has(origin) : site === 'cross-site';
    if (refused) throw new AppError(403, '403', 'server.crossSiteRefused');
  };
}

/**
 * With a console origin of its own, each origin answers its own paths only: the console and the staff
 * API on the console's, everything else on the applicants'. Nothing on an applicant page can then
 * reach the back office (another origin, another cookie), nor the other way round.
 */
export function originSplit(consoleOrigin: string) {
  const consoleHost = new URL(consoleOrigin).host;
  return async (request: FastifyRequest): Promise<void> => {
    if (isOperationsRequest(request)) return;
    if (isStaffRequest(request) !== (request.host === consoleHost)) throw new AppError(404, '404', 'errors.http404');
  };
}

/** A JSON API refuses the bodies an HTML form can send (form-encoded, multipart, text). */
export async function requireJsonBody(request: FastifyRequest): Promise<void> {
  if (SAFE_METHODS.has(request.method)) return;
  const type = request.headers['content-type'];
  const length = Number(request.headers['content-length'] ?? 0);
  if (length === 0 && !type) return;
  if (!type || !/^application\/json\b/i.test(type)) throw new AppError(415, '400', 'server.jsonOnly');
}
