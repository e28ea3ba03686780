import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useConfirmedDelete } from '../confirmed-delete';
import { useOrg } from '../session';
import { Empty, ErrorNotice, Field, Loading, Notice, Page, formatTime, Form } from '../ui';

/** Members and invitations: invite with a role, change roles, remove (owners and admins; the API decides). */
export function MembersPage() {
  const { client, org, person } = useOrg();
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: [org.id, 'members'] });
  const members = useQuery({ queryKey: [org.id, 'members'], queryFn: () => client.members.list({ query: { limit: 100 } }) });
  const invitations = useQuery({ queryKey: [org.id, 'members', 'invitations'], queryFn: () => client.members.listInvitations() });
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const invite = useMutation({
    mutationFn: () => client.members.invite({ body: { email, role } }),
    onSuccess: async () => {
      setEmail('');
      await refresh();
    },
  });
  const setMemberRole = useMutation({
    mutationFn: (v: { id: string; role: 'owner' | 'admin' | 'member' }) =>
      client.members.update({ id: v.id, body: { role: v.role } }),
    onSettled: refresh,
  });
  const revokeInvitation = useMutation({
    mutationFn: (id: string) => client.members.deleteInvitation({ invitationId: id }),
    onSettled: refresh,
  });
  const removing = useConfirmedDelete<{ id: string; email: string }>({
    what: 'member',
    consequence: 'They lose access to this organization at their next request.',
    nameOf: (thing) => thing.email,
    remove: (thing) => client.members.delete({ id: thing.id }),
    then: async () => {
      await refresh();
    },
  });
  return (
    <Page title="Members" intro="The people of this organization and what they may do.">
      <section aria-labelledby="inv-new" className="panel">
        <h2 id="inv-new">Invite someone</h2>
        <Form className="inline-form" onSubmit={() => invite.mutate()}>
          <Field label="Email">
            {(id) => <input id={id} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />}
          </Field>
          <Field label="Role">
            {(id) => (
              <select id={id} value={role} onChange={(e) => setRole(e.target.value as 'member' | 'admin')}>
                <option value="member">Member: works in the workspaces they are added to</option>
                <option value="admin">Admin: manages the organization</option>
              </select>
            )}
          </Field>
          <button type="submit" disabled={invite.isPending}>
            Send invitation
          </button>
        </Form>
        <ErrorNotice error={invite.error} title="Could not invite" />
        {invite.isSuccess ? (
          <Notice>Invited. They accept it after signing in with that email, on their organizations page.</Notice>
        ) : null}
      </section>
      <section aria-labelledby="mem-list">
        <h2 id="mem-list">Members</h2>
        {members.isPending ? <Loading what="members" /> : null}
        <ErrorNotice error={members.error} />
        <ErrorNotice error={setMemberRole.error} title="Could not change the role" />
        {members.data ? (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Person</th>
                  <th scope="col">Role</th>
                  <th scope="col">Since</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {members.data.members.map((m) => (
                  <tr key={m.id}>
                    <td>
                      {m.userName}
                      <br />
                      <span className="small muted">{m.userEmail}</span>
                    </td>
                    <td>
                      <select
                        aria-label={`Role of ${m.userEmail}`}
                        value={m.role}
                        onChange={(e) => setMemberRole.mutate({ id: m.id, role: e.target.value as 'owner' | 'admin' | 'member' })}
                      >
                        <option value="owner">owner</option>
                        <option value="admin">admin</option>
                        <option value="member">member</option>
                      </select>
                    </td>
                    <td>{formatTime(m.createdAt)}</td>
                    <td className="actions">
                      {m.userId !== person.id ? (
                        <button
                          type="button"
                          className="danger-outline"
                          onClick={() => removing.ask({ id: m.id, email: m.userEmail })}
                        >
                          Remove<span className="visually-hidden"> {m.userEmail}</span>
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <section aria-labelledby="inv-list">
        <h2 id="inv-list">Pending invitations</h2>
        <ErrorNotice error={invitations.error} />
        {invitations.data?.invitations.length === 0 ? <Empty title="No pending invitations" /> : null}
        <ul className="plain">
          {invitations.data?.invitations.map((i) => (
            <li key={i.id}>
              {i.email} as {i.role} · expires {formatTime(i.expiresAt)}{' '}
              <button type="button" className="secondary" onClick={() => revokeInvitation.mutate(i.id)}>
                Revoke<span className="visually-hidden"> the invitation of {i.email}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      {removing.dialog}
    </Page>
  );
}
