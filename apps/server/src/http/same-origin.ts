// Cross-site request forgery: when the broker's pages embed the app, the session cookie is
// SameSite=None and a form on any site would carry it. Every state-changing request must come from
// the app's own origin or a page allowed to embed it; a browser says where a request comes from in
// Origin (and Sec-Fetch-Site). A request with neither is not a browser's and carries no cookie of one.
import type { FastifyRequest } from 'fastify';
import { AppError } from './envelope.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sameOriginGuard(allowedOrigins: readonly string[]) {
  const allowed = new Set(allowedOrigins);
  return async (request: FastifyRequest): Promise<void> => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site'];
    const refused = origin !== undefined ? !allowed.has(origin) : site === 'cross-site';
    if (refused) throw new AppError(403, '403', 'server.crossSiteRefused');
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
