/**
 * Why an end user is asked, in plain words (docs/decisions/0093). Risk reasons are written for the organization's
 * reviewers (`riskMode always: …`, `recipientAllowlist: …`); the end-user portal shows these instead. Each reason the
 * gate writes (matching.ts, rules.ts) has a rendering here; anything else (model notes, fall-backs) is left out.
 */

const CATEGORY: Record<string, string> = {
  read: 'reads your data',
  write: 'changes data',
  delete: 'deletes data',
  send: 'sends something on your behalf',
  payment: 'involves a payment',
  share: 'shares something',
};

export const ALWAYS = 'The app asks for your approval before it does this on your behalf.';

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function plain(reason: string): string | null {
  const [head = '', ...rest] = reason.split(': ');
  const body = rest.join(': ');
  if (head === 'riskMode always' || head === 'no rules are configured') return ALWAYS;
  if (/^the policy ".*" cannot be evaluated/.test(reason)) return 'The app’s approval settings ask a person to check this.';
  switch (head) {
    case 'actionCategories': {
      const cats = /is an? (.+?) action/.exec(body)?.[1]?.split(' and ') ?? [];
      const said = cats.map((c) => CATEGORY[c]).filter(Boolean);
      return said.length ? `It ${said.join(' and ')}.` : null;
    }
    case 'amountThresholds': {
      const m = /^(.+?) at ".*" exceeds the limit (.+)$/.exec(body);
      if (!m) return null;
      return m[1] === 'a value' ? `An amount is above ${m[2]}.` : `An amount (${m[1]}) is above ${m[2]}.`;
    }
    case 'recipientDenylist':
      return `It goes to a recipient that needs your review: ${body.replace(/ is denied$/, '')}.`;
    case 'recipientAllowlist':
      return `It goes to someone outside the usual recipients: ${body.replace(/ is not on the allowlist$/, '')}.`;
    case 'domainDenylist':
      return `It involves a website or address that needs your review: ${body.replace(/ is denied$/, '')}.`;
    case 'domainAllowlist':
      return `It involves a website or address outside the usual ones: ${body.replace(/ is not on the allowlist$/, '')}.`;
    case 'storagePathPrefixes':
      return `It touches files in a protected folder: ${body.replace(/ is under a protected prefix$/, '')}.`;
  }
  // A model's judgement ("model gpt-x: <reason>"): its own words, which are written for people.
  if (/^model \S+$/.test(head) && body) return body === 'requires approval' ? 'An automated check flagged it.' : sentence(body);
  return null;
}

/** The reasons an end user reads: plain, without duplicates, never empty. */
export function plainReasons(reasons: readonly string[]): string[] {
  const out = [...new Set(reasons.map(plain).filter((r): r is string => r !== null))];
  return out.length ? out : [ALWAYS];
}
