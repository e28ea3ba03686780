import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useConfirmedDelete } from '../confirmed-delete';
import { useOrg } from '../session';
import { Dialog, Empty, ErrorNotice, Field, Loading, Page, formatTime, Form } from '../ui';
import { useWorkspaces } from './Shell';
import { WorkspaceMembersDialog } from './WorkspaceMembers';

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);

export function WorkspacesPage() {
  const { client, org, canManage } = useOrg();
  const qc = useQueryClient();
  const workspaces = useWorkspaces();
  const refresh = () => qc.invalidateQueries({ queryKey: [org.id, 'workspaces'] });
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const create = useMutation({
    mutationFn: () => client.workspaces.create({ body: { name, slug: slug || slugOf(name) } }),
    onSuccess: async () => {
      setName('');
      setSlug('');
      await refresh();
    },
  });
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [people, setPeople] = useState<{ id: string; name: string } | null>(null);
  const rename = useMutation({
    mutationFn: (w: { id: string; name: string }) => client.workspaces.update({ id: w.id, body: { name: w.name } }),
    onSuccess: async () => {
      setRenaming(null);
      await refresh();
    },
  });
  const remove = useConfirmedDelete<{ id: string; name: string }>({
    what: 'workspace',
    consequence:
      'Its integrations, connections, end users, partials, triggers and MCP servers are deleted with it. This cannot be undone.',
    nameOf: (thing) => thing.name,
    remove: (thing) => client.workspaces.delete({ id: thing.id }),
    then: refresh,
  });
  return (
    <Page title="Workspaces" intro="Each workspace has its own integrations, connections, end users and partials.">
      <section aria-labelledby="ws-new">
        <h2 id="ws-new">New workspace</h2>
        {!canManage ? <p className="muted">Only owners and admins create workspaces; the API refuses it for members.</p> : null}
        <Form className="inline-form" onSubmit={() => create.mutate()}>
          <Field label="Name">
            {(id) => <input id={id} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />}
          </Field>
          <Field label="Slug" hint={`Lowercase letters, digits and dashes; default ${slugOf(name) || 'from the name'}.`}>
            {(id, hint) => (
              <input
                id={id}
                aria-describedby={hint}
                pattern="[a-z0-9]+(-[a-z0-9]+)*"
                value={slug}
                onChange={(e) => setSlug(e.target.value)}
              />
            )}
          </Field>
          <button type="submit" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create workspace'}
          </button>
        </Form>
        <ErrorNotice error={create.error} title="Could not create the workspace" />
      </section>
      <section aria-labelledby="ws-list">
        <h2 id="ws-list">All workspaces</h2>
        {workspaces.isPending ? <Loading what="workspaces" /> : null}
        <ErrorNotice error={workspaces.error} />
        {workspaces.data?.length === 0 ? (
          <Empty title="No workspaces yet">
            <p>Create one above: integrations, connections and runs all live in a workspace.</p>
          </Empty>
        ) : null}
        {workspaces.data && workspaces.data.length > 0 ? (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Slug</th>
                  <th scope="col">Created</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {workspaces.data.map((w) => (
                  <tr key={w.id}>
                    <td>
                      <Link to={`/o/${org.id}/w/${w.id}/integrations`}>{w.name}</Link>
                    </td>
                    <td>
                      <code>{w.slug}</code>
                    </td>
                    <td>{formatTime(w.createdAt)}</td>
                    <td className="actions">
                      <button type="button" className="secondary" onClick={() => setPeople({ id: w.id, name: w.name })}>
                        People<span className="visually-hidden"> in {w.name}</span>
                      </button>
                      <button type="button" className="secondary" onClick={() => setRenaming({ id: w.id, name: w.name })}>
                        Rename<span className="visually-hidden"> {w.name}</span>
                      </button>
                      <button type="button" className="danger-outline" onClick={() => remove.ask({ id: w.id, name: w.name })}>
                        Delete<span className="visually-hidden"> {w.name}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
      <Dialog open={renaming !== null} title="Rename workspace" onClose={() => setRenaming(null)}>
        {renaming ? (
          <Form className="stack" onSubmit={() => rename.mutate(renaming)}>
            <Field label="New name">
              {(id) => (
                <input
                  id={id}
                  required
                  maxLength={100}
                  value={renaming.name}
                  onChange={(e) => setRenaming({ ...renaming, name: e.target.value })}
                />
              )}
            </Field>
            <ErrorNotice error={rename.error} />
            <div className="row">
              <button type="submit" disabled={rename.isPending}>
                Save
              </button>
              <button type="button" className="secondary" onClick={() => setRenaming(null)}>
                Cancel
              </button>
            </div>
          </Form>
        ) : null}
      </Dialog>
      <WorkspaceMembersDialog workspace={people} onClose={() => setPeople(null)} />
      {remove.dialog}
    </Page>
  );
}
