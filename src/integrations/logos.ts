/**
 * Integration logos, served by the service itself (docs/decisions/0096): a file the operator put in
 * `<data dir>/logos/<name>.<svg|png|webp|jpg>`, else a generated monogram. Nothing is fetched from a CDN, so
 * installs without internet and pages whose CSP allows images from 'self' only still show them.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { IntegrationRegistry } from './registry.js';

export interface Logo {
  body: Buffer;
  contentType: string;
  etag: string;
}

/** Larger files are not logos; they are skipped (the monogram is served). */
const MAX_FILE_BYTES = 512 * 1024;
/** How long a looked-up logo is reused: operators' new files show up within this. */
const CACHE_MS = 60_000;
/** Integration names that can be file names: no separators, no leading dot. */
const SAFE_NAME = /^[a-z0-9][a-z0-9._-]{0,199}$/i;

const TYPES: Array<{ ext: string; type: string; magic: (b: Buffer) => boolean }> = [
  { ext: 'svg', type: 'image/svg+xml', magic: (b) => safeSvg(b.toString('utf8')) },
  { ext: 'png', type: 'image/png', magic: (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])) },
  {
    ext: 'webp',
    type: 'image/webp',
    magic: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  { ext: 'jpg', type: 'image/jpeg', magic: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
];

/**
 * An SVG that cannot run code or reach out when opened on its own: no scripts, event handlers, javascript: or
 * external references, embedded HTML, or DTDs (entity tricks). Served with a sandboxing CSP besides.
 */
export function safeSvg(text: string): boolean {
  if (!/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text)) return false;
  return !(
    /<\s*(script|foreignObject|iframe|object|embed|handler|listener)\b/i.test(text) ||
    /\son[a-z]+\s*=/i.test(text) ||
    /javascript:|data:text\/html/i.test(text) ||
    /<!(DOCTYPE|ENTITY)/i.test(text) ||
    /href\s*=\s*["']?(?![#"'\s])/i.test(text) ||
    /url\(\s*["']?(?![#"'\s])/i.test(text) ||
    /@import/i.test(text)
  );
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A clearly generic logo: up to two initials on a colour derived from the name (the same on every node). */
export function monogram(name: string, displayName: string): string {
  let hue = 0;
  for (const ch of name) hue = (hue * 31 + ch.charCodeAt(0)) % 360;
  const letters = displayName
    .split(/[\s&-]+/)
    .map((w) => w.replace(/[^A-Za-z0-9]/g, ''))
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${escapeXml(displayName)}"><rect width="64" height="64" rx="14" fill="hsl(${hue},55%,42%)"/><text x="32" y="41" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${letters || '?'}</text></svg>`;
}

const etagOf = (body: Buffer) => `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export class LogoStore {
  private readonly cache = new Map<string, { logo: Logo; at: number }>();

  constructor(
    private readonly deps: {
      registry: IntegrationRegistry;
      /** The operator's logo files; null: generated logos only. */
      dir: string | null;
      log?: { warn(o: object, m?: string): void };
    },
  ) {}

  /** The logo of a registered integration; null for a name the registry does not know. */
  async get(name: string): Promise<Logo | null> {
    const def = this.deps.registry.get(name);
    if (!def) return null;
    const hit = this.cache.get(name);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.logo;
    const logo = (await this.fromFile(name)) ?? this.generated(name, def.displayName);
    this.cache.set(name, { logo, at: Date.now() });
    return logo;
  }

  /** The generated logo of a name and label, whatever the registry holds. */
  monogram(name: string, label: string): Logo {
    return this.generated(name, label);
  }

  private generated(name: string, displayName: string): Logo {
    const body = Buffer.from(monogram(name, displayName));
    return { body, contentType: 'image/svg+xml', etag: etagOf(body) };
  }

  private async fromFile(name: string): Promise<Logo | null> {
    const dir = this.deps.dir;
    if (!dir || !SAFE_NAME.test(name)) return null;
    for (const t of TYPES) {
      for (const ext of t.ext === 'jpg' ? ['jpg', 'jpeg'] : [t.ext]) {
        const file = path.join(dir, `${name}.${ext}`);
        if (path.dirname(file) !== path.resolve(dir)) return null;
        const info = await stat(file).catch(() => null);
        if (!info?.isFile()) continue;
        if (info.size > MAX_FILE_BYTES) {
          this.deps.log?.warn({ file, bytes: info.size }, 'logo file too large; serving the generated one');
          continue;
        }
        const body = await readFile(file);
        if (!t.magic(body)) {
          this.deps.log?.warn({ file }, 'logo file refused (not a safe image of its type); serving the generated one');
          continue;
        }
        return { body, contentType: t.type, etag: etagOf(body) };
      }
    }
    return null;
  }
}
