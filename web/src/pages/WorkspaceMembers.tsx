import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useOrg } from '../session';
import { Dialog, Empty, ErrorNotice, Field, Form, Loading } from '../ui';

/**
 * Who works in one workspace: organization members with the role member reach only the workspaces they are added to
 * here (owners and admins reach every workspace). Add with a workspace role, remove.
 */
export function WorkspaceMembersDialog(props: { workspace: { id: string; name: string } | null; onClose: () => void }) {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const ws = props.workspace;
  const key = [org.id, 'workspace-members', ws?.id];
  const members = useQuery({
    queryKey: [org.id, 'members'],
    queryFn: () => client.members.list(),
    enabled: ws !== null,
  });
  const inWorkspace = useQuery({
    queryKey: key,
    queryFn: () => client.workspaceMembers.list({ query: { workspaceId: ws!.id, limit: 100 } }),
    enabled: ws !== null,
  });
  const [form, setForm] = useState({ memberId: '', role: 'member' as 'member' | 'admin' });
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: () => client.workspaceMembers.add({ body: { workspaceId: ws!.id, ...form } }),
    onSuccess: async () => {
      setForm({ memberId: '', role: 'member' });
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => client.workspaceMembers.delete({ id }),
    onSuccess: refresh,
  });
  const byId = new Map((members.data?.members ?? []).map((m) => [m.id, m]));
  const rows = inWorkspace.data?.projectMembers ?? [];
  const added = new Set(rows.map((r) => r.memberId));
  const addable = (members.data?.members ?? []).filter((m) => !added.has(m.id));
  const close = () => {
    add.reset();
    remove.reset();
    props.onClose();
  };
  return (
    <Dialog open={ws !== null} title={`People in ${ws?.name ?? ''}`} onClose={close}>
      <p className="muted">
        Members with the role member reach only the workspaces they are added to; owners and admins reach all.
      </p>
      {inWorkspace.isPending || members.isPending ? <Loading what="the workspace's members" /> : null}
      <ErrorNotice error={inWorkspace.error ?? members.error} />
      {inWorkspace.data && rows.length === 0 ? <Empty title="Nobody added yet" /> : null}
      <ul className="plain">
        {rows.map((r) => {
          const m = byId.get(r.memberId);
          const label = m ? m.userName || m.userEmail : r.memberId;
          return (
            <li key={r.id}>
              {label} {m ? <span className="muted small">({m.userEmail})</span> : null} · workspace {r.role}{' '}
              <button type="button" className="danger-outline" disabled={remove.isPending} onClick={() => remove.mutate(r.id)}>
                Remove<span className="visually-hidden"> {label}</span>
              </button>
            </li>
          );
        })}
      </ul>
      <ErrorNotice error={remove.error} title="Could not remove them" />
      <Form className="stack" onSubmit={() => add.mutate()}>
        <Field label="Member">
          {(id) => (
            <select id={id} required value={form.memberId} onChange={(e) => setForm({ ...form, memberId: e.target.value })}>
              <option value="">Choose…</option>
              {addable.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.userName ? `${m.userName} (${m.userEmail})` : m.userEmail} · {m.role}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Workspace role">
          {(id) => (
            <select
              id={id}
              value={form.role}
              onChange={(e) => setForm({ ...form, role: e.target.value === 'admin' ? 'admin' : 'member' })}
            >
              <option value="member">member</option>
              <option value="admin">admin</option>
            </select>
          )}
        </Field>
        <ErrorNotice error={add.error} title="Could not add them" />
        <div className="row">
          <button type="submit" disabled={add.isPending}>
            Add to workspace
          </button>
          <button type="button" className="secondary" onClick={close}>
            Close
          </button>
        </div>
      </Form>
    </Dialog>
  );
}
