import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { DeliveryService } from '../../platform/delivery/delivery.js';
import { defineModule, type Platform } from '../../platform/module.js';
import { approvalPagesRoutes } from '../../web/approvals/approval-pages.routes.js';
import type { ApprovalPoliciesService } from '../approval-policies/approval-policies.service.js';
import type { MembersService } from '../members/members.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import { ApprovalGate } from './approval-gate.js';
import { ApprovalWebhooks } from './approval-webhooks.js';
import { expireApprovalsJob } from './approvals.jobs.js';
import { approvalsRoutes } from './approvals.routes.js';
import { Approval, Receipt as ApprovalReceipt } from './approvals.schemas.js';
import { ApprovalsService } from './approvals.service.js';
import { CodeRunApprovals } from './code-runs.service.js';
import { approvalMetrics } from './approvals.metrics.js';
import { countPending } from './approvals.repository.js';
import type { Registry } from 'prom-client';

/** Human Gates: approval requests, their review pages, notifications and receipts (0090). */
export const approvalsModule = defineModule<
  Pick<Platform, 'config' | 'orm' | 'log'> & {
    registry: IntegrationRegistry;
    workspaces: WorkspacesService;
    members: MembersService;
    approvalPolicies: ApprovalPoliciesService;
    delivery: DeliveryService;
    metrics: Registry;
  }
>()({
  name: 'approvals',
  build: ({ config, orm, registry, workspaces, members, approvalPolicies, delivery, metrics }) => {
    const approvalWebhooks = new ApprovalWebhooks({ delivery, publicUrl: config.publicUrl });
    const notifier = approvalMetrics(metrics, approvalWebhooks, () => countPending(orm));
    const approvals = new ApprovalsService({
      orm,
      registry,
      workspaces,
      members,
      policies: approvalPolicies,
      publicUrl: config.publicUrl,
      notifier,
    });
    const codeRunApprovals = new CodeRunApprovals({
      orm,
      approvals,
      policies: approvalPolicies,
      registry,
      publicUrl: config.publicUrl,
    });
    // The engine's gate: every call passes it before anything runs (0090).
    return { approvalWebhooks, approvals, codeRunApprovals, approvalGate: new ApprovalGate(approvals) };
  },
  routes: [approvalsRoutes, approvalPagesRoutes],
  schemas: [Approval, ApprovalReceipt],
  jobs: ({ approvals, log }) => [expireApprovalsJob(approvals, log)],
});
