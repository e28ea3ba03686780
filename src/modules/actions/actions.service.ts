import type { ExecutionEngine } from '../../engine/engine.js';
import type { ExecuteOutcome, ExecuteRequest, ExecutionCaller, ExecutionSource } from '../../engine/types.js';
import { invalidField } from '../../platform/errors.js';
import type { ConnectionsService } from '../connections/connections.service.js';
import type { ExecuteBodyInput } from './actions.schemas.js';

/** The engine's outcome, and the answer in the shape the request was made in (the route maps it to a status). */
export interface ExecuteReply {
  body: Record<string, unknown>;
  outcome: ExecuteOutcome;
}

/**
 * POST /api/v1/actions/execute over REST: turns either request shape into one engine request, and the engine's
 * outcome into that shape's response.
 */
export class ActionsService {
  constructor(private readonly deps: { engine: ExecutionEngine; connections: ConnectionsService }) {}

  async execute(
    caller: ExecutionCaller,
    body: ExecuteBodyInput,
    opts: { idempotencyKey?: string; source?: ExecutionSource },
  ): Promise<ExecuteReply> {
    const earlier = body.pieceName !== undefined;
    const req = earlier ? await this.earlierRequest(caller, body) : this.currentRequest(body);
    const idempotencyKey = body.idempotencyKey ?? opts.idempotencyKey;
    const outcome = await this.deps.engine.execute(caller, {
      ...req,
      source: opts.source ?? 'rest',
      idempotencyKey: idempotencyKey || undefined,
    });
    if (outcome.status === 'approval_required') {
      return { outcome, body: { success: false, status: 'approval_required', approval: outcome.approval } };
    }
    const success = outcome.status === 'success';
    return {
      outcome,
      body: earlier ? { success, output: outcome.output, duration: outcome.durationMs } : { success, output: outcome.output },
    };
  }

  private currentRequest(b: ExecuteBodyInput): Omit<ExecuteRequest, 'source'> {
    if (b.integrationName === undefined) throw invalidField('integrationName', 'is required');
    if (b.workspaceId === undefined) throw invalidField('workspaceId', 'is required');
    return {
      integrationName: b.integrationName,
      actionName: b.actionName,
      workspaceId: b.workspaceId,
      input: b.input ?? {},
      connectionExternalId: b.connectionExternalId,
      authMethodKey: b.authMethodKey,
      workspaceIntegrationId: b.workspaceIntegrationId,
      integrationAlias: b.integrationAlias,
      endUser: b.endUserId !== undefined ? { externalId: b.endUserId } : undefined,
      partialIds: b.partialIds,
    };
  }

  /** The earlier shape: pieceName, actionName, input (required), connectionId or externalId, projectId. */
  private async earlierRequest(caller: ExecutionCaller, b: ExecuteBodyInput): Promise<Omit<ExecuteRequest, 'source'>> {
    if (b.input === undefined) throw invalidField('input', 'is required');
    let workspaceId = b.projectId ?? b.workspaceId;
    if (!workspaceId && b.connectionId) {
      // A workspace-bound connection names its workspace.
      const conn = await this.deps.connections.find(caller.orgId, b.connectionId);
      if (conn?.workspaceId) workspaceId = conn.workspaceId;
    }
    if (!workspaceId) throw invalidField('projectId', 'is required (the workspace to run in)');
    return {
      integrationName: b.pieceName!,
      actionName: b.actionName,
      workspaceId,
      input: b.input,
      connectionId: b.connectionId,
      connectionExternalId: b.connectionExternalId ?? b.externalId,
    };
  }
}
