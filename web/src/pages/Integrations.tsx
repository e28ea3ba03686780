import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Logo, useCatalog, type Integration } from '../catalog';
import { useConfirmedDelete } from '../confirmed-delete';
import { useOrg } from '../session';
import { Badge, Dialog, Empty, ErrorNotice, Field, Loading, Page, Form } from '../ui';
import { useCurrentWorkspaceId } from './Shell';

export interface WorkspaceIntegration {
  id: string;
  integrationName: string;
  alias: string;
  displayName: string | null;
  connectionStrategy: string;
  authMethodKey: string;
  connectionId: string | null;
  enabledActions: string[] | null;
  settings: Record<string, unknown>;
  connectionStatus: string;
  connectionDisplayName: string | null;
}

export function useWorkspaceIntegrations(workspaceId: string | null) {
  const { client, org } = useOrg();
  return useQuery({
    queryKey: [org.id, 'workspace-integrations', workspaceId],
    enabled: workspaceId !== null,
    queryFn: async () =>
      (await client.workspaceIntegrations.list({ workspaceId: workspaceId! })).integrations as WorkspaceIntegration[],
  });
}

/** GET /connections answers in the current shape unless asked for the earlier one (pieceName/projectId). */
export function connectionsOf<T extends object>(res: T): Extract<T, { connections: unknown }>['connections'] {
  if (!('connections' in res)) throw new Error('Unexpected connections answer');
  return (res as Extract<T, { connections: unknown }>).connections;
}

export function useConnections(workspaceId: string | null, integrationName?: string) {
  const { client, org } = useOrg();
  return useQuery({
    queryKey: [org.id, 'connections', workspaceId, integrationName ?? null],
    enabled: workspaceId !== null,
    queryFn: async () =>
      connectionsOf(
        await client.connections.list({
          query: { workspaceId: workspaceId!, limit: 100, ...(integrationName ? { integrationName } : {}) },
        }),
      ),
  });
}

const STRATEGIES = [
  ['fixed', 'One connection for every call'],
  ['per_user', "Each end user's own connection"],
  ['per_user_with_fallback', "The end user's own, else the fixed one"],
] as const;

interface Draft {
  integrationName: string;
  alias: string;
  displayName: string;
  authMethodKey: string;
  connectionStrategy: string;
  connectionId: string;
  enabledActions: string[] | null;
  settings: string;
}

const draftOf = (i: Integration | undefined, wi?: WorkspaceIntegration): Draft => ({
  integrationName: wi?.integrationName ?? i?.name ?? '',
  alias: wi?.alias ?? '',
  displayName: wi?.displayName ?? '',
  authMethodKey: wi?.authMethodKey ?? i?.authOptions[0]?.key ?? '',
  connectionStrategy: wi?.connectionStrategy ?? 'fixed',
  connectionId: wi?.connectionId ?? '',
  enabledActions: wi?.enabledActions ?? null,
  settings: JSON.stringify(wi?.settings ?? {}, null, 2),
});

/** The add and edit form: choices from the catalog entry, the workspace's connections of that integration. */
function IntegrationForm(props: {
  workspaceId: string;
  integration: Integration;
  existing?: WorkspaceIntegration;
  onDone: () => void;
}) {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const [d, setD] = useState<Draft>(() => draftOf(props.integration, props.existing));
  const connections = useConnections(props.workspaceId, props.integration.name);
  const actions = Object.entries(props.integration.actions);
  const save = useMutation({
    mutationFn: async () => {
      let settings: Record<string, unknown>;
      try {
        settings = JSON.parse(d.settings || '{}') as Record<string, unknown>;
      } catch {
        throw new Error('Settings must be a JSON object.');
      }
      const body = {
        ...(d.alias ? { alias: d.alias } : {}),
        ...(d.displayName ? { displayName: d.displayName } : {}),
        ...(d.authMethodKey ? { authMethodKey: d.authMethodKey } : {}),
        // An integration that needs no connection has no strategy to choose.
        ...(props.integration.authOptions.length > 0 ? { connectionStrategy: d.connectionStrategy as 'fixed' } : {}),
        ...(d.connectionId ? { connectionId: d.connectionId } : {}),
        ...(d.enabledActions ? { enabledActions: d.enabledActions } : {}),
        settings,
      };
      if (props.existing)
        return client.workspaceIntegrations.update({
          workspaceId: props.workspaceId,
          id: props.existing.id,
          body: { ...body, enabledActions: d.enabledActions },
        });
      return client.workspaceIntegrations.create({
        workspaceId: props.workspaceId,
        body: { integrationName: props.integration.name, ...body },
      });
    },
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: [org.id, 'workspace-integrations', props.workspaceId] });
      props.onDone();
    },
  });
  const set = (k: keyof Draft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setD({ ...d, [k]: e.target.value });
  const toggleAction = (name: string, on: boolean) => {
    const all = actions.map(([n]) => n);
    const current = d.enabledActions ?? all;
    const next = on ? [...new Set([...current, name])] : current.filter((n) => n !== name);
    setD({ ...d, enabledActions: next.length === all.length ? null : next });
  };
  return (
    <Form className="stack" onSubmit={() => save.mutate()}>
      <Field label="Alias" hint="How calls and MCP tools name this integration in the workspace; default its name.">
        {(id, hint) => (
          <input
            id={id}
            aria-describedby={hint}
            pattern="[a-z][a-z0-9_\-]*"
            maxLength={64}
            value={d.alias}
            onChange={set('alias')}
          />
        )}
      </Field>
      <Field label="Display name">
        {(id) => <input id={id} maxLength={200} value={d.displayName} onChange={set('displayName')} />}
      </Field>
      {props.integration.authOptions.length > 0 ? (
        <>
          <Field label="Auth method">
            {(id) => (
              <select id={id} value={d.authMethodKey} onChange={set('authMethodKey')}>
                {props.integration.authOptions.map((a) => (
                  <option key={a.key} value={a.key}>
                    {a.displayName} ({a.type})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Connection strategy">
            {(id) => (
              <select id={id} value={d.connectionStrategy} onChange={set('connectionStrategy')}>
                {STRATEGIES.map(([v, label]) => (
                  <option key={v} value={v}>
                    {label}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {d.connectionStrategy !== 'per_user' ? (
            <Field
              label="Connection"
              hint={connections.data?.length === 0 ? 'No connection yet: create one on the Connections page.' : undefined}
            >
              {(id, hint) => (
                <select id={id} aria-describedby={hint} value={d.connectionId} onChange={set('connectionId')}>
                  <option value="">None yet</option>
                  {(connections.data ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.displayName} ({c.externalId})
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
        </>
      ) : null}
      <fieldset>
        <legend>Enabled actions</legend>
        {actions.map(([name, a]) => (
          <label key={name} className="check">
            <input
              type="checkbox"
              checked={d.enabledActions === null || d.enabledActions.includes(name)}
              onChange={(e) => toggleAction(name, e.target.checked)}
            />{' '}
            {a.displayName} <code>{name}</code>
          </label>
        ))}
      </fieldset>
      <Field label="Settings (JSON)" hint="Owner-controlled settings of the integration; calls cannot override them.">
        {(id, hint) => (
          <textarea id={id} aria-describedby={hint} className="mono" rows={4} value={d.settings} onChange={set('settings')} />
        )}
      </Field>
      <ErrorNotice error={save.error} title="Could not save the integration" />
      <div className="row">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : props.existing ? 'Save changes' : 'Add integration'}
        </button>
        <button type="button" className="secondary" onClick={props.onDone}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

export function IntegrationsPage() {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const workspaceId = useCurrentWorkspaceId();
  const catalog = useCatalog();
  const list = useWorkspaceIntegrations(workspaceId);
  const [adding, setAdding] = useState<string>('');
  const [open, setOpen] = useState<'add' | WorkspaceIntegration | null>(null);
  const deleting = useConfirmedDelete<WorkspaceIntegration>({
    what: 'integration',
    consequence: 'Calls and MCP tools that name this alias stop working. Connections are kept.',
    nameOf: (thing) => thing.alias,
    remove: (thing) => client.workspaceIntegrations.delete({ workspaceId: workspaceId!, id: thing.id }),
    then: async () => {
      await qc.invalidateQueries({ queryKey: [org.id, 'workspace-integrations', workspaceId] });
    },
  });
  if (!workspaceId)
    return (
      <Page title="Integrations">
        <Empty title="Create a workspace first">
          <Link to={`/o/${org.id}/workspaces`}>Go to workspaces</Link>
        </Empty>
      </Page>
    );
  const byName = new Map((catalog.data ?? []).map((i) => [i.name, i]));
  const chosen = open === 'add' ? byName.get(adding) : open ? byName.get(open.integrationName) : undefined;
  return (
    <Page title="Integrations" intro="The integrations this workspace uses, how they connect and which actions they offer.">
      <Form className="inline-form" onSubmit={() => adding && setOpen('add')}>
        <Field label="Add an integration">
          {(id) => (
            <select id={id} value={adding} onChange={(e) => setAdding(e.target.value)} required>
              <option value="">Choose from the catalog…</option>
              {(catalog.data ?? []).map((i) => (
                <option key={i.name} value={i.name}>
                  {i.displayName}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button type="submit" disabled={!adding}>
          Configure
        </button>
      </Form>
      {list.isPending ? <Loading what="integrations" /> : null}
      <ErrorNotice error={list.error} />
      {list.data?.length === 0 ? (
        <Empty title="No integrations in this workspace">
          <p>Choose one above; without one, calls name the integration directly and use its defaults.</p>
        </Empty>
      ) : null}
      <ul className="cards">
        {list.data?.map((wi) => {
          const i = byName.get(wi.integrationName);
          return (
            <li key={wi.id} className="card">
              <div className="card-head">
                {i ? <Logo integration={i} /> : null}
                <span className="card-title">{wi.displayName ?? i?.displayName ?? wi.integrationName}</span>
                <code>{wi.alias}</code>
              </div>
              <p className="small">
                {wi.connectionStrategy} · auth {wi.authMethodKey || 'none'} ·{' '}
                <Badge tone={wi.connectionStatus === 'connected' || wi.connectionStatus === 'ACTIVE' ? 'ok' : 'neutral'}>
                  {wi.connectionDisplayName ? `${wi.connectionDisplayName}: ` : ''}
                  {wi.connectionStatus}
                </Badge>
              </p>
              <p className="small muted">
                {wi.enabledActions === null ? 'All actions enabled' : `${wi.enabledActions.length} actions enabled`}
              </p>
              <div className="row">
                <button type="button" className="secondary" onClick={() => setOpen(wi)}>
                  Edit<span className="visually-hidden"> {wi.alias}</span>
                </button>
                <Link
                  className="button secondary"
                  to={`/o/${org.id}/w/${workspaceId}/playground?alias=${encodeURIComponent(wi.alias)}`}
                >
                  Try in playground<span className="visually-hidden"> ({wi.alias})</span>
                </Link>
                <button type="button" className="danger-outline" onClick={() => deleting.ask(wi)}>
                  Remove<span className="visually-hidden"> {wi.alias}</span>
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      <Dialog
        open={open !== null && chosen !== undefined}
        title={open === 'add' ? `Add ${chosen?.displayName ?? ''}` : `Edit ${chosen?.displayName ?? ''}`}
        onClose={() => setOpen(null)}
      >
        {chosen && open ? (
          <IntegrationForm
            key={open === 'add' ? `add-${chosen.name}` : open.id}
            workspaceId={workspaceId}
            integration={chosen}
            {...(open !== 'add' ? { existing: open } : {})}
            onDone={() => setOpen(null)}
          />
        ) : null}
      </Dialog>
      {deleting.dialog}
    </Page>
  );
}
