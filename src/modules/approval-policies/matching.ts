import type { ExecutionSource } from '../../engine/types.js';
import type { PolicyDecision, PolicyRulesInput } from './approval-policies.schemas.js';
import { categorizeAction } from './categories.js';
import type { RiskModel } from './risk-model.js';
import { evaluateRules, hasRules } from './rules.js';

/** A policy as the gate evaluates it (a stored one, or the unsaved definition of POST /approval-policies/test). */
export interface PolicyDef {
  id: string | null;
  name: string;
  description: string | null;
  workspaceId: string | null;
  enabled: boolean;
  priority: number;
  sources: string[];
  mcpServerIds: string[];
  workspaceIntegrationIds: string[];
  integrationNames: string[];
  integrationAliases: string[];
  actionNames: string[];
  connectionStrategies: string[];
  endUserMode: string;
  decision: PolicyDecision;
  riskMode: string;
  rules: PolicyRulesInput;
  approvers: Array<Record<string, unknown>>;
  timeoutSeconds: number;
  defaultOnTimeout: string;
  reuseWindowSeconds: number | null;
  approvalAccessMode: string;
  /** Why the stored policy cannot be evaluated (a field that fails its schema), or null: such a policy holds calls. */
  problem: string | null;
}

/** The facts of one execution that policies are matched against. */
export interface MatchContext {
  workspaceId: string | null;
  source: ExecutionSource;
  mcpServerId: string | null;
  workspaceIntegrationId: string | null;
  integrationName: string;
  integrationAlias: string | null;
  integrationCategories: readonly string[];
  actionName: string;
  actionDisplayName: string | undefined;
  connectionStrategy: string | null;
  endUserId: string | null;
  input: Record<string, unknown>;
  /** The redacted input, computed on demand: what a model may see. */
  preview: () => unknown;
}

export interface PolicyVerdict {
  /** The filters match and the risk mode says the policy applies. */
  applies: boolean;
  filtersMatch: boolean;
  reasons: string[];
  /** The decision the call gets when it is not the policy's own: a policy that cannot be evaluated holds the call. */
  decision?: PolicyDecision;
}

const SEVERITY: Record<PolicyDecision, number> = { block: 4, require_approval: 3, notify_only: 2, auto_approve: 1 };

const fmt = (xs: readonly string[]) => `[${xs.join(', ')}]`;

/** Why the filters do not match, or null when they all do. An empty filter list matches everything. */
export function filterMismatch(p: PolicyDef, c: MatchContext): string | null {
  if (p.workspaceId !== null && p.workspaceId !== c.workspaceId) return 'the policy belongs to another workspace';
  if (!p.sources.includes(c.source)) return `source ${c.source} is not in sources ${fmt(p.sources)}`;
  if (p.mcpServerIds.length && !(c.mcpServerId && p.mcpServerIds.includes(c.mcpServerId)))
    return `the call does not come from one of mcpServerIds ${fmt(p.mcpServerIds)}`;
  if (
    p.workspaceIntegrationIds.length &&
    !(c.workspaceIntegrationId && p.workspaceIntegrationIds.includes(c.workspaceIntegrationId))
  ) {
    return 'the workspace integration is not in workspaceIntegrationIds';
  }
  if (p.integrationNames.length && !p.integrationNames.includes(c.integrationName))
    return `integration ${c.integrationName} is not in integrationNames ${fmt(p.integrationNames)}`;
  const alias = c.integrationAlias ?? c.integrationName;
  if (p.integrationAliases.length && !p.integrationAliases.includes(alias))
    return `alias ${alias} is not in integrationAliases ${fmt(p.integrationAliases)}`;
  if (p.actionNames.length && !p.actionNames.includes(c.actionName))
    return `action ${c.actionName} is not in actionNames ${fmt(p.actionNames)}`;
  if (p.connectionStrategies.length && !(c.connectionStrategy && p.connectionStrategies.includes(c.connectionStrategy))) {
    return `connection strategy ${c.connectionStrategy ?? 'none'} is not in connectionStrategies ${fmt(p.connectionStrategies)}`;
  }
  if (p.endUserMode === 'end_user_present' && !c.endUserId) return 'endUserMode end_user_present: the call names no end user';
  if (p.endUserMode === 'no_end_user' && c.endUserId) return 'endUserMode no_end_user: the call names an end user';
  return null;
}

/**
 * Whether one policy applies to a call, and why. riskMode always: whenever the filters match; rules: when a rule
 * fires, or always when no rule is configured (rules narrow a policy, like filters); model_assisted: when the model
 * judges the call risky or a rule fires (rules are a floor), falling back to rules alone, and saying so, when no
 * model is configured or it cannot answer. A policy that cannot be evaluated (unreadable when stored, or its
 * evaluation throws) applies whenever its filters match and holds the call: it never fails open (0090).
 */
export async function evaluatePolicy(p: PolicyDef, c: MatchContext, model: RiskModel | null): Promise<PolicyVerdict> {
  if (!p.enabled) return { applies: false, filtersMatch: false, reasons: ['the policy is disabled'] };
  const mismatch = filterMismatch(p, c);
  if (mismatch) return { applies: false, filtersMatch: false, reasons: [mismatch] };
  if (p.problem) return held(p, p.problem);
  try {
    return await evaluateRisk(p, c, model);
  } catch {
    return held(p, 'its evaluation failed');
  }
}

/** The verdict of a policy that cannot be evaluated: a block still refuses, anything else needs a person. */
function held(p: PolicyDef, problem: string): PolicyVerdict {
  const decision: PolicyDecision = p.decision === 'block' ? 'block' : 'require_approval';
  const outcome = decision === 'block' ? 'the call is refused' : 'the call is held for a person to review';
  return {
    applies: true,
    filtersMatch: true,
    reasons: [`the policy "${p.name}" cannot be evaluated (${problem}); ${outcome}`],
    decision,
  };
}

async function evaluateRisk(p: PolicyDef, c: MatchContext, model: RiskModel | null): Promise<PolicyVerdict> {
  const action = categorizeAction(
    { name: c.integrationName, categories: c.integrationCategories },
    { name: c.actionName, displayName: c.actionDisplayName },
    c.input,
  );
  const fired = evaluateRules(p.rules, { integrationName: c.integrationName, actionName: c.actionName, action, input: c.input });
  if (p.riskMode === 'always') {
    return {
      applies: true,
      filtersMatch: true,
      reasons: [`riskMode always: every call matching the filters of "${p.name}" is covered`, ...fired],
    };
  }
  if (p.riskMode === 'model_assisted') {
    if (!model) {
      const note = 'model_assisted: no model provider is configured; evaluated the rules instead';
      return rulesVerdict(p, fired, [note]);
    }
    try {
      const answer = await model.assess({
        policy: { name: p.name, description: p.description, rules: p.rules },
        call: {
          source: c.source,
          integrationName: c.integrationName,
          integrationAlias: c.integrationAlias,
          actionName: c.actionName,
          categories: action.categories,
          inputPreview: c.preview(),
          ruleFindings: fired,
        },
      });
      const modelReasons = answer.reasons.map((r) => `${model.label}: ${r}`);
      if (answer.risky)
        return {
          applies: true,
          filtersMatch: true,
          reasons: [...(modelReasons.length ? modelReasons : [`${model.label}: requires approval`]), ...fired],
        };
      if (fired.length)
        return { applies: true, filtersMatch: true, reasons: [`${model.label} saw no risk, but rules fired`, ...fired] };
      return { applies: false, filtersMatch: true, reasons: [`${model.label}: no approval needed`, ...modelReasons] };
    } catch (err) {
      const note = `model_assisted: the model provider could not answer (${(err as Error).message.slice(0, 200)}); evaluated the rules instead`;
      return rulesVerdict(p, fired, [note]);
    }
  }
  return rulesVerdict(p, fired, []);
}

/** Rules narrow a policy: with none configured it covers every call its filters match; with some, one must fire. */
function rulesVerdict(p: PolicyDef, fired: string[], notes: string[]): PolicyVerdict {
  if (fired.length) return { applies: true, filtersMatch: true, reasons: [...notes, ...fired] };
  if (!hasRules(p.rules)) {
    return {
      applies: true,
      filtersMatch: true,
      reasons: [...notes, `no rules are configured: every call matching the filters of "${p.name}" is covered`],
    };
  }
  return { applies: false, filtersMatch: true, reasons: [...notes, 'no rule fired'] };
}

/** Lowest priority value wins; then the most severe decision (block > require_approval > notify_only > auto_approve); then policy id. */
export function comparePolicies(a: PolicyDef, b: PolicyDef): number {
  if (a.priority !== b.priority) return a.priority - b.priority;
  if (a.decision !== b.decision) return SEVERITY[b.decision] - SEVERITY[a.decision];
  return (a.id ?? '').localeCompare(b.id ?? '');
}

/** The winning policy among those that apply, with its reasons; null when none applies. */
export async function selectPolicy(
  policies: readonly PolicyDef[],
  c: MatchContext,
  model: RiskModel | null,
): Promise<{ policy: PolicyDef; reasons: string[] } | null> {
  // Evaluated in selection order, so a model is consulted only until the winner is known.
  for (const p of [...policies].sort(comparePolicies)) {
    const v = await evaluatePolicy(p, c, model);
    if (v.applies) return { policy: v.decision ? { ...p, decision: v.decision } : p, reasons: v.reasons };
  }
  return null;
}
