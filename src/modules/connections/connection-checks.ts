import type { AuthOption } from '../../integrations/framework.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { Orm } from '../../platform/db/database.js';
import type { JobDefinition } from '../../platform/jobs/runner.js';
import type { ConnectionExpiryNotices } from './connection-expiry.js';
import type { HealthEvidence } from './connection-health.js';
import * as repo from './connections.repository.js';
import type { ConnectionsService } from './connections.service.js';

export const CHECK_JOB = 'connection-health-check';
export const EXPIRY_JOB = 'connection-expiry-notice';
/** How long one credential check may take; past it, the check says nothing about the credentials. */
const CHECK_TIMEOUT_MS = 20_000;

const checkable = (o: AuthOption) => typeof o.validate === 'function' && o.type !== 'OAUTH2';

/** What one integration's own credential check says: accepted, refused, or nothing (it failed or took too long). */
async function verdictOf(option: AuthOption, value: unknown): Promise<HealthEvidence> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const verdict = await Promise.race([
      option.validate!(value),
      new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS))),
    ]);
    if (verdict === 'timeout')
      return {
        health: 'degraded',
        error: { code: 'CHECK_UNAVAILABLE', message: 'The credential check did not answer in time.' },
      };
    if (verdict.valid) return { health: 'healthy', error: null };
    const why = String(verdict.error || 'The credentials were not accepted.').slice(0, 300);
    return { health: 'needs_reauth', error: { code: 'CHECK_REJECTED', message: why } };
  } catch (err) {
    const why = String((err as Error)?.message ?? err).slice(0, 200);
    return { health: 'degraded', error: { code: 'CHECK_UNAVAILABLE', message: `The credentials could not be checked: ${why}` } };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Scheduled checks of connections whose integration can check credentials cheaply (an auth option's `validate`):
 * every minute, those not checked for `intervalMinutes`, at most `perIntegration` per integration and run, checked
 * one at a time. OAuth2 connections are checked by their refreshes. See docs/decisions/0140.
 */
export class ConnectionChecks {
  constructor(
    private readonly deps: {
      orm: Orm;
      registry: IntegrationRegistry;
      connections: ConnectionsService;
      intervalMinutes: number;
      perIntegration: number;
      log: { info(o: object, m?: string): void; warn(o: object, m?: string): void };
    },
  ) {}

  async runOnce(): Promise<{ checked: number; changed: number }> {
    const names = this.deps.registry
      .list()
      .filter((d) => d.auth.some(checkable))
      .map((d) => d.name);
    const olderThan = new Date(Date.now() - this.deps.intervalMinutes * 60_000);
    const due = await repo.dueForCheck(this.deps.orm, names, olderThan, this.deps.perIntegration);
    let changed = 0;
    for (const { orgId, id } of due) {
      try {
        if (await this.checkOne(orgId, id)) changed++;
      } catch (err) {
        this.deps.log.warn({ connectionId: id, err: { message: (err as Error).message } }, 'connection check failed');
      }
    }
    return { checked: due.length, changed };
  }

  /** Check one connection now; true when its health changed. */
  async checkOne(orgId: string, id: string): Promise<boolean> {
    const conn = await this.deps.connections.find(orgId, id);
    if (!conn) return false;
    const option = this.deps.registry.get(conn.integrationName, orgId)?.auth.find((a) => a.key === conn.authMethodKey);
    if (!option || !checkable(option)) return false;
    const value = await this.deps.connections.credentials(conn);
    const evidence = await verdictOf(option, value);
    return (await this.deps.connections.recordCheck(orgId, id, evidence)) !== null;
  }
}

/** Every minute: the scheduled credential checks (0140) and connection.expiring notices (0144), each when turned on. */
export function connectionJobs(
  work: { checks: ConnectionChecks | null; expiry: ConnectionExpiryNotices | null },
  log: { info(o: object, m?: string): void },
) {
  const jobs: Array<JobDefinition<Record<string, never>, typeof CHECK_JOB | typeof EXPIRY_JOB>> = [];
  const { checks, expiry } = work;
  if (checks)
    jobs.push({
      name: CHECK_JOB,
      cron: '* * * * *',
      retryLimit: 0,
      expireInSeconds: 600,
      handler: async () => {
        const { checked, changed } = await checks.runOnce();
        if (checked) log.info({ checked, changed }, 'connection checks run');
      },
    });
  if (expiry)
    jobs.push({
      name: EXPIRY_JOB,
      cron: '* * * * *',
      retryLimit: 0,
      expireInSeconds: 600,
      handler: async () => {
        const sent = await expiry.runOnce();
        if (sent) log.info({ sent }, 'connection.expiring sent');
      },
    });
  return jobs;
}
