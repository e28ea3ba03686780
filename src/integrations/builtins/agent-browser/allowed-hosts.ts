import net from 'node:net';
import { ActionInputError } from '../../framework.js';

/** A session's allowedHosts: validated once at start_session, matched on every connection the browser opens. */

const MAX_ALLOWED_HOSTS = 100;

export const stripBrackets = (host: string) => host.replace(/^\[|\]$/g, '');

/** allowedHosts as given to start_session: host names, `*.example.com` wildcards or IP literals; normalised. */
export function normalizeAllowedHosts(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw new ActionInputError('allowedHosts', 'must be an array of host names');
  // An empty list would make a browser that can open nothing; omitting the field is how to allow any host.
  if (value.length === 0) throw new ActionInputError('allowedHosts', 'must list at least one host (omit it to allow any host)');
  if (value.length > MAX_ALLOWED_HOSTS) throw new ActionInputError('allowedHosts', `may list at most ${MAX_ALLOWED_HOSTS} hosts`);
  return value.map((raw, i) => {
    const field = `allowedHosts[${i}]`;
    if (typeof raw !== 'string') throw new ActionInputError(field, 'must be a string');
    const entry = stripBrackets(raw.trim().toLowerCase()).replace(/\.$/, '');
    if (net.isIP(entry)) return entry;
    if (!/^(\*\.)?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/.test(entry) || entry.length > 253) {
      throw new ActionInputError(
        field,
        'must be a host name (example.com), a wildcard (*.example.com) or an IP address, without scheme, port or path',
      );
    }
    return entry;
  });
}

/** Exact host, or a `*.example.com` pattern matching any subdomain of example.com (not example.com itself). */
export function hostMatches(host: string, allowed: readonly string[] | null): boolean {
  if (!allowed) return true;
  const h = stripBrackets(host.toLowerCase()).replace(/\.$/, '');
  return allowed.some((p) => (p.startsWith('*.') ? h.endsWith(p.slice(1)) && h.length > p.length - 1 : h === p));
}
