import { createHash } from 'node:crypto';
import { parse, type Node } from 'acorn';
import { extractFacts, normalizePath } from '../approval-policies/rules.js';

/**
 * Static analysis of a Code Mode script before it runs (docs/decisions/0065-code-mode-analysis.md): which
 * `switchboard.<alias>.<action>(...)` calls it can make, with the arguments known before running, which external
 * domains and storage paths appear, and what makes the prediction uncertain. Nothing is executed.
 */

/** The tools a Code Mode server exposes: one entry per configured alias. */
export interface ToolSurfaceEntry {
  alias: string;
  integrationName: string;
  actions: string[];
}

export interface PredictedCall {
  /** `<alias>.<action>` */
  tool: string;
  alias: string;
  integrationName: string | null;
  action: string;
  line: number;
  /** Arguments whose value is known before running (literals, constants); unknown parts are omitted. */
  staticInput: Record<string, unknown>;
  /** Some argument is only known at run time. */
  dynamicInput: boolean;
  /** Inside a loop or an iterating callback: may run several times. */
  repeated: boolean;
  /** Inside a branch (if, ternary, &&/||, try/catch): may not run. */
  conditional: boolean;
}

export interface CodeAnalysis {
  codeHash: string;
  toolSurfaceHash: string;
  predictedCalls: PredictedCall[];
  /** Distinct tools, in first-seen order. */
  predictedTools: string[];
  availableApps: Array<{ alias: string; integrationName: string }>;
  externalDomains: string[];
  storageIndicators: string[];
  dynamicSignals: string[];
  analysisConfidence: 'high' | 'medium' | 'low';
  parseError: string | null;
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** A stable hash of the tool surface: the same set of aliases and actions gives the same hash in any order. */
export function toolSurfaceHash(surface: readonly ToolSurfaceEntry[]): string {
  const canonical = [...surface]
    .map((e) => ({ alias: e.alias, integrationName: e.integrationName, actions: [...e.actions].sort() }))
    .sort((a, b) => (a.alias < b.alias ? -1 : a.alias > b.alias ? 1 : 0));
  return sha256(JSON.stringify(canonical));
}

const LOOP_TYPES = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);
const BRANCH_TYPES = new Set([
  'IfStatement',
  'ConditionalExpression',
  'LogicalExpression',
  'TryStatement',
  'SwitchStatement',
  'CatchClause',
]);
const ITERATING_METHODS = new Set([
  'forEach',
  'map',
  'flatMap',
  'filter',
  'reduce',
  'some',
  'every',
  'find',
  'all',
  'allSettled',
]);
const URL_RE = /\b(?:https?|wss?):\/\/[^\s"'<>`]+/gi;
const UNKNOWN = Symbol('unknown');

type AnyNode = Node & Record<string, any>;

export function analyzeCode(code: string, surface: readonly ToolSurfaceEntry[], rootName = 'switchboard'): CodeAnalysis {
  const byAlias = new Map(surface.map((e) => [e.alias, e]));
  const base = {
    codeHash: sha256(code),
    toolSurfaceHash: toolSurfaceHash(surface),
    availableApps: surface.map((e) => ({ alias: e.alias, integrationName: e.integrationName })),
  };
  let ast: AnyNode;
  try {
    ast = parse(code, {
      ecmaVersion: 'latest',
      sourceType: 'script',
      allowAwaitOutsideFunction: true,
      allowReturnOutsideFunction: true,
      locations: true,
    }) as AnyNode;
  } catch (err) {
    return {
      ...base,
      predictedCalls: [],
      predictedTools: [],
      externalDomains: [],
      storageIndicators: [],
      dynamicSignals: ['the code does not parse'],
      analysisConfidence: 'low',
      parseError: (err as Error).message,
    };
  }

  const signals = new Set<string>();
  const calls: PredictedCall[] = [];
  const domains = new Set<string>();
  const rootAliases = new Set([rootName]); // variables holding the switchboard object
  const appVars = new Map<string, string>(); // variable -> alias (const { gmail } = switchboard; const g = switchboard.gmail)
  const constants = new Map<string, unknown>(); // const x = <literal>

  /** The value of an expression when it is known statically, else UNKNOWN (objects keep their known parts). */
  const evaluate = (n: AnyNode | null | undefined): unknown => {
    if (!n) return UNKNOWN;
    switch (n.type) {
      case 'Literal':
        return n.regex ? UNKNOWN : n.value;
      case 'TemplateLiteral':
        return n.expressions.length === 0 ? n.quasis.map((q: AnyNode) => q.value.cooked).join('') : UNKNOWN;
      case 'Identifier':
        return constants.has(n.name) ? constants.get(n.name) : UNKNOWN;
      case 'UnaryExpression':
        if (n.operator === '-') {
          const v = evaluate(n.argument);
          return typeof v === 'number' ? -v : UNKNOWN;
        }
        return UNKNOWN;
      case 'ArrayExpression':
        return n.elements.map((e: AnyNode | null) => evaluate(e));
      case 'ObjectExpression': {
        const out: Record<string, unknown> = {};
        for (const p of n.properties as AnyNode[]) {
          if (p.type !== 'Property' || p.computed) continue;
          const k = p.key.type === 'Identifier' ? p.key.name : String(p.key.value);
          Object.defineProperty(out, k, { value: evaluate(p.value), enumerable: true, writable: true, configurable: true });
        }
        return out;
      }
      default:
        return UNKNOWN;
    }
  };
  /** Drops unknown parts; reports whether any part was unknown. */
  const known = (v: unknown): { value: unknown; partial: boolean } => {
    if (v === UNKNOWN) return { value: undefined, partial: true };
    if (Array.isArray(v)) {
      let partial = false;
      const arr = v.map((x) => {
        const k = known(x);
        partial ||= k.partial;
        return k.value;
      });
      return { value: arr, partial };
    }
    if (v && typeof v === 'object') {
      let partial = false;
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) {
        const r = known(x);
        partial ||= r.partial;
        if (r.value !== undefined)
          Object.defineProperty(out, k, { value: r.value, enumerable: true, writable: true, configurable: true });
      }
      return { value: out, partial };
    }
    return { value: v, partial: false };
  };

  const propName = (m: AnyNode): string | null => {
    if (!m.computed && m.property.type === 'Identifier') return m.property.name;
    const v = evaluate(m.property);
    return typeof v === 'string' ? v : null;
  };
  /** alias for `switchboard.<alias>` / `switchboard['<alias>']` / an app variable; undefined when not the root. */
  const aliasOf = (n: AnyNode): string | null | undefined => {
    if (n.type === 'Identifier') return appVars.get(n.name);
    if (n.type === 'MemberExpression' && n.object.type === 'Identifier' && rootAliases.has(n.object.name)) return propName(n);
    return undefined;
  };
  const line = (n: AnyNode) => n.loc?.start.line ?? 0;

  const visit = (n: AnyNode, loop: boolean, branch: boolean): void => {
    if (!n || typeof n.type !== 'string') return;
    // Bookkeeping: constants and aliases of the switchboard object.
    if (n.type === 'VariableDeclarator') {
      const init = n.init as AnyNode | null;
      if (n.id.type === 'Identifier' && init) {
        if (init.type === 'Identifier' && rootAliases.has(init.name)) rootAliases.add(n.id.name);
        const alias = aliasOf(init);
        if (typeof alias === 'string') appVars.set(n.id.name, alias);
        const v = evaluate(init);
        if (v !== UNKNOWN && (typeof v !== 'object' || v === null)) constants.set(n.id.name, v);
      }
      if (n.id.type === 'ObjectPattern' && init?.type === 'Identifier' && rootAliases.has(init.name)) {
        for (const p of n.id.properties as AnyNode[]) {
          if (p.type === 'Property' && !p.computed && p.value.type === 'Identifier')
            appVars.set(p.value.name, p.key.type === 'Identifier' ? p.key.name : String(p.key.value));
          else signals.add(`line ${line(p)}: tools are taken from ${rootName} in a way the analysis cannot follow`);
        }
      }
    }
    if (n.type === 'Identifier' && (n.name === 'eval' || n.name === 'Function'))
      signals.add(`line ${line(n)}: ${n.name} runs code the analysis cannot see`);
    if (n.type === 'ImportExpression') signals.add(`line ${line(n)}: dynamic import`);
    if (n.type === 'Literal' && typeof n.value === 'string') for (const m of n.value.matchAll(URL_RE)) addDomain(m[0]);
    if (n.type === 'TemplateElement') for (const m of String(n.value.cooked ?? '').matchAll(URL_RE)) addDomain(m[0]);
    if (
      n.type === 'MemberExpression' &&
      n.object.type === 'Identifier' &&
      rootAliases.has(n.object.name) &&
      propName(n) === null
    ) {
      signals.add(`line ${line(n)}: an app of ${rootName} is chosen at run time`);
    }

    if (n.type === 'CallExpression') {
      const callee = n.callee as AnyNode;
      if (callee.type === 'Identifier' && callee.name === 'fetch')
        signals.add(`line ${line(n)}: fetch() reaches the network directly`);
      if (callee.type === 'MemberExpression') {
        const alias = aliasOf(callee.object);
        if (alias === null) signals.add(`line ${line(n)}: an app of ${rootName} is chosen at run time`);
        else if (typeof alias === 'string') {
          const action = propName(callee);
          if (action === null) signals.add(`line ${line(n)}: an action of ${alias} is chosen at run time`);
          else {
            const entry = byAlias.get(alias);
            if (!entry || !entry.actions.includes(action))
              signals.add(`line ${line(n)}: ${alias}.${action} is not a tool of this server`);
            const arg = n.arguments[0] as AnyNode | undefined;
            const { value, partial } = known(arg ? evaluate(arg) : {});
            const staticInput =
              value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
            const dynamicInput = partial || (arg !== undefined && (value === undefined || typeof value !== 'object'));
            if (dynamicInput) signals.add(`line ${line(n)}: some input of ${alias}.${action} is only known at run time`);
            if (loop) signals.add(`line ${line(n)}: ${alias}.${action} may run several times`);
            calls.push({
              tool: `${alias}.${action}`,
              alias,
              integrationName: entry?.integrationName ?? null,
              action,
              line: line(n),
              staticInput,
              dynamicInput,
              repeated: loop,
              conditional: branch,
            });
          }
        }
      }
    }

    const iterating =
      n.type === 'CallExpression' &&
      n.callee?.type === 'MemberExpression' &&
      ITERATING_METHODS.has(propName(n.callee as AnyNode) ?? '');
    const inLoop = loop || LOOP_TYPES.has(n.type) || iterating;
    const inBranch = branch || BRANCH_TYPES.has(n.type);
    for (const [k, child] of Object.entries(n)) {
      if (k === 'loc' || k === 'start' || k === 'end') continue;
      if (Array.isArray(child)) for (const c of child) visit(c as AnyNode, inLoop, inBranch);
      else if (child && typeof child === 'object' && typeof (child as AnyNode).type === 'string')
        visit(child as AnyNode, inLoop, inBranch);
    }
  };
  function addDomain(raw: string): void {
    try {
      domains.add(new URL(raw.replace(/[),.;]+$/, '')).hostname.toLowerCase());
    } catch {
      /* not a URL after all */
    }
  }
  visit(ast, false, false);

  const storage = new Set<string>();
  for (const c of calls) {
    const facts = extractFacts(c.staticInput);
    for (const d of facts.domains) domains.add(d);
    for (const p of facts.paths) storage.add(`${c.tool}: ${normalizePath(p)}`);
  }
  const dynamicSignals = [...signals];
  const severe = dynamicSignals.some((s) =>
    /chosen at run time|cannot see|cannot follow|dynamic import|not a tool of this server/.test(s),
  );
  return {
    ...base,
    predictedCalls: calls,
    predictedTools: [...new Set(calls.map((c) => c.tool))],
    externalDomains: [...domains].sort(),
    storageIndicators: [...storage],
    dynamicSignals,
    analysisConfidence: severe ? 'low' : dynamicSignals.length ? 'medium' : 'high',
    parseError: null,
  };
}

/** One policy decision covering some of a run's predicted calls. */
export interface ApprovalGroup {
  approvalPolicyId: string | null;
  approvalPolicyName: string;
  decision: string;
  tools: string[];
  reasons: string[];
}

/**
 * Groups a run's predicted calls by the policy that governs each (as the gate would select it): one approval per
 * policy group. `select` is the gate's own selection (ApprovalPoliciesService.select) for one call.
 */
export async function groupByPolicy(
  analysis: CodeAnalysis,
  select: (
    call: PredictedCall,
  ) => Promise<{ policy: { id: string | null; name: string; decision: string }; reasons: string[] } | null>,
): Promise<{ groups: ApprovalGroup[]; approvalRequiredTools: string[] }> {
  const groups = new Map<string, ApprovalGroup>();
  for (const call of analysis.predictedCalls) {
    const s = await select(call);
    if (!s) continue;
    const k = s.policy.id ?? s.policy.name;
    const g = groups.get(k) ?? {
      approvalPolicyId: s.policy.id,
      approvalPolicyName: s.policy.name,
      decision: s.policy.decision,
      tools: [],
      reasons: [],
    };
    if (!g.tools.includes(call.tool)) g.tools.push(call.tool);
    for (const r of s.reasons) if (!g.reasons.includes(`${call.tool}: ${r}`)) g.reasons.push(`${call.tool}: ${r}`);
    groups.set(k, g);
  }
  const all = [...groups.values()];
  return {
    groups: all,
    approvalRequiredTools: [...new Set(all.filter((g) => g.decision === 'require_approval').flatMap((g) => g.tools))],
  };
}

/** The inputPreview of one batch approval (type mcp_code_batch_run); siblings of one run share codeRunId. */
export function batchPreview(
  analysis: CodeAnalysis,
  codeRunId: string,
  groups: ApprovalGroup[],
  approvalRequiredTools: string[],
  intentSummary: string | null,
) {
  const counts = new Map<string, number>();
  for (const c of analysis.predictedCalls) counts.set(c.tool, (counts.get(c.tool) ?? 0) + 1);
  const impact = [...counts].map(
    ([tool, n]) => `${tool} ×${n}${analysis.predictedCalls.some((c) => c.tool === tool && c.repeated) ? ' (in a loop)' : ''}`,
  );
  return {
    type: 'mcp_code_batch_run' as const,
    codeRunId,
    intentSummary:
      intentSummary ??
      `Runs ${analysis.predictedTools.length} tool(s): ${analysis.predictedTools.join(', ') || 'none predicted'}`,
    impactSummary: impact.join('; ') || 'no tool calls predicted',
    predictedTools: analysis.predictedTools,
    approvalRequiredTools,
    approvalGroups: groups.map((g) => ({
      approvalPolicyId: g.approvalPolicyId,
      approvalPolicyName: g.approvalPolicyName,
      decision: g.decision,
      tools: g.tools,
    })),
    availableApps: analysis.availableApps,
    externalDomains: analysis.externalDomains,
    storageIndicators: analysis.storageIndicators,
    analysisConfidence: analysis.analysisConfidence,
    dynamicSignals: analysis.dynamicSignals,
    codeHash: analysis.codeHash,
    toolSurfaceHash: analysis.toolSurfaceHash,
  };
}
