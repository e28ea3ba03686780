import type { TargetRequest } from '../../engine/types.js';
import { headerProblem } from '../../platform/delivery/delivery.js';
import { AppError } from '../../platform/errors.js';
import type { EnableTriggerInput } from './triggers.schemas.js';

export const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', `${field} ${message}`, { details: [{ field, message }] });

/** The enable request, whichever shape it came in (the earlier one: pieceName, webhookUrl as callback, projectId). */
export interface EnableRequest {
  shape: 'current' | 'earlier';
  integrationName: string;
  triggerName: string;
  callbackUrl: string;
  callbackField: string;
  callbackHeaders: Record<string, string>;
  callbackMetadata: Record<string, unknown>;
  target: TargetRequest;
  pollingIntervalMinutes?: number;
  simulate: boolean;
}

export function normalize(body: EnableTriggerInput): EnableRequest {
  const earlier = body.pieceName !== undefined && body.integrationName === undefined;
  const integrationName = earlier ? body.pieceName : body.integrationName;
  const callbackField = earlier ? 'webhookUrl' : 'callbackUrl';
  const callbackUrl = earlier ? body.webhookUrl : body.callbackUrl;
  const workspaceId = earlier ? (body.projectId ?? body.workspaceId) : body.workspaceId;
  if (!integrationName) throw invalid(earlier ? 'pieceName' : 'integrationName', 'is required');
  if (!body.triggerName) throw invalid('triggerName', 'is required');
  if (!callbackUrl) throw invalid(callbackField, 'is required');
  if (!workspaceId) throw invalid(earlier ? 'projectId' : 'workspaceId', 'is required');
  if (earlier && body.input === undefined) throw invalid('input', 'is required');
  const headers = body.callbackHeaders ?? {};
  const problem = headerProblem(headers);
  if (problem) throw invalid('callbackHeaders', problem);
  const target: TargetRequest = {
    workspaceId,
    integrationName,
    workspaceIntegrationId: body.workspaceIntegrationId || undefined,
    integrationAlias: body.integrationAlias || undefined,
    connectionExternalId: body.connectionExternalId || undefined,
    connectionId: body.connectionId || undefined,
    authMethodKey: body.authMethodKey || undefined,
    endUser: body.endUserId ? { externalId: body.endUserId } : undefined,
    partialIds: body.partialIds ?? undefined,
    input: body.input ?? {},
  };
  return {
    shape: earlier ? 'earlier' : 'current',
    integrationName,
    triggerName: body.triggerName,
    callbackUrl,
    callbackField,
    callbackHeaders: headers,
    callbackMetadata: body.callbackMetadata ?? {},
    target,
    ...(body.pollingIntervalMinutes !== undefined ? { pollingIntervalMinutes: body.pollingIntervalMinutes } : {}),
    simulate: body.simulate === true,
  };
}
