import type { ExecutionGate, GateContext, GateResult } from '../../engine/types.js';
import type { ApprovalsService } from './approvals.service.js';

/** Human Gates at the engine's gate step: every execution, from every source, passes here. */
export class ApprovalGate implements ExecutionGate {
  constructor(private readonly approvals: ApprovalsService) {}

  check(ctx: GateContext): Promise<GateResult> {
    return this.approvals.check(ctx);
  }
}
