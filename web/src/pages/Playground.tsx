import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { clientFor } from '../api';
import { useCatalog } from '../catalog';
import { PropsForm, inputOf, type FormValues } from '../PropsForm';
import { useOrg } from '../session';
import { Badge, Empty, ErrorNotice, Field, Page, Form } from '../ui';
import { useConnections, useWorkspaceIntegrations } from './Integrations';
import { useCurrentWorkspaceId } from './Shell';

interface Run {
  status: string;
  output: unknown;
  approval?: { id: string; approvalUrl?: string | null } | undefined;
  ms: number;
}

/**
 * Run any enabled action of the workspace with a form built from its props. Calls are sent with source
 * `playground`, so the policies that name that source apply to them (and the activity log shows it).
 */
export function PlaygroundPage() {
  const { org } = useOrg();
  const workspaceId = useCurrentWorkspaceId();
  const [params, setParams] = useSearchParams();
  const catalog = useCatalog();
  const integrations = useWorkspaceIntegrations(workspaceId);
  const alias = params.get('alias') ?? '';
  const actionName = params.get('action') ?? '';
  const wi = integrations.data?.find((w) => w.alias === alias);
  const integration = catalog.data?.find((i) => i.name === wi?.integrationName);
  const actions = Object.entries(integration?.actions ?? {}).filter(
    ([n]) => !wi?.enabledActions || wi.enabledActions.includes(n),
  );
  const action = integration?.actions[actionName];
  const connections = useConnections(workspaceId, integration?.name);
  const [connection, setConnection] = useState('');
  const [endUserId, setEndUserId] = useState('');
  const [values, setValues] = useState<FormValues>({});
  const [skipDefaults, setSkipDefaults] = useState<string[] | null>(null);
  const { client: orgClient } = useOrg();
  const partials = useQuery({
    queryKey: [org.id, 'partials', workspaceId],
    enabled: workspaceId !== null,
    queryFn: async () => (await orgClient.partials.list({ query: { workspaceId: workspaceId! } })).partials,
  });
  const applicable = (partials.data ?? []).filter(
    (p) =>
      (p.integrationAlias === alias || p.integrationName === integration?.name) && (!p.actionName || p.actionName === actionName),
  );
  const [chosenPartials, setChosenPartials] = useState<string[]>([]);
  // What the applied partials give the call: their fields become optional, enforced ones read-only.
  const applied = applicable.filter((p) => chosenPartials.includes(p.id) || (p.isDefault && skipDefaults === null));
  const provided = Object.assign({}, ...applied.map((p) => p.values)) as Record<string, unknown>;
  const enforced = new Set(applied.flatMap((p) => p.enforcedKeys));
  const playground = useMemo(() => clientFor(org.id, { 'x-switchboard-source': 'playground' }), [org.id]);
  const run = useMutation({
    mutationFn: async (): Promise<Run> => {
      const { input, problems } = inputOf(action?.props ?? {}, values);
      if (problems.length) throw new Error(problems.join('; '));
      const started = performance.now();
      const res = await playground.actions.execute({
        body: {
          integrationName: integration!.name,
          actionName,
          workspaceId: workspaceId!,
          integrationAlias: alias,
          input: input,
          ...(connection ? { connectionExternalId: connection } : {}),
          ...(endUserId ? { endUserId } : {}),
          ...(chosenPartials.length || skipDefaults ? { partialIds: chosenPartials } : {}),
        },
      });
      const ms = Math.round(performance.now() - started);
      return res.status === 'approval_required'
        ? { status: res.status, output: null, approval: res.approval, ms }
        : { status: res.status, output: res.output, ms };
    },
  });
  const select = (next: { alias?: string; action?: string }) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next))
      if (v) p.set(k, v);
      else p.delete(k);
    setParams(p, { replace: true });
    setValues({});
    run.reset();
  };
  if (!workspaceId)
    return (
      <Page title="Playground">
        <Empty title="Create a workspace first">
          <Link to={`/o/${org.id}/workspaces`}>Go to workspaces</Link>
        </Empty>
      </Page>
    );
  return (
    <Page
      title="Playground"
      intro="Run an action of this workspace and see its output, errors and timing. Runs are recorded as source “playground”."
    >
      {integrations.data?.length === 0 ? (
        <Empty title="No integrations in this workspace">
          <Link to={`/o/${org.id}/w/${workspaceId}/integrations`}>Add an integration first</Link>
        </Empty>
      ) : null}
      <div className="split">
        <Form className="stack panel" onSubmit={() => run.mutate()}>
          <Field label="Integration">
            {(id) => (
              <select id={id} required value={alias} onChange={(e) => select({ alias: e.target.value, action: '' })}>
                <option value="">Choose…</option>
                {integrations.data?.map((w) => (
                  <option key={w.id} value={w.alias}>
                    {w.displayName ?? w.alias} ({w.integrationName})
                  </option>
                ))}
              </select>
            )}
          </Field>
          {integration ? (
            <Field label="Action">
              {(id) => (
                <select id={id} required value={actionName} onChange={(e) => select({ alias, action: e.target.value })}>
                  <option value="">Choose…</option>
                  {actions.map(([n, a]) => (
                    <option key={n} value={n}>
                      {a.displayName}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          {integration && integration.authOptions.length > 0 ? (
            <>
              <Field label="Connection" hint="Default: the workspace integration's strategy decides.">
                {(id, hint) => (
                  <select id={id} aria-describedby={hint} value={connection} onChange={(e) => setConnection(e.target.value)}>
                    <option value="">As configured</option>
                    {connections.data?.map((c) => (
                      <option key={c.id} value={c.externalId}>
                        {c.displayName} ({c.externalId})
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="End user (external id)" hint="For per-user strategies.">
                {(id, hint) => (
                  <input id={id} aria-describedby={hint} value={endUserId} onChange={(e) => setEndUserId(e.target.value)} />
                )}
              </Field>
            </>
          ) : null}
          {action ? (
            <>
              {action.description ? <p className="hint">{action.description}</p> : null}
              {applicable.length > 0 ? (
                <fieldset>
                  <legend>Partials</legend>
                  {applicable.map((p) => (
                    <label key={p.id} className="check">
                      <input
                        type="checkbox"
                        checked={chosenPartials.includes(p.id) || (p.isDefault && skipDefaults === null)}
                        onChange={(e) => {
                          const base =
                            skipDefaults === null ? applicable.filter((x) => x.isDefault).map((x) => x.id) : chosenPartials;
                          setSkipDefaults([]);
                          setChosenPartials(e.target.checked ? [...base, p.id] : base.filter((x) => x !== p.id));
                        }}
                      />{' '}
                      {p.name} {p.isDefault ? <Badge>default</Badge> : null}
                    </label>
                  ))}
                </fieldset>
              ) : null}
              <fieldset>
                <legend>Input</legend>
                <PropsForm
                  provided={provided}
                  locked={enforced}
                  props={action.props}
                  values={values}
                  onChange={setValues}
                  dynamic={{
                    integrationName: integration.name,
                    actionName,
                    workspaceId,
                    integrationAlias: alias,
                    connectionExternalId: connection || undefined,
                  }}
                />
              </fieldset>
              <button type="submit" disabled={run.isPending}>
                {run.isPending ? 'Running…' : 'Run action'}
              </button>
            </>
          ) : null}
        </Form>
        <section className="panel" aria-labelledby="result-h" aria-live="polite">
          <h2 id="result-h">Result</h2>
          {!run.data && !run.error && !run.isPending ? <p className="muted">Run an action to see its output here.</p> : null}
          {run.isPending ? <p role="status">Running…</p> : null}
          <ErrorNotice error={run.error} title="The call was refused" />
          {run.data ? (
            <div className="stack">
              <p>
                <Badge tone={run.data.status === 'success' ? 'ok' : run.data.status === 'failed' ? 'bad' : 'warn'}>
                  {run.data.status}
                </Badge>{' '}
                <span className="muted">in {run.data.ms} ms</span>
              </p>
              {run.data.approval ? (
                <p>
                  A Human Gates policy paused this call until someone decides (approval <code>{run.data.approval.id}</code>).
                </p>
              ) : (
                <pre className="output" tabIndex={0} aria-label="Output">
                  {JSON.stringify(run.data.output, null, 2)}
                </pre>
              )}
            </div>
          ) : null}
        </section>
      </div>
    </Page>
  );
}
