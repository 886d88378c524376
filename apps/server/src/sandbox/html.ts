// Server-rendered pages of the sandbox providers: mobile-first, no inline script or style, so they
// run under a strict Content-Security-Policy like the real providers' pages.
import type { FastifyReply } from 'fastify';

export const escapeHtml = (value: unknown): string =>
  String(value ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A tagged template that escapes every interpolated value unless it is already markup. */
export class Markup {
  constructor(readonly html: string) {}
}
export function html(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  return new Markup(
    strings.reduce((out, part, i) => {
      const value = values[i - 1];
      const rendered = value instanceof Markup ? value.html : Array.isArray(value) ? value.map((v) => (v instanceof Markup ? v.html : escapeHtml(v))).join('') : escapeHtml(value);
      return out + rendered + part;
    }),
  );
}

export const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; media-src 'self' blob:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export function sendPage(reply: FastifyReply, { title, body, script, status = 200 }: { title: string; body: Markup; script?: string; status?: number }) {
  const page = html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="/sandbox/assets/sandbox.css">
${script ? html`<script src="/sandbox/assets/${script}" defer></script>` : ''}
</head>
<body>
<header class="provider"><span class="badge">SANDBOX</span></header>
<main>${body}</main>
</body>
</html>`;
  return reply.code(status).header('content-security-policy', CSP).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page.html);
}

/** A return URL must stay on our own origin: relative, or the public origin. No open redirects. */
export function sameOriginUrl(url: string, publicOrigin: string): string | undefined {
  try {
    const resolved = new URL(url, publicOrigin);
    return resolved.origin === new URL(publicOrigin).origin && /^https?:$/.test(resolved.protocol) ? resolved.toString() : undefined;
  } catch {
    return undefined;
  }
}
