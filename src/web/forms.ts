import type { FastifyInstance, FastifyReply } from 'fastify';

import { PAGE_CSP } from '../platform/http/page-headers.js';

/** The pages' CSP (the other security headers are added to every HTML answer: platform/http/page-headers.ts). */
export { PAGE_CSP };

export function sendPage(reply: FastifyReply, status: number, page: string, csp = PAGE_CSP): FastifyReply {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header('content-security-policy', csp)
    .send(page);
}

/** Form posts (application/x-www-form-urlencoded) as an object of strings, for the plugin that calls this. */
export function acceptForms(app: FastifyInstance, bodyLimit = 16_384): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

/** A string field of a parsed form ('' when absent). */
export function formField(body: unknown, name: string): string {
  const v = (body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? v : '';
}
