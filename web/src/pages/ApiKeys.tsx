import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useConfirmedDelete } from '../confirmed-delete';
import { useOrg } from '../session';
import { Badge, Empty, ErrorNotice, Field, Loading, Notice, Page, formatTime, Form } from '../ui';
import { useWorkspaces } from './Shell';

/** API keys: organization-wide or limited to workspaces, with the approvals permission; shown once, revoked here. */
export function ApiKeysPage() {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const workspaces = useWorkspaces();
  const keys = useQuery({ queryKey: [org.id, 'api-keys'], queryFn: () => client.apiKeys.list({ query: { limit: 100 } }) });
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'org' | 'workspace'>('org');
  const [chosen, setChosen] = useState<string[]>([]);
  const [decide, setDecide] = useState(false);
  const [expires, setExpires] = useState('');
  const create = useMutation({
    mutationFn: () =>
      client.apiKeys.create({
        body: {
          name,
          ...(expires ? { expiresAt: new Date(expires).toISOString() } : {}),
          permissions: { scope, ...(scope === 'workspace' ? { workspaceIds: chosen } : {}), approvals: { decide } },
        },
      }),
    onSuccess: async () => {
      setName('');
      await qc.invalidateQueries({ queryKey: [org.id, 'api-keys'] });
    },
  });
  const revoking = useConfirmedDelete<{ id: string; name: string }>({
    what: 'key',
    consequence: 'Calls with this key are refused from now on, on every node.',
    nameOf: (thing) => thing.name,
    remove: (thing) => client.apiKeys.delete({ id: thing.id }),
    then: async () => {
      await qc.invalidateQueries({ queryKey: [org.id, 'api-keys'] });
    },
  });
  const wsName = (id: string) => workspaces.data?.find((w) => w.id === id)?.name ?? id;
  return (
    <Page title="API keys" intro="Keys for your apps and agents. A key is shown once, when it is created.">
      <section aria-labelledby="key-new" className="panel">
        <h2 id="key-new">New key</h2>
        <Form className="stack" onSubmit={() => create.mutate()}>
          <Field label="Key name">
            {(id) => <input id={id} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Field label="Reach">
            {(id) => (
              <select id={id} value={scope} onChange={(e) => setScope(e.target.value as 'org' | 'workspace')}>
                <option value="org">The whole organization</option>
                <option value="workspace">Some workspaces</option>
              </select>
            )}
          </Field>
          {scope === 'workspace' ? (
            <fieldset>
              <legend>Workspaces</legend>
              {workspaces.data?.map((w) => (
                <label key={w.id} className="check">
                  <input
                    type="checkbox"
                    checked={chosen.includes(w.id)}
                    onChange={(e) => setChosen(e.target.checked ? [...chosen, w.id] : chosen.filter((x) => x !== w.id))}
                  />{' '}
                  {w.name}
                </label>
              ))}
            </fieldset>
          ) : null}
          <label className="check">
            <input type="checkbox" checked={decide} onChange={(e) => setDecide(e.target.checked)} /> May decide Human Gates
            approvals
          </label>
          <Field label="Expires" hint="Optional; in your local time.">
            {(id, hint) => (
              <input
                id={id}
                aria-describedby={hint}
                type="datetime-local"
                value={expires}
                onChange={(e) => setExpires(e.target.value)}
              />
            )}
          </Field>
          <ErrorNotice error={create.error} title="Could not create the key" />
          <button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create key'}
          </button>
        </Form>
        {create.data ? (
          <Notice>
            <p>
              The key <strong>{create.data.apiKey.name}</strong>; copy it now, it is not shown again:
            </p>
            <input
              aria-label="New API key"
              readOnly
              className="mono"
              value={create.data.plainKey}
              onFocus={(e) => e.target.select()}
            />
            <button type="button" className="secondary" onClick={() => void navigator.clipboard?.writeText(create.data.plainKey)}>
              Copy key
            </button>
          </Notice>
        ) : null}
      </section>
      <section aria-labelledby="key-list">
        <h2 id="key-list">Keys</h2>
        {keys.isPending ? <Loading what="keys" /> : null}
        <ErrorNotice error={keys.error} />
        {keys.data?.apiKeys.length === 0 ? <Empty title="No keys">Create one above.</Empty> : null}
        {keys.data && keys.data.apiKeys.length > 0 ? (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Key</th>
                  <th scope="col">Reach</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Expires</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {keys.data.apiKeys.map((k) => (
                  <tr key={k.id}>
                    <td>{k.name}</td>
                    <td>
                      <code>{k.keyPrefix}…</code>
                    </td>
                    <td>
                      {k.permissions?.scope === 'workspace'
                        ? (k.permissions.workspaceIds ?? []).map(wsName).join(', ')
                        : 'organization'}
                      {k.permissions === null || k.permissions.approvals?.decide ? (
                        <>
                          {' '}
                          <Badge>decides approvals</Badge>
                        </>
                      ) : null}
                    </td>
                    <td>{formatTime(k.lastUsedAt)}</td>
                    <td>{formatTime(k.expiresAt)}</td>
                    <td className="actions">
                      <button type="button" className="danger-outline" onClick={() => revoking.ask({ id: k.id, name: k.name })}>
                        Revoke<span className="visually-hidden"> {k.name}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      {revoking.dialog}
    </Page>
  );
}
