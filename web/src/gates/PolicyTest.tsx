import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useOrg } from '../session';
import { Badge, ErrorNotice, Field, Form } from '../ui';
import { SOURCES, STRATEGIES, fromPolicy, toBody, type PolicyLike } from './policy-draft';

/** "Test against a sample call": POST /approval-policies/test with a stored policy and the context of a call. */
export function PolicyTest({
  policies,
  workspaces,
}: {
  policies: PolicyLike[];
  workspaces: Array<{ id: string; name: string }>;
}) {
  const { client } = useOrg();
  const [policyId, setPolicyId] = useState('');
  const [ctx, setCtx] = useState({
    workspaceId: '',
    source: 'mcp_tools',
    integrationName: '',
    integrationAlias: '',
    actionName: '',
    connectionStrategy: '',
    input: '{}',
  });
  const [inputError, setInputError] = useState<string | null>(null);
  const set = (k: keyof typeof ctx) => (e: { target: { value: string } }) => setCtx({ ...ctx, [k]: e.target.value });
  const run = useMutation({
    mutationFn: (input: Record<string, unknown>) => {
      const policy = policies.find((p) => p.id === policyId) ?? policies[0]!;
      return client.approvalPolicies.test({
        body: {
          policy: toBody(fromPolicy(policy)),
          context: {
            ...(ctx.workspaceId ? { workspaceId: ctx.workspaceId } : {}),
            source: ctx.source,
            integrationName: ctx.integrationName,
            ...(ctx.integrationAlias ? { integrationAlias: ctx.integrationAlias } : {}),
            actionName: ctx.actionName,
            connectionStrategy: ctx.connectionStrategy || null,
            input,
          },
        } as never,
      });
    },
  });
  const submit = () => {
    try {
      const input = JSON.parse(ctx.input || '{}') as unknown;
      if (!input || typeof input !== 'object' || Array.isArray(input)) throw new Error('not an object');
      setInputError(null);
      run.mutate(input as Record<string, unknown>);
    } catch {
      setInputError('The input must be a JSON object.');
    }
  };
  if (policies.length === 0) return <p className="muted">Create a policy first to test it.</p>;
  return (
    <Form className="stack" aria-label="Test a policy" onSubmit={submit}>
      <Field label="Policy to test">
        {(id) => (
          <select id={id} value={policyId || String(policies[0]?.id)} onChange={(e) => setPolicyId(e.target.value)}>
            {policies.map((p) => (
              <option key={String(p.id)} value={String(p.id)}>
                {String(p.name)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Sample workspace">
        {(id) => (
          <select id={id} value={ctx.workspaceId} onChange={set('workspaceId')}>
            <option value="">None</option>
            {workspaces.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Sample source">
        {(id) => (
          <select id={id} value={ctx.source} onChange={set('source')}>
            {SOURCES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Sample integration" required>
        {(id) => <input id={id} required value={ctx.integrationName} onChange={set('integrationName')} />}
      </Field>
      <Field label="Sample alias">
        {(id) => <input id={id} value={ctx.integrationAlias} onChange={set('integrationAlias')} />}
      </Field>
      <Field label="Sample action" required>
        {(id) => <input id={id} required value={ctx.actionName} onChange={set('actionName')} />}
      </Field>
      <Field label="Sample connection strategy">
        {(id) => (
          <select id={id} value={ctx.connectionStrategy} onChange={set('connectionStrategy')}>
            <option value="">No connection</option>
            {STRATEGIES.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        )}
      </Field>
      <Field label="Sample input (JSON)">
        {(id) => <textarea id={id} className="mono" rows={3} value={ctx.input} onChange={set('input')} />}
      </Field>
      {inputError ? (
        <p className="notice error" role="alert">
          {inputError}
        </p>
      ) : null}
      <ErrorNotice error={run.error} title="Could not test the policy" />
      <button type="submit" disabled={run.isPending}>
        {run.isPending ? 'Testing…' : 'Test policy'}
      </button>
      {run.data ? (
        <div className="notice ok" role="status" aria-label="Test result">
          <p>
            Decision <Badge tone={run.data.matched ? 'warn' : 'ok'}>{run.data.decision}</Badge>{' '}
            {run.data.matched ? 'The policy matches this call.' : 'The policy does not apply to this call.'}
          </p>
          {run.data.reasons.length ? (
            <ul>
              {run.data.reasons.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </Form>
  );
}
