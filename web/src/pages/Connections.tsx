import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCatalog, type AuthOption } from '../catalog';
import { useConfirmedDelete } from '../confirmed-delete';
import { useOrg } from '../session';
import { Badge, connectionTone, healthTone, Dialog, Empty, ErrorNotice, Field, formatTime, Loading, Page, Form } from '../ui';
import { useConnections } from './Integrations';
import { EndUsers } from './EndUsers';
import { useCurrentWorkspaceId } from './Shell';

type Connection = NonNullable<ReturnType<typeof useConnections>['data']>[number];

/** A hosted connect session that finished, either way. */
const ENDED = new Set(['COMPLETED', 'FAILED']);

/** The body of POST /connections for an auth option's fields (`field` says where each value goes). */
function credentialBody(option: AuthOption, values: Record<string, string>) {
  const body: Record<string, unknown> = { type: option.type === 'OAUTH2' ? 'OAUTH2' : option.type };
  const props: Record<string, string> = {};
  for (const [name, p] of Object.entries(option.props)) {
    const v = values[name];
    if (v === undefined || v === '') continue;
    if (p.field.startsWith('props.')) props[p.field.slice(6)] = v;
    else body[p.field] = v;
  }
  if (Object.keys(props).length) body.props = props;
  return body;
}

function NewConnection({ workspaceId, onDone }: { workspaceId: string; onDone: () => void }) {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const catalog = useCatalog();
  const withAuth = (catalog.data ?? []).filter((i) => i.authOptions.length > 0);
  const [integrationName, setIntegrationName] = useState('');
  const integration = withAuth.find((i) => i.name === integrationName);
  const [authKey, setAuthKey] = useState('');
  const option = integration?.authOptions.find((a) => a.key === authKey) ?? integration?.authOptions[0];
  const [externalId, setExternalId] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [scope, setScope] = useState<'WORKSPACE' | 'ORGANIZATION' | 'USER'>('WORKSPACE');
  const [endUserId, setEndUserId] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [hosted, setHosted] = useState<{ url: string; sessionId: string } | null>(null);
  const common = () => ({
    integrationName,
    externalId: externalId || `${integrationName}-${Date.now().toString(36)}`,
    displayName: displayName || integration?.displayName || integrationName,
    workspaceId,
    ...(option ? { authMethodKey: option.key } : {}),
    scope,
    ...(scope === 'USER' ? { endUserId } : {}),
  });
  const create = useMutation({
    mutationFn: () => client.connections.create({ body: { ...common(), ...credentialBody(option!, values) } }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: [org.id, 'connections'] });
      onDone();
    },
  });
  const startHosted = useMutation({
    mutationFn: async () => {
      const c = common();
      const res = await client.connect.createToken({
        body: {
          integrationName: c.integrationName,
          externalId: c.externalId,
          connectionName: c.displayName,
          workspaceId,
          scope,
          ...(option ? { authMethodKey: option.key } : {}),
          ...(scope === 'USER' ? { endUserId } : {}),
        },
      });
      return { url: res.connectUrl, sessionId: res.sessionId };
    },
    onSuccess: (h) => {
      setHosted(h);
      window.open(h.url, 'switchboard-connect', 'popup,width=520,height=720');
    },
  });
  const session = useQuery({
    queryKey: [org.id, 'connect-session', hosted?.sessionId],
    enabled: hosted !== null,
    queryFn: async () => (await client.connect.getSession({ sessionId: hosted!.sessionId })).session,
    refetchInterval: (q) => (q.state.data && ENDED.has(q.state.data.status) ? false : 1000),
  });
  const done = session.data !== undefined && ENDED.has(session.data.status);
  return (
    <div className="stack">
      <Field label="Integration">
        {(id) => (
          <select
            id={id}
            value={integrationName}
            required
            onChange={(e) => {
              setIntegrationName(e.target.value);
              setAuthKey('');
              setValues({});
            }}
          >
            <option value="">Choose…</option>
            {withAuth.map((i) => (
              <option key={i.name} value={i.name}>
                {i.displayName}
              </option>
            ))}
          </select>
        )}
      </Field>
      {integration ? (
        <>
          {integration.authOptions.length > 1 ? (
            <Field label="Auth method">
              {(id) => (
                <select id={id} value={option?.key ?? ''} onChange={(e) => setAuthKey(e.target.value)}>
                  {integration.authOptions.map((a) => (
                    <option key={a.key} value={a.key}>
                      {a.displayName} ({a.type})
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          <Field label="Scope">
            {(id) => (
              <select id={id} value={scope} onChange={(e) => setScope(e.target.value as typeof scope)}>
                <option value="WORKSPACE">This workspace</option>
                <option value="ORGANIZATION">The whole organization</option>
                <option value="USER">One end user</option>
              </select>
            )}
          </Field>
          {scope === 'USER' ? (
            <Field label="End user (external id)">
              {(id) => <input id={id} required value={endUserId} onChange={(e) => setEndUserId(e.target.value)} />}
            </Field>
          ) : null}
          <Field label="External id" hint="Your own id for this connection; calls name it as connectionExternalId.">
            {(id, hint) => (
              <input
                id={id}
                aria-describedby={hint}
                maxLength={255}
                value={externalId}
                onChange={(e) => setExternalId(e.target.value)}
              />
            )}
          </Field>
          <Field label="Display name">
            {(id) => <input id={id} maxLength={255} value={displayName} onChange={(e) => setDisplayName(e.target.value)} />}
          </Field>
          {option && option.type !== 'OAUTH2' ? (
            <Form className="stack" onSubmit={() => create.mutate()}>
              {Object.entries(option.props).map(([name, p]) => (
                <Field key={name} label={p.displayName} required={p.required ?? false} hint={p.description}>
                  {(id, hint) => (
                    <input
                      id={id}
                      aria-describedby={hint}
                      type={p.secret || p.type === 'SECRET_TEXT' ? 'password' : 'text'}
                      autoComplete="off"
                      required={p.required ?? false}
                      value={values[name] ?? ''}
                      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
                    />
                  )}
                </Field>
              ))}
              <ErrorNotice error={create.error} title="Could not create the connection" />
              <button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Checking and saving…' : 'Save connection'}
              </button>
            </Form>
          ) : null}
          <div className="stack">
            <p className="muted small">
              {option?.type === 'OAUTH2'
                ? 'This integration signs in with OAuth2:'
                : 'The form above stores the credentials as given; on the hosted page the integration checks them first:'}
            </p>
            <button
              type="button"
              className={option?.type === 'OAUTH2' ? '' : 'secondary'}
              onClick={() => startHosted.mutate()}
              disabled={startHosted.isPending || (scope === 'USER' && !endUserId)}
            >
              Connect on the hosted page
            </button>
            <ErrorNotice error={startHosted.error} />
            {hosted ? (
              <p className="small">
                The connect page opened in a new window (or <a href={hosted.url}>open it here</a>).{' '}
                {done ? (
                  <Badge tone={session.data?.status === 'COMPLETED' ? 'ok' : 'bad'}>
                    {session.data?.status === 'COMPLETED' ? 'Connected' : 'Not connected'}
                  </Badge>
                ) : (
                  <span role="status">Waiting for it to finish…</span>
                )}
              </p>
            ) : null}
            {done ? (
              <button
                type="button"
                onClick={() => {
                  void qc.invalidateQueries({ queryKey: [org.id, 'connections'] });
                  onDone();
                }}
              >
                Done
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </div>
  );
}

export function ConnectionsPage() {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const workspaceId = useCurrentWorkspaceId();
  const connections = useConnections(workspaceId);
  const [adding, setAdding] = useState(false);
  const deleting = useConfirmedDelete<Connection>({
    what: 'connection',
    consequence: 'Its credentials are erased; calls and triggers that use it fail until it is connected again.',
    nameOf: (thing) => thing.externalId,
    remove: (thing) => client.connections.delete({ id: thing.id }),
    then: async () => {
      await qc.invalidateQueries({ queryKey: [org.id, 'connections'] });
    },
  });
  const reconnect = useMutation({
    mutationFn: async (c: Connection) => {
      const res = await client.connect.createToken({
        body: {
          integrationName: c.integrationName,
          externalId: c.externalId,
          connectionName: c.displayName,
          workspaceId: workspaceId!,
          authMethodKey: c.authMethodKey,
          scope: c.scope,
          ...(c.scope === 'USER' && c.endUserId ? { endUserId: c.endUserId } : {}),
        },
      });
      window.open(res.connectUrl, 'switchboard-connect', 'popup,width=520,height=720');
      return res;
    },
  });
  if (!workspaceId)
    return (
      <Page title="Connections">
        <Empty title="Create a workspace first">
          <Link to={`/o/${org.id}/workspaces`}>Go to workspaces</Link>
        </Empty>
      </Page>
    );
  return (
    <Page
      title="Connections"
      intro="Credentials, encrypted at rest and never shown again, for the organization, this workspace or one end user."
      actions={
        <button type="button" onClick={() => setAdding(true)}>
          New connection
        </button>
      }
    >
      {connections.isPending ? <Loading what="connections" /> : null}
      <ErrorNotice error={connections.error} />
      <ErrorNotice error={reconnect.error} title="Could not start reconnecting" />
      {connections.data?.length === 0 ? (
        <Empty title="No connections yet">
          <p>Create one with “New connection”: by form, or on the hosted connect page for OAuth2.</p>
        </Empty>
      ) : null}
      {connections.data && connections.data.length > 0 ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Connection</th>
                <th scope="col">Integration</th>
                <th scope="col">Scope</th>
                <th scope="col">Status</th>
                <th scope="col">Health</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {connections.data.map((c) => (
                <tr key={c.id}>
                  <td>
                    {c.displayName}
                    <br />
                    <code className="small">{c.externalId}</code>
                  </td>
                  <td>{c.integrationName}</td>
                  <td>
                    {c.scope.toLowerCase()}
                    {c.endUserId ? <span className="small muted"> · end user</span> : null}
                  </td>
                  <td>
                    <Badge tone={connectionTone(c.status)}>{c.status}</Badge>{' '}
                    {c.verification === 'verified' ? (
                      <Badge tone="ok">checked</Badge>
                    ) : (
                      <Badge tone="neutral">saved, not checked</Badge>
                    )}
                    {c.statusMessage ? <span className="small muted"> {c.statusMessage}</span> : null}
                  </td>
                  <td>
                    <Badge tone={healthTone(c.health)}>{c.health.replace('_', ' ')}</Badge>
                    {c.lastError ? <span className="small muted"> {c.lastError.message}</span> : null}
                    {c.credentialExpiresAt ? (
                      <span className="small muted"> Credentials expire {formatTime(c.credentialExpiresAt)}</span>
                    ) : null}
                  </td>
                  <td>{c.lastUsedAt ? formatTime(c.lastUsedAt) : 'never'}</td>
                  <td className="actions">
                    <button type="button" className="secondary" onClick={() => reconnect.mutate(c)}>
                      Reconnect<span className="visually-hidden"> {c.externalId}</span>
                    </button>
                    <button type="button" className="danger-outline" onClick={() => deleting.ask(c)}>
                      Delete<span className="visually-hidden"> {c.externalId}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <EndUsers workspaceId={workspaceId} />
      <Dialog open={adding} title="New connection" onClose={() => setAdding(false)}>
        {adding ? <NewConnection workspaceId={workspaceId} onDone={() => setAdding(false)} /> : null}
      </Dialog>
      {deleting.dialog}
    </Page>
  );
}
