import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { InvalidationBus } from '../../platform/invalidation.js';
import { defineModule, type Platform } from '../../platform/module.js';
import type { MembersService } from '../members/members.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { redactInput } from '../approvals/redact.js';
import { approvalPoliciesRoutes } from './approval-policies.routes.js';
import { Policy as ApprovalPolicy } from './approval-policies.schemas.js';
import { ApprovalPoliciesService } from './approval-policies.service.js';
import { OpenAiCompatibleRiskModel } from './risk-model.js';

/** Human Gates' policies, with the optional risk model that classifies calls. */
export const approvalPoliciesModule = defineModule<
  Pick<Platform, 'config' | 'orm'> & {
    bus: InvalidationBus;
    registry: IntegrationRegistry;
    workspaces: WorkspacesService;
    members: MembersService;
  }
>()({
  name: 'approvalPolicies',
  build: ({ config, orm, bus, registry, workspaces, members }) => {
    const riskModel = config.approvalModel ? new OpenAiCompatibleRiskModel(config.approvalModel, config.egressAllow) : null;
    const approvalPolicies = new ApprovalPoliciesService({
      orm,
      workspaces,
      members,
      bus,
      registry,
      model: riskModel,
      egressAllow: config.egressAllow,
      preview: (input, enforcedKeys) => redactInput(input, { enforcedKeys }).preview,
    });
    return { riskModel, approvalPolicies };
  },
  routes: [approvalPoliciesRoutes],
  schemas: [ApprovalPolicy],
  lifecycle: ({ riskModel }) => ({ close: async () => riskModel?.close() }),
});
