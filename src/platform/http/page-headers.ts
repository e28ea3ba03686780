import type { FastifyInstance } from 'fastify';

/** The CSP of our server-rendered pages unless a page sets its own: no scripts, forms only to this origin. */
export const PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Every HTML answer of the service (hosted pages, review and account pages, the MCP authorize page, /docs, error
 * pages) carries these, added by content type so a new page cannot forget them; a page may set a stricter value of
 * its own, which is kept.
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': PAGE_CSP,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // No Cross-Origin-Opener-Policy: the connect page runs in a popup that an app of another origin opens, and posts
  // the result to that opener; `same-origin` would sever the two (connect.browser.test.ts, OAuth2 in a popup).
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

export function registerPageHeaders(app: FastifyInstance): void {
  // A callback hook (it never waits): an async one costs a promise and a turn on every answer.
  app.addHook('onSend', (_req, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && type.toLowerCase().startsWith('text/html')) {
      for (const [name, value] of Object.entries(PAGE_SECURITY_HEADERS)) {
        if (!reply.hasHeader(name)) void reply.header(name, value);
      }
    }
    done(null, payload);
  });
}
