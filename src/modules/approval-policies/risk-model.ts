import { fetch } from 'undici';
import { EgressGuard } from '../../platform/egress.js';

/** What a model is asked about one call: only the redacted preview, never raw input or credentials. */
export interface RiskQuestion {
  policy: { name: string; description: string | null; rules: Record<string, unknown> };
  call: {
    source: string;
    integrationName: string;
    integrationAlias: string | null;
    actionName: string;
    categories: string[];
    inputPreview: unknown;
    ruleFindings: string[];
  };
}

export interface RiskAnswer {
  risky: boolean;
  reasons: string[];
}

/** A risk assessor for riskMode model_assisted. Throws when it cannot answer (the caller falls back to rules). */
export interface RiskModel {
  readonly label: string;
  assess(q: RiskQuestion): Promise<RiskAnswer>;
}

export interface RiskModelConfig {
  /** Base URL of an OpenAI-compatible API, e.g. https://api.openai.com/v1 */
  url: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
}

const SYSTEM_PROMPT = [
  'You review actions an AI agent or an application is about to run against third-party services on behalf of a',
  'company. Decide whether a human should approve this call before it runs, judged against the policy given.',
  'Values shown as [REDACTED] were hidden on purpose. Answer only with a JSON object:',
  '{"requiresApproval": boolean, "reasons": [short strings]}.',
].join(' ');

/**
 * Any chat-completions API speaking the OpenAI shape (OpenAI, Azure OpenAI, vLLM, Ollama, LiteLLM, ...), called
 * through the SSRF guard with a deadline.
 */
export class OpenAiCompatibleRiskModel implements RiskModel {
  private readonly guard: EgressGuard;
  readonly label: string;

  constructor(
    private readonly config: RiskModelConfig,
    egressAllow: readonly string[],
  ) {
    this.guard = new EgressGuard(egressAllow);
    this.label = `model ${config.model}`;
  }

  async assess(q: RiskQuestion): Promise<RiskAnswer> {
    const url = `${this.config.url.replace(/\/+$/, '')}/chat/completions`;
    const res = await fetch(url, {
      method: 'POST',
      dispatcher: this.guard.dispatcher(),
      signal: AbortSignal.timeout(this.config.timeoutMs),
      headers: {
        'content-type': 'application/json',
        ...(this.config.apiKey ? { authorization: `Bearer ${this.config.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: this.config.model,
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: JSON.stringify(q) },
        ],
      }),
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new Error(`the model provider answered HTTP ${res.status}`);
    }
    const body = (await res.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') throw new Error('the model provider answered without a message');
    let parsed: unknown;
    try {
      parsed = JSON.parse(content.replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch {
      throw new Error('the model answer is not JSON');
    }
    const p = parsed as { requiresApproval?: unknown; reasons?: unknown };
    if (typeof p.requiresApproval !== 'boolean') throw new Error('the model answer has no requiresApproval boolean');
    const reasons = Array.isArray(p.reasons)
      ? p.reasons
          .filter((r): r is string => typeof r === 'string')
          .map((r) => r.slice(0, 300))
          .slice(0, 10)
      : [];
    return { risky: p.requiresApproval, reasons };
  }

  async close(): Promise<void> {
    await this.guard.close();
  }
}
