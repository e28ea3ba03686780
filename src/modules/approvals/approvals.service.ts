import type { IntegrationRegistry } from '../../integrations/registry.js';
import type { GateContext, GateResult } from '../../engine/types.js';
import type { Orm } from '../../platform/db/database.js';
import type { Actor } from '../../platform/http/access.js';
import type { MembersService } from '../members/members.service.js';
import type { WorkspacesService } from '../workspaces/workspaces.service.js';
import type { ApprovalPoliciesService } from '../approval-policies/approval-policies.service.js';
import type { PolicyDef } from '../approval-policies/matching.js';
import { ApprovalDecisions, type DecisionAction } from './approval-decisions.js';
import type { ApprovalNotifier } from './approval-events.js';
import { ApprovalReads } from './approval-reads.js';
import { ApprovalRequests, type RequestBase } from './approval-requests.js';
import type * as repo from './approvals.repository.js';
import type { DecisionInput, ListApprovalsInput } from './approvals.schemas.js';

export interface ApprovalsDeps {
  orm: Orm;
  registry: IntegrationRegistry;
  workspaces: WorkspacesService;
  /** Who may review on the review pages: a user's memberships and roles. */
  members: MembersService;
  policies: ApprovalPoliciesService;
  publicUrl: string;
  /** Lifecycle notifications (approval webhooks). */
  notifier: ApprovalNotifier;
}

/**
 * Approval requests and receipts: the gate's decisions, reviewers' decisions (API, pages, hosted links), timeouts.
 * A receipt binds an approval to (idempotency key, input hash): exactly that retry may run, once.
 * The one service callers hold; each use case lives in its own file (requests, reads, decisions).
 */
export class ApprovalsService {
  private readonly requests: ApprovalRequests;
  private readonly reads: ApprovalReads;
  private readonly decisions: ApprovalDecisions;

  constructor(deps: ApprovalsDeps) {
    this.requests = new ApprovalRequests(deps);
    this.reads = new ApprovalReads(deps);
    this.decisions = new ApprovalDecisions(deps);
  }

  // ---- the gate (approval-requests.ts) ----------------------------------------------------------------------

  check(ctx: GateContext): Promise<GateResult> {
    return this.requests.check(ctx);
  }

  /**
   * A new pending request (and its approval.requested event, in the same transaction). An identical pending request
   * (same idempotency key and input hash) is returned instead of a second one; then no link token is issued.
   */
  createPending(base: RequestBase, policy: PolicyDef, idempotencyKey: string | null) {
    return this.requests.createPending(base, policy, idempotencyKey);
  }

  summary(row: repo.RequestRow, linkToken: string | null) {
    return this.requests.summary(row, linkToken);
  }

  // ---- reading (approval-reads.ts) --------------------------------------------------------------------------

  list(actor: Actor, q: ListApprovalsInput) {
    return this.reads.list(actor, q);
  }

  /** A request with its recent webhook deliveries: what REST (and any other caller) shows of one request. */
  get(actor: Actor, id: string) {
    return this.reads.get(actor, id);
  }

  /** What the end-user portal shows an end user (see ApprovalReads.forEndUser). */
  forEndUser(orgId: string, workspaceId: string, endUserId: string, recent = 5) {
    return this.reads.forEndUser(orgId, workspaceId, endUserId, recent);
  }

  /** The raw row for the review pages, which check the reviewer themselves (userMayReview, rowForLink). */
  findRowById(id: string) {
    return this.reads.findRowById(id);
  }

  /** What waits for a signed-in reviewer on the review pages (the list at /approvals). */
  waitingFor(userId: string) {
    return this.reads.waitingFor(userId);
  }

  receiptFor(orgId: string, approvalId: string) {
    return this.reads.receiptFor(orgId, approvalId);
  }

  // ---- deciding and timeouts (approval-decisions.ts) --------------------------------------------------------

  /** approve / reject / cancel with an API key: approvals.decide within the request's scope. */
  decideWithKey(actor: Actor, apiKeyId: string | null, id: string, action: DecisionAction, input: DecisionInput = {}) {
    return this.decisions.decideWithKey(actor, apiKeyId, id, action, input);
  }

  /** The same, by a signed-in member allowed by the policy's approvers (the review page). */
  decideAsMember(member: Actor & { userId: string; email: string }, id: string, action: DecisionAction, input: DecisionInput) {
    return this.decisions.decideAsMember(member, id, action, input);
  }

  decideAsUser(user: { userId: string; email: string }, id: string, action: DecisionAction, input: DecisionInput) {
    return this.decisions.decideAsUser(user, id, action, input);
  }

  /** The same, by the holder of the hosted link (a bearer link, valid while the request is pending). */
  decideWithLink(id: string, token: string, action: Exclude<DecisionAction, 'cancel'>, input: DecisionInput) {
    return this.decisions.decideWithLink(id, token, action, input);
  }

  /** End-user approvers decide their own requests (the end-user portal calls this). */
  decideAsEndUser(orgId: string, endUserId: string, id: string, action: Exclude<DecisionAction, 'cancel'>, input: DecisionInput) {
    return this.decisions.decideAsEndUser(orgId, endUserId, id, action, input);
  }

  /** The row a hosted link opens, or null when the token is wrong, the mode has no link, or the request ended. */
  rowForLink(id: string, token: string) {
    return this.decisions.rowForLink(id, token);
  }

  /** Whether the request's organization is suspended (the review pages then show only that). */
  orgSuspended(row: repo.RequestRow) {
    return this.decisions.orgSuspended(row);
  }

  /** Members allowed by the policy's org_role and dashboard_user approvers (owners and admins when it names none). */
  userMayReview(row: repo.RequestRow, userId: string) {
    return this.decisions.userMayReview(row, userId);
  }

  /** Ends every pending request whose time is up (the approvals-expire job). Returns how many ended. */
  expireDue(now = new Date()) {
    return this.decisions.expireDue(now);
  }
}
