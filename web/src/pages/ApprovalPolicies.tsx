import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useConfirmedDelete } from '../confirmed-delete';
import { PolicyForm } from '../gates/PolicyForm';
import { PolicyTest } from '../gates/PolicyTest';
import { TEMPLATES, fromPolicy, toBody, type Draft, type PolicyLike } from '../gates/policy-draft';
import { useOrg } from '../session';
import { Badge, Empty, ErrorNotice, Loading, Page } from '../ui';
import { useWorkspaces } from './Shell';

type Editing = { id: string | null; draft: Draft; key: string };

/** Human Gates policies of the organization: list, create from templates, edit, enable, delete and test. */
export function ApprovalPoliciesPage() {
  const { client, org, canManage } = useOrg();
  const qc = useQueryClient();
  const workspaces = useWorkspaces();
  const policies = useQuery({
    queryKey: [org.id, 'approval-policies'],
    queryFn: () => client.approvalPolicies.list({ query: { limit: 100 } }),
  });
  const members = useQuery({
    queryKey: [org.id, 'members'],
    enabled: canManage,
    queryFn: () => client.members.list({ query: { limit: 100 } }),
  });
  const [editing, setEditing] = useState<Editing | null>(null);
  const refresh = () => qc.invalidateQueries({ queryKey: [org.id, 'approval-policies'] });
  const save = useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: Draft }) =>
      id
        ? client.approvalPolicies.update({ id, body: toBody(draft) as never })
        : client.approvalPolicies.create({ body: toBody(draft) as never }),
    onSuccess: async () => {
      setEditing(null);
      await refresh();
    },
  });
  const enable = useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => client.approvalPolicies.update({ id, body: { enabled } }),
    onSettled: refresh,
  });
  const deleting = useConfirmedDelete<{ id: string; name: string }>({
    what: 'policy',
    consequence: 'Calls it matches run without it from now on; its past requests stay.',
    nameOf: (p) => p.name,
    remove: (p) => client.approvalPolicies.delete({ id: p.id }),
    then: refresh,
  });
  const ws = workspaces.data ?? [];
  const wsName = (id: string | null) => (id ? (ws.find((w) => w.id === id)?.name ?? id) : 'organization');
  const start = (id: string | null, draft: Draft) => {
    save.reset();
    setEditing({ id, draft, key: `${id ?? 'new'}-${Date.now()}` });
  };
  const list = (policies.data?.policies ?? []) as unknown as PolicyLike[];
  return (
    <Page title="Approval policies" intro="Human Gates: which calls wait for a person, and who decides.">
      <section aria-labelledby="pol-new" className="panel">
        <h2 id="pol-new">New policy</h2>
        <div className="cards">
          {TEMPLATES.map((tpl) => (
            <div key={tpl.id} className="card">
              <h3 className="card-title">{tpl.label}</h3>
              <p className="small muted">{tpl.intro}</p>
              <button type="button" className="secondary" onClick={() => start(null, tpl.draft)}>
                Use template<span className="visually-hidden"> {tpl.label}</span>
              </button>
            </div>
          ))}
        </div>
      </section>
      {editing ? (
        <section aria-labelledby="pol-edit" className="panel">
          <h2 id="pol-edit">{editing.id ? `Edit ${editing.draft.name}` : 'Create a policy'}</h2>
          <PolicyForm
            key={editing.key}
            initial={editing.draft}
            workspaces={ws}
            members={members.data?.members ?? []}
            submitLabel={editing.id ? 'Save policy' : 'Create policy'}
            pending={save.isPending}
            onSubmit={(draft) => save.mutate({ id: editing.id, draft })}
          >
            <ErrorNotice error={save.error} title="Could not save the policy" />
          </PolicyForm>
          <button type="button" className="secondary" onClick={() => setEditing(null)}>
            Cancel editing
          </button>
        </section>
      ) : null}
      <section aria-labelledby="pol-list">
        <h2 id="pol-list">Policies</h2>
        {policies.isPending ? <Loading what="policies" /> : null}
        <ErrorNotice error={policies.error} />
        <ErrorNotice error={enable.error} title="Could not switch the policy" />
        {list.length === 0 && policies.data ? <Empty title="No policies">Start from a template above.</Empty> : null}
        {list.length > 0 ? (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Scope</th>
                  <th scope="col">Sources</th>
                  <th scope="col">Decision</th>
                  <th scope="col">Enabled</th>
                  <th scope="col">Priority</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((p) => {
                  const id = String(p.id);
                  const name = String(p.name);
                  return (
                    <tr key={id}>
                      <td>{name}</td>
                      <td>{wsName((p.workspaceId as string | null) ?? null)}</td>
                      <td>{(p.sources as string[]).join(', ')}</td>
                      <td>
                        <Badge>{String(p.decision)}</Badge>
                      </td>
                      <td>
                        <label className="check">
                          <input
                            type="checkbox"
                            role="switch"
                            checked={p.enabled === true}
                            disabled={enable.isPending}
                            onChange={(e) => enable.mutate({ id, enabled: e.target.checked })}
                          />
                          <span className="visually-hidden">Enable {name}</span>
                        </label>
                      </td>
                      <td>{String(p.priority)}</td>
                      <td className="actions">
                        <button type="button" className="secondary" onClick={() => start(id, fromPolicy(p))}>
                          Edit<span className="visually-hidden"> {name}</span>
                        </button>{' '}
                        <button type="button" className="danger-outline" onClick={() => deleting.ask({ id, name })}>
                          Delete<span className="visually-hidden"> {name}</span>
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <section aria-labelledby="pol-test" className="panel">
        <h2 id="pol-test">Test against a sample call</h2>
        <PolicyTest policies={list} workspaces={ws} />
      </section>
      {deleting.dialog}
    </Page>
  );
}
