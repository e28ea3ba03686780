import type { ConnectionRecord } from '../../engine/types.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import type {
  TriggerCall,
  TriggerDefinition,
  TriggerPayload,
  TriggerRuntime,
  TriggerStore,
} from '../../integrations/framework.js';
import type { Orm } from '../../platform/db/database.js';
import type { DeliveryService } from '../../platform/delivery/delivery.js';
import { hashToken } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { SecretBox } from '../../platform/secrets.js';
import * as repo from './triggers.repository.js';

/** What triggers need from the execution engine and the connections module (resolved at enable and at each run). */
export interface TriggerEngineDeps {
  /** Decrypted, fresh credentials of a connection (engine.credentials). */
  credentials(conn: ConnectionRecord): Promise<unknown>;
  /** A stored connection by id (connections.find). */
  findConnection(orgId: string, id: string): Promise<ConnectionRecord | null>;
}

/** Largest piece store a source may keep (JSON). */
const MAX_STATE_BYTES = 256 * 1024;

/**
 * The piece's `store` for one hook call, buffered: reads see the source's committed state plus this call's writes,
 * and the writes are committed together with the events the call produced (or dropped when it fails). So a poll
 * that dies half-way leaves the dedupe state where it was, and its items are found again by the next poll.
 */
export class StateBuffer implements TriggerStore {
  private readonly values: Record<string, unknown>;

  constructor(initial: Record<string, unknown>) {
    this.values = structuredClone(initial);
  }

  get(key: string): Promise<unknown> {
    return Promise.resolve(key in this.values ? structuredClone(this.values[key]) : null);
  }

  put(key: string, value: unknown): Promise<unknown> {
    this.values[String(key)] = value === undefined ? null : (JSON.parse(JSON.stringify(value)) as unknown);
    return Promise.resolve(value);
  }

  delete(key: string): Promise<void> {
    delete this.values[key];
    return Promise.resolve();
  }

  snapshot(): Record<string, unknown> {
    const out = structuredClone(this.values);
    if (JSON.stringify(out).length > MAX_STATE_BYTES)
      throw new AppError('VALIDATION_ERROR', 'The trigger tried to keep more than 256 KiB of state.');
    return out;
  }
}

/**
 * A source's encrypted columns (callback headers, merged input, piece state), sealed under the source id with one
 * purpose per column, so a ciphertext cannot move to another row and key rotation re-seals them (ENCRYPTED_COLUMNS).
 */
export class SourceSecrets {
  constructor(private readonly box: SecretBox) {}

  seal(sourceId: string, what: 'headers' | 'input' | 'state', value: unknown): string {
    return this.box.seal(`trigger_${what}`, sourceId, value ?? {});
  }

  open<T = Record<string, unknown>>(sourceId: string, what: 'headers' | 'input' | 'state', envelope: string): T {
    return this.box.open<T>(`trigger_${what}`, sourceId, envelope);
  }
}

export interface SourceContext {
  row: repo.SourceRow;
  definition: TriggerDefinition;
  hooks: TriggerRuntime;
}

/**
 * Calls a source's trigger hooks: its merged input, its connection's fresh credentials and its state (buffered),
 * at its webhook URL. Used by enable, disable, polls and inbound webhooks alike.
 */
export class SourceRunner {
  constructor(
    private readonly deps: {
      orm: Orm;
      registry: IntegrationRegistry;
      secrets: SourceSecrets;
      engine: TriggerEngineDeps;
      publicUrl: string;
    },
  ) {}

  webhookUrl(integrationName: string, sourceId: string): string {
    return `${this.deps.publicUrl}/api/v1/webhooks/${encodeURIComponent(integrationName)}/${sourceId}`;
  }

  /** The trigger definition and hooks of a stored source; a source whose integration went away cannot run. */
  context(row: repo.SourceRow): SourceContext {
    const definition = this.deps.registry.get(row.integrationName, row.orgId)?.triggers[row.triggerName];
    if (!definition?.hooks)
      throw new AppError('TRIGGER_NOT_FOUND', `${row.integrationName} has no trigger "${row.triggerName}" any more.`);
    return { row, definition, hooks: definition.hooks };
  }

  async credentials(row: Pick<repo.SourceRow, 'orgId' | 'connectionId'>): Promise<unknown> {
    if (!row.connectionId) return null;
    const conn = await this.deps.engine.findConnection(row.orgId, row.connectionId);
    if (!conn) throw new AppError('CONNECTION_NOT_FOUND', 'The connection of this trigger source no longer exists.');
    return this.deps.engine.credentials(conn);
  }

  /** A fresh buffer over the source's stored piece state. */
  state(row: Pick<repo.SourceRow, 'id' | 'state'>): StateBuffer {
    return new StateBuffer(this.deps.secrets.open(row.id, 'state', row.state));
  }

  /** Everything a hook call needs, with a fresh state buffer. */
  async call(row: repo.SourceRow, payload?: TriggerPayload): Promise<{ call: TriggerCall; state: StateBuffer }> {
    const state = this.state(row);
    const call: TriggerCall = {
      input: this.deps.secrets.open(row.id, 'input', row.input),
      auth: await this.credentials(row),
      webhookUrl: this.webhookUrl(row.integrationName, row.id),
      publicUrl: this.deps.publicUrl,
      store: state,
      ...(payload ? { payload } : {}),
    };
    return { call, state };
  }
}

/** Bounded, single-line text of a hook's failure (pieces' messages are already scrubbed of credentials). */
export const reason = (err: unknown): string =>
  (err instanceof Error ? err.message : String(err)).replace(/\s+/g, ' ').slice(0, 500);

/**
 * How logs name a source. Its id is its webhook address, the only credential an inbound call needs, so it is never
 * logged: a short hash of it instead (an operator finds the source by hashing its candidates' ids), with its
 * organization. An error's message is scrubbed of the id too (a piece may quote its webhook URL).
 */
export const sourceRef = (id: string): string => `tsr_${hashToken(id).slice(0, 12)}`;

export function sourceLog(source: { id: string; orgId: string }, err?: unknown): Record<string, unknown> {
  const ref = sourceRef(source.id);
  return {
    orgId: source.orgId,
    triggerSourceRef: ref,
    ...(err === undefined ? {} : { err: { message: reason(err).replaceAll(source.id, ref) } }),
  };
}

export type { DeliveryService };
