/**
 * The redacted preview reviewers, webhooks and models see instead of the input (docs/decisions/0062-approval-previews.md):
 * values under secret-looking keys, values that look like credentials, SECRET_TEXT properties and enforced partial
 * values become the literal [REDACTED], and each such place is listed in redactedPaths.
 */
export const REDACTED = '[REDACTED]';

const SECRET_KEY_PARTS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'token',
  'apikey',
  'privatekey',
  'accesskey',
  'credential',
  'authorization',
  'cookie',
  'signature',
  'sessionid',
  'cardnumber',
  'cvv',
  'cvc',
  'ssn',
  'iban',
  'bearer',
];
const SECRET_KEYS_EXACT = new Set(['auth', 'pwd', 'pin', 'session', 'otp', 'mfa', 'totp', 'xapikey']);
const NOT_SECRET = /^(max|num|total|prompt|completion|input|output)tokens?$|^tokenizer$|^tokencount$|^keywords?$/;

export function isSecretKey(key: string): boolean {
  const k = key.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (NOT_SECRET.test(k)) return false;
  return SECRET_KEYS_EXACT.has(k) || SECRET_KEY_PARTS.some((p) => k.includes(p));
}

const SECRET_VALUE_PATTERNS: RegExp[] = [
  /^\s*(bearer|basic|token|digest)\s+\S{8,}/i,
  /^eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*$/, // JWT
  /-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  /^(svc|mcp|mcpo|cst|eut|uss|apl)_[\w-]{16,}$/, // this service's own tokens
  /^(sk|rk|pk)_(live|test)_[\w]{8,}/, // Stripe-style
  /^sk-[\w-]{16,}/, // OpenAI-style
  /^(ghp|gho|ghu|ghs|ghr|github_pat)_[\w]{16,}/, // GitHub
  /^xox[abposr]-[\w-]{8,}/, // Slack
  /^AKIA[0-9A-Z]{16}$/, // AWS access key id
  /^AIza[\w-]{30,}$/, // Google API key
  /^[a-z][a-z0-9+.-]*:\/\/[^/\s:@]+:[^/\s@]+@/i, // URL with a password
  /[?&#](token|access_token|api_key|apikey)=[\w.~%-]{16,}/i, // a link that is itself a credential (a connect link)
];

export function looksSecret(value: string): boolean {
  return SECRET_VALUE_PATTERNS.some((re) => re.test(value));
}

const MAX_STRING = 1000;
const MAX_ITEMS = 100;
const MAX_DEPTH = 12;

export interface Preview {
  preview: Record<string, unknown>;
  redactedPaths: string[];
}

/**
 * Redacts `input`. `enforcedKeys` (top-level keys set by enforced partial values) and `secretProps` (the action's
 * SECRET_TEXT properties) are hidden whatever their value. Long strings and arrays are shortened (not secret, just
 * bounded), and said so in place.
 */
export function redactInput(
  input: Record<string, unknown>,
  opts: { enforcedKeys?: readonly string[]; secretProps?: readonly string[] } = {},
): Preview {
  const redactedPaths: string[] = [];
  const hidden = new Set([...(opts.enforcedKeys ?? []), ...(opts.secretProps ?? [])]);
  const go = (v: unknown, path: string, depth: number): unknown => {
    if (typeof v === 'string') {
      if (looksSecret(v)) {
        redactedPaths.push(path);
        return REDACTED;
      }
      return v.length > MAX_STRING ? `${v.slice(0, MAX_STRING)}… [${v.length - MAX_STRING} more characters]` : v;
    }
    if (v === null || typeof v !== 'object') return v;
    if (depth >= MAX_DEPTH) return '[…]';
    if (Array.isArray(v)) {
      const items = v.slice(0, MAX_ITEMS).map((item, i) => go(item, `${path}[${i}]`, depth + 1));
      if (v.length > MAX_ITEMS) items.push(`… [${v.length - MAX_ITEMS} more items]`);
      return items;
    }
    const out: Record<string, unknown> = {};
    for (const [k, child] of Object.entries(v as Record<string, unknown>)) {
      const p = path ? `${path}.${k}` : k;
      const hide = (depth === 0 && hidden.has(k)) || isSecretKey(k);
      if (hide) redactedPaths.push(p);
      // defineProperty: a "__proto__" key stays a plain key.
      Object.defineProperty(out, k, {
        value: hide ? REDACTED : go(child, p, depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  };
  const preview = go(input, '', 0) as Record<string, unknown>;
  return { preview, redactedPaths };
}
