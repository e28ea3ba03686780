import { access, readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { packageRoot } from '../../platform/paths.js';
import { noAuth } from '../../platform/http/route-access.js';
import { AppError } from '../../platform/errors.js';

/**
 * The dashboard's CSP: our own scripts, styles, images and API only. No inline code, no other origin, never framed
 * (docs/decisions/0134).
 */
export const DASHBOARD_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/** The client-side routes of the single-page app: each answers with its index.html. */
export const DASHBOARD_PAGES = [
  '/',
  '/sign-in',
  '/sign-up',
  '/verify-email',
  '/organizations',
  '/o/:orgId',
  '/o/:orgId/*',
] as const;

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.map': 'application/json',
};

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Switchboard</title></head>
<body><main><h1>The dashboard is not built</h1><p>Run <code>npm run build</code> (or <code>npm start</code>, which
builds it) and reload. The API is served meanwhile: see <a href="/docs">/docs</a>.</p></main></body></html>`;

/**
 * The dashboard (web/, built by `npm run build` into dist/web): static files under /assets/ (content-hashed names,
 * cached for a year) and index.html for the app's own routes (never cached, so a new build is picked up at once).
 * It talks to /api/v1 with the person's session like any other client (0132).
 */
/** Where the built dashboard is read from: SWITCHBOARD_DASHBOARD_DIR, else dist/web of the package. */
export const dashboardDirOf = (app: FastifyInstance) => app.config.dashboardDir ?? path.join(packageRoot(), 'dist', 'web');

/** Whether the dashboard is built (its index.html is there): pages that hand over to it fall back to their own if not. */
export const dashboardBuilt = (app: FastifyInstance) =>
  access(path.join(dashboardDirOf(app), 'index.html')).then(
    () => true,
    () => false,
  );

export const dashboardPages: FastifyPluginAsync = async (app) => {
  const dir = dashboardDirOf(app);
  const access = { access: noAuth('the dashboard is public static files; the API it calls checks the session') };
  // The built files, read once on first use: a request names one of them or gets 404, never a path of its own.
  let files: Promise<Map<string, { body: Buffer; type: string }>> | null = null;
  const load = async () => {
    const out = new Map<string, { body: Buffer; type: string }>();
    const names = await readdir(path.join(dir, 'assets')).catch(() => [] as string[]);
    for (const name of names) {
      const type = TYPES[path.extname(name)];
      if (type) out.set(name, { body: await readFile(path.join(dir, 'assets', name)), type });
    }
    return out;
  };
  let index: Promise<string | null> | null = null;

  const page = async (_req: unknown, reply: FastifyReply) => {
    index ??= readFile(path.join(dir, 'index.html'), 'utf8').catch(() => null);
    const html = await index;
    void reply.header('content-security-policy', DASHBOARD_CSP).header('cache-control', 'no-cache');
    if (html === null) {
      index = null; // built later: the next request reads it
      return reply.code(503).type('text/html; charset=utf-8').send(NOT_BUILT);
    }
    return reply.type('text/html; charset=utf-8').send(html);
  };
  for (const url of DASHBOARD_PAGES) app.get(url, { config: access, schema: { hide: true } }, page);

  app.get<{ Params: { name: string } }>('/assets/:name', { config: access, schema: { hide: true } }, async (req, reply) => {
    files ??= load();
    const file = (await files).get(req.params.name);
    if (!file) {
      files = null; // a build since the last read may have it
      throw new AppError('NOT_FOUND', 'No such file.');
    }
    return reply.type(file.type).header('cache-control', 'public, max-age=31536000, immutable').send(file.body);
  });
  app.get('/favicon.svg', { config: access, schema: { hide: true } }, async (_req, reply) => {
    const body = await readFile(path.join(dir, 'favicon.svg')).catch(() => null);
    if (!body) throw new AppError('NOT_FOUND', 'No such file.');
    return reply.type(TYPES['.svg']!).header('cache-control', 'public, max-age=86400').send(body);
  });
};
