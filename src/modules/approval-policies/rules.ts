import { isSecretKey, looksSecret } from '../approvals/redact.js';
import type { PolicyRulesInput } from './approval-policies.schemas.js';
import type { CategorizedAction } from './categories.js';

/**
 * The rule evaluators (docs/decisions/0061-approval-rules.md). Pure functions over the merged input: what the
 * action would really run with, enforced partial values included.
 */

export interface RuleFacts {
  integrationName: string;
  actionName: string;
  action: CategorizedAction;
  input: Record<string, unknown>;
}

type Visit = (value: unknown, path: string, key: string | null) => void;

const MAX_NODES = 20_000;

/** Every node of a JSON value with its dotted path (`a.b[0].c`); bounded so a huge input cannot stall the gate. */
export function walk(value: unknown, visit: Visit): void {
  let seen = 0;
  const go = (v: unknown, path: string, key: string | null, depth: number): void => {
    if (++seen > MAX_NODES || depth > 32) return;
    visit(v, path, key);
    if (Array.isArray(v)) v.forEach((item, i) => go(item, `${path}[${i}]`, key, depth + 1));
    else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v as Record<string, unknown>)) go(child, path ? `${path}.${k}` : k, k, depth + 1);
    }
  };
  go(value, '', null, 0);
}

/** A value at this dotted path sits under a secret-looking key (`auth.token`, `cards[0].cvv`): never quoted. */
export const isSensitivePath = (path: string) => path.split(/[.[\]]/).some((seg) => seg !== '' && isSecretKey(seg));

const normKey = (k: string | null) => (k ?? '').toLowerCase().replace(/[^a-z0-9]/g, '');

const RECIPIENT_KEYS = new Set([
  'to',
  'cc',
  'bcc',
  'recipient',
  'recipients',
  'receiver',
  'receivers',
  'email',
  'emails',
  'emailaddress',
  'toemail',
  'toaddress',
  'replyto',
  'address',
  'addresses',
  'phone',
  'phonenumber',
  'tonumber',
  'channel',
  'channelid',
  'chatid',
  'user',
  'username',
  'userid',
  'attendees',
  'participants',
  'invitees',
  'members',
  'destination',
  'sendto',
  'mailto',
]);
const DOMAIN_KEYS = new Set([
  'domain',
  'domains',
  'host',
  'hostname',
  'url',
  'urls',
  'website',
  'link',
  'endpoint',
  'baseurl',
  'webhookurl',
  'callbackurl',
  'href',
  'origin',
]);
const PATH_KEYS = new Set([
  'path',
  'paths',
  'filepath',
  'filename',
  'file',
  'directory',
  'dir',
  'folder',
  'prefix',
  'destinationpath',
  'sourcepath',
  'targetpath',
  'frompath',
  'topath',
  'objectkey',
]);

const EMAIL_RE = /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/gi;
const URL_RE = /\b(?:https?|wss?|ftp):\/\/[^\s"'<>`]+/gi;

export interface ExtractedFacts {
  recipients: string[];
  domains: string[];
  paths: string[];
  /** Facts found under secret-looking keys or in credential-looking values: evaluated, but never quoted in reasons. */
  sensitive: Set<string>;
}

function hostOf(text: string): string | null {
  const candidate = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  try {
    const host = new URL(candidate).hostname
      .toLowerCase()
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, '');
    return host && /[a-z0-9]/.test(host) && !host.includes(' ') ? host : null;
  } catch {
    return null;
  }
}

/** Recipients (recipient-like fields and every email address), domains (of emails, URLs, host fields) and paths. */
export function extractFacts(input: Record<string, unknown>): ExtractedFacts {
  const recipients = new Set<string>();
  const domains = new Set<string>();
  const paths = new Set<string>();
  const sensitive = new Set<string>();
  walk(input, (value, path, key) => {
    if (typeof value !== 'string' || value.length === 0) return;
    const secret = looksSecret(value) || isSensitivePath(path);
    const add = (set: Set<string>, fact: string) => {
      set.add(fact);
      if (secret) sensitive.add(fact);
    };
    const text = value.length > 10_000 ? value.slice(0, 10_000) : value;
    const k = normKey(key);
    for (const m of text.matchAll(EMAIL_RE)) {
      const email = m[0].toLowerCase();
      add(recipients, email);
      add(domains, email.slice(email.lastIndexOf('@') + 1));
    }
    for (const m of text.matchAll(URL_RE)) {
      const host = hostOf(m[0].replace(/[),.;]+$/, ''));
      if (host) add(domains, host);
    }
    if (RECIPIENT_KEYS.has(k)) {
      for (const part of text.split(/[,;\n]/)) {
        const r = part
          .trim()
          .replace(/^.*<([^>]+)>$/, '$1')
          .toLowerCase();
        if (r && r.length <= 320) add(recipients, r);
      }
    }
    if (DOMAIN_KEYS.has(k) && text.length <= 2048) {
      const host = hostOf(text.trim());
      if (host) add(domains, host);
    }
    if ((PATH_KEYS.has(k) || k.endsWith('path')) && text.length <= 4096) add(paths, text);
  });
  return { recipients: [...recipients], domains: [...domains], paths: [...paths], sensitive };
}

/** `a/./b/../c` → `a/c`; leading slashes and `./` dropped; `..` above the root is dropped (it cannot escape). */
export function normalizePath(p: string): string {
  const out: string[] = [];
  for (const seg of p.replace(/\\/g, '/').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(seg);
  }
  return out.join('/');
}

export function pathHasPrefix(path: string, prefix: string): boolean {
  const p = normalizePath(path) + '/';
  const pre = normalizePath(prefix) + (prefix.endsWith('/') ? '/' : '');
  if (pre === '' || pre === '/') return true;
  return p.startsWith(pre);
}

export function domainMatches(domain: string, entry: string): boolean {
  const e = entry
    .trim()
    .toLowerCase()
    .replace(/^\*?\./, '')
    .replace(/\.$/, '');
  const d = domain.toLowerCase();
  return e !== '' && (d === e || d.endsWith(`.${e}`));
}

export function recipientMatches(recipient: string, entry: string): boolean {
  const e = entry.trim().toLowerCase();
  const r = recipient.toLowerCase();
  if (e.startsWith('*@') || e.startsWith('@')) {
    const at = r.lastIndexOf('@');
    return at > 0 && r.slice(at + 1) === e.slice(e.indexOf('@') + 1);
  }
  if (e.includes('*')) {
    const re = new RegExp(
      `^${e
        .split('*')
        .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')}$`,
    );
    return re.test(r);
  }
  return r === e;
}

const WILDCARD = Symbol('[*]');

/** Values at a dotted path with `[n]` and `[*]` steps (`items[*].price`). */
export function valuesAt(input: unknown, path: string): unknown[] {
  return entriesAt(input, path).map((e) => e.value);
}

/** `valuesAt` with the concrete path of each value (`items[*].price` → `items[2].price`). */
export function entriesAt(input: unknown, path: string): Array<{ value: unknown; path: string }> {
  const steps: Array<string | number | typeof WILDCARD> = [];
  for (const part of path.split('.')) {
    const m = /^([^[\]]*)((?:\[(?:\d+|\*)\])*)$/.exec(part);
    if (!m) return [];
    if (m[1]) steps.push(m[1]);
    for (const idx of m[2]!.matchAll(/\[(\d+|\*)\]/g)) steps.push(idx[1] === '*' ? WILDCARD : Number(idx[1]));
  }
  const key = (at: string, k: string) => (at ? `${at}.${k}` : k);
  let current = [{ value: input, path: '' }];
  for (const step of steps) {
    const next: typeof current = [];
    for (const { value: v, path: at } of current) {
      if (step === WILDCARD) {
        if (Array.isArray(v)) v.forEach((item, i) => next.push({ value: item, path: `${at}[${i}]` }));
        else if (v && typeof v === 'object')
          for (const [k, child] of Object.entries(v)) next.push({ value: child, path: key(at, k) });
      } else if (typeof step === 'number') {
        if (Array.isArray(v) && step < v.length) next.push({ value: v[step], path: `${at}[${step}]` });
      } else if (v && typeof v === 'object' && !Array.isArray(v) && Object.prototype.hasOwnProperty.call(v, step)) {
        next.push({ value: (v as Record<string, unknown>)[step], path: key(at, step) });
      }
    }
    current = next;
  }
  return current;
}

function asAmount(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^\s*-?\d+(?:\.\d+)?\s*$/.test(v)) return Number(v);
  return null;
}

const list = (xs: readonly string[], sensitive: ReadonlySet<string> = new Set()) =>
  xs.map((x) => (sensitive.has(x) ? '[REDACTED]' : `"${x}"`)).join(', ');

/** The reasons of every rule that fires; empty when none does (or the policy has no rules). */
export function evaluateRules(rules: PolicyRulesInput, facts: RuleFacts): string[] {
  const reasons: string[] = [];
  const target = `${facts.integrationName}.${facts.actionName}`;
  if (rules.actionCategories?.length) {
    const hit = facts.action.categories.filter((c) => rules.actionCategories!.includes(c));
    if (hit.length) {
      reasons.push(
        `actionCategories: ${target} is a ${hit.join(' and ')} action${facts.action.inferred ? ' (unclassified actions are treated as write)' : ''}`,
      );
    }
  }
  for (const t of rules.amountThresholds ?? []) {
    const over = entriesAt(facts.input, t.path)
      .map((e) => ({ ...e, amount: asAmount(e.value) }))
      .filter((e) => e.amount !== null && e.amount > t.limit);
    const first = over[0];
    if (!first) continue;
    // Under a secret-looking key (or credential-looking): the path and the limit only, never the value.
    const secret = isSensitivePath(first.path) || (typeof first.value === 'string' && looksSecret(first.value));
    reasons.push(`amountThresholds: ${secret ? 'a value' : first.amount} at "${t.path}" exceeds the limit ${t.limit}`);
  }
  const needFacts =
    rules.recipientAllowlist?.length ||
    rules.recipientDenylist?.length ||
    rules.domainAllowlist?.length ||
    rules.domainDenylist?.length ||
    rules.storagePathPrefixes?.length;
  if (!needFacts) return reasons;
  const facts2 = extractFacts(facts.input);
  if (rules.recipientDenylist?.length) {
    const bad = facts2.recipients.filter((r) => rules.recipientDenylist!.some((e) => recipientMatches(r, e)));
    if (bad.length) reasons.push(`recipientDenylist: ${list(bad.slice(0, 5), facts2.sensitive)} is denied`);
  }
  if (rules.recipientAllowlist?.length) {
    const outside = facts2.recipients.filter((r) => !rules.recipientAllowlist!.some((e) => recipientMatches(r, e)));
    if (outside.length)
      reasons.push(`recipientAllowlist: ${list(outside.slice(0, 5), facts2.sensitive)} is not on the allowlist`);
  }
  if (rules.domainDenylist?.length) {
    const bad = facts2.domains.filter((d) => rules.domainDenylist!.some((e) => domainMatches(d, e)));
    if (bad.length) reasons.push(`domainDenylist: ${list(bad.slice(0, 5), facts2.sensitive)} is denied`);
  }
  if (rules.domainAllowlist?.length) {
    const outside = facts2.domains.filter((d) => !rules.domainAllowlist!.some((e) => domainMatches(d, e)));
    if (outside.length) reasons.push(`domainAllowlist: ${list(outside.slice(0, 5), facts2.sensitive)} is not on the allowlist`);
  }
  if (rules.storagePathPrefixes?.length) {
    const hits = facts2.paths.filter((p) => rules.storagePathPrefixes!.some((pre) => pathHasPrefix(p, pre)));
    if (hits.length) {
      const shown = hits.slice(0, 5).map((p) => (facts2.sensitive.has(p) ? '[REDACTED]' : `"${normalizePath(p)}"`));
      reasons.push(`storagePathPrefixes: ${shown.join(', ')} is under a protected prefix`);
    }
  }
  return reasons;
}

export function hasRules(rules: PolicyRulesInput): boolean {
  return Object.values(rules).some((v) => Array.isArray(v) && v.length > 0);
}
