import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import { queryRows, type Executor, type Orm } from '../../platform/db/database.js';
import { hashToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { JobDefinition } from '../../platform/jobs/runner.js';

/** One counter's rule: `threshold` failures pass; each further one blocks for base × 2^(over), at most `max`. */
interface Limit {
  threshold: number;
  baseSeconds: number;
  maxSeconds: number;
}

/** The limits of decision 0115 (also in docs/operations.md, "Sign-in throttling"). */
export const SIGN_IN_LIMITS = {
  /** One account from one address: the attacker's own counter, which never reaches the owner elsewhere. */
  pair: { threshold: 5, baseSeconds: 30, maxSeconds: 900 },
  /** One address, whatever the accounts (password spraying). */
  address: { threshold: 20, baseSeconds: 30, maxSeconds: 900 },
  /** One account, from addresses it has not signed in from (a distributed guess); a reset or a success clears it. */
  account: { threshold: 50, baseSeconds: 30, maxSeconds: 900 },
  /** A counter is forgotten this long after its last failure. */
  windowSeconds: 3600,
  /** A success from an address exempts that (account, address) from the per-account limit this long. */
  knownDays: 30,
} as const;

type Kind = 'pair' | 'address' | 'account';

/** The counters one attempt touches, charged before the password is checked. */
export interface SignInTicket {
  keys: Array<{ kind: Kind; key: string }>;
}

interface Row {
  key: string;
  failures: number;
  last_failure_at: Date | string;
  known_until: Date | string | null;
}

export const emailDigest = (email: string) => hashToken(email.trim().toLowerCase());

/** IPv6 clients usually hold a whole /64: count them by it, or one client would have 2^64 addresses. */
export function addressGroup(address: string): string {
  const a = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
  if (!isIPv6(a)) return a;
  const [head = '', tail = ''] = a.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const full = a.includes('::') ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
  return `${full
    .slice(0, 4)
    .map((x) => x.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export const throttleKeys = (email: string, address: string) => {
  const account = emailDigest(email);
  const group = addressGroup(address);
  return {
    account,
    pair: `pair:${hashToken(`${account}\n${group}`)}`,
    address: `address:${hashToken(group)}`,
    accountKey: `account:${account}`,
  };
};

const blockSeconds = (failures: number, limit: Limit) =>
  failures < limit.threshold ? 0 : Math.min(limit.maxSeconds, limit.baseSeconds * 2 ** (failures - limit.threshold));

/**
 * Brute-force protection of every sign-in form (REST, approval pages, MCP authorize), counted in the database so
 * every node sees the same counts (0115). An attempt is charged to its counters before the password is checked,
 * so concurrent guesses cannot slip past a limit; a success gives the charge back.
 */
export class SignInThrottle {
  constructor(
    private readonly orm: Orm,
    private readonly now: () => number = Date.now,
  ) {}

  /** Charges one attempt, or throws 429 RATE_LIMITED (retryAfter, Retry-After) while any counter is blocked. */
  async begin(email: string, address: string): Promise<SignInTicket> {
    const k = throttleKeys(email, address);
    const now = new Date(this.now());
    const forgetBefore = now.getTime() - SIGN_IN_LIMITS.windowSeconds * 1000;
    const wanted: Array<{ kind: Kind; key: string; account: string | null }> = [
      { kind: 'account' as const, key: k.accountKey, account: k.account },
      { kind: 'address' as const, key: k.address, account: null },
      { kind: 'pair' as const, key: k.pair, account: k.account },
    ].sort((a, b) => (a.key < b.key ? -1 : 1));
    const { retryAfter, charged } = await this.orm.transaction(async (t) => {
      const tx = t as unknown as Executor;
      // Same key order everywhere, so two attempts never wait on each other's rows in a cycle.
      const values = sql.join(
        wanted.map((w) => sql`(${w.key}, ${w.account}, 0, ${now})`),
        sql`, `,
      );
      await tx.execute(sql`INSERT INTO sign_in_throttle (key, account, failures, last_failure_at) VALUES ${values}
        ON CONFLICT (key) DO NOTHING`);
      const rows = await queryRows<Row>(
        tx,
        sql`SELECT key, failures, last_failure_at, known_until FROM sign_in_throttle
          WHERE key IN (${sql.join(
            wanted.map((w) => sql`${w.key}`),
            sql`, `,
          )}) ORDER BY key FOR UPDATE`,
      );
      const byKey = new Map(rows.map((r) => [r.key, r]));
      const pair = byKey.get(k.pair);
      const known = pair?.known_until != null && new Date(pair.known_until) > now;
      let wait = 0;
      const charge: Array<{ kind: Kind; key: string; failures: number }> = [];
      for (const w of wanted) {
        if (w.kind === 'account' && known) continue;
        const row = byKey.get(w.key);
        const last = row ? new Date(row.last_failure_at).getTime() : now.getTime();
        const failures = row && last >= forgetBefore ? row.failures : 0;
        const until = last + blockSeconds(failures, SIGN_IN_LIMITS[w.kind]) * 1000;
        wait = Math.max(wait, until - now.getTime());
        charge.push({ kind: w.kind, key: w.key, failures: failures + 1 });
      }
      if (wait > 0) return { retryAfter: Math.ceil(wait / 1000), charged: [] };
      for (const c of charge) {
        await tx.execute(
          sql`UPDATE sign_in_throttle SET failures = ${c.failures}, last_failure_at = ${now} WHERE key = ${c.key}`,
        );
      }
      return { retryAfter: 0, charged: charge };
    });
    if (retryAfter > 0) throw tooManyAttempts(retryAfter);
    return { keys: charged.map(({ kind, key }) => ({ kind, key })) };
  }

  /** The password was right: the pair and the account start over, the address gets its charge back. */
  async succeeded(ticket: SignInTicket): Promise<void> {
    const knownUntil = new Date(this.now() + SIGN_IN_LIMITS.knownDays * 86_400_000);
    for (const { kind, key } of ticket.keys) {
      if (kind === 'address') {
        await this.orm.execute(sql`UPDATE sign_in_throttle SET failures = GREATEST(failures - 1, 0) WHERE key = ${key}`);
      } else if (kind === 'pair') {
        await this.orm.execute(sql`UPDATE sign_in_throttle SET failures = 0, known_until = ${knownUntil} WHERE key = ${key}`);
      } else {
        await this.orm.execute(sql`UPDATE sign_in_throttle SET failures = 0 WHERE key = ${key}`);
      }
    }
  }

  /** A password reset (or the operator setting one): the account's counters start over, on every address. */
  async clearAccount(db: Executor, email: string): Promise<void> {
    await db.execute(sql`UPDATE sign_in_throttle SET failures = 0 WHERE account = ${emailDigest(email)}`);
  }

  /** Hourly: counters past their window that mark no known address. */
  purgeJob(log: { info(o: object, m?: string): void }): JobDefinition<Record<string, never>, 'purge-sign-in-throttle'> {
    return {
      name: 'purge-sign-in-throttle',
      cron: '29 * * * *',
      retryLimit: 3,
      handler: async () => {
        const before = new Date(this.now() - (SIGN_IN_LIMITS.windowSeconds + SIGN_IN_LIMITS.pair.maxSeconds) * 1000);
        const rows = await queryRows<{ key: string }>(
          this.orm,
          sql`DELETE FROM sign_in_throttle WHERE last_failure_at < ${before}
            AND (known_until IS NULL OR known_until < ${new Date(this.now())}) RETURNING key`,
        );
        if (rows.length > 0) log.info({ purged: rows.length }, 'purged old sign-in counters');
      },
    };
  }
}

export function tooManyAttempts(retryAfter: number): AppError {
  const minutes = Math.ceil(retryAfter / 60);
  const when = retryAfter < 60 ? `${retryAfter} seconds` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return new AppError('RATE_LIMITED', `Too many failed sign-ins. Try again in ${when}, or reset your password.`, {
    retryAfter,
    headers: { 'Retry-After': String(retryAfter) },
  });
}

/** The Retry-After value (seconds) of a RATE_LIMITED error, for pages that render it themselves. */
export const retryAfterOf = (err: AppError): string => {
  const v = err.extra?.retryAfter;
  return typeof v === 'number' ? String(v) : '60';
};
