import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useConfirmedDelete } from '../confirmed-delete';
import { useOrg } from '../session';
import { Badge, Empty, ErrorNotice, Field, Form, Loading, Notice, Page, formatTime } from '../ui';

interface Imported {
  name: string;
  displayName: string;
  actions: string[];
  skipped: string[];
}

/**
 * The organization's own APIs (docs/decisions/0151): an OpenAPI document (pasted, or fetched from its URL) becomes an
 * integration in this organization's catalog; re-imported in place, deleted once nothing uses it.
 */
export function CustomIntegrationsPage() {
  const { client, org, canManage } = useOrg();
  const qc = useQueryClient();
  const list = useQuery({ queryKey: [org.id, 'custom-integrations'], queryFn: () => client.customIntegrations.list() });
  const [name, setName] = useState('');
  const [source, setSource] = useState<'document' | 'url'>('document');
  const [document, setDocument] = useState('');
  const [url, setUrl] = useState('');
  const [tags, setTags] = useState('');
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: [org.id, 'custom-integrations'] });
    await qc.invalidateQueries({ queryKey: ['catalog', org.id] });
  };
  const selection = () => {
    const t = tags
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    return t.length > 0 ? { selection: { tags: t } } : {};
  };
  const create = useMutation({
    mutationFn: async (): Promise<Imported> => {
      const r = await client.customIntegrations.create({
        body: { name, ...(source === 'url' ? { url } : { document }), ...selection() },
      });
      return r.customIntegration;
    },
    onSuccess: async () => {
      setName('');
      setDocument('');
      setUrl('');
      setTags('');
      await refresh();
    },
  });
  const reimport = useMutation({
    mutationFn: (n: string) => client.customIntegrations.update({ name: n, body: {} }),
    onSuccess: refresh,
  });
  const deleting = useConfirmedDelete<{ name: string }>({
    what: 'integration',
    consequence: 'Its actions leave the catalog of this organization, on every node.',
    nameOf: (thing) => thing.name,
    remove: (thing) => client.customIntegrations.delete({ name: thing.name }),
    then: refresh,
  });
  const own = (list.data?.customIntegrations ?? []).filter((c) => c.scope === 'organization');
  const published = (list.data?.customIntegrations ?? []).filter((c) => c.scope === 'published');
  return (
    <Page
      title="Your APIs"
      intro="Any API with an OpenAPI document (3.0, 3.1 or Swagger 2.0; JSON or YAML) becomes an integration of this organization: one action per operation, its auth from the document's security schemes."
    >
      {canManage ? (
        <section aria-labelledby="api-new" className="panel">
          <h2 id="api-new">Import an OpenAPI document</h2>
          <Form className="stack" onSubmit={() => create.mutate()}>
            <Field label="Integration name" hint="Lowercase letters, digits and dashes; how calls and connections name it.">
              {(id, hint) => (
                <input
                  id={id}
                  aria-describedby={hint}
                  required
                  pattern="[a-z][a-z0-9\-]{1,62}[a-z0-9]"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
              )}
            </Field>
            <Field label="From">
              {(id) => (
                <select id={id} value={source} onChange={(e) => setSource(e.target.value as 'document' | 'url')}>
                  <option value="document">The document, pasted</option>
                  <option value="url">Its URL</option>
                </select>
              )}
            </Field>
            {source === 'document' ? (
              <Field label="Document">
                {(id) => (
                  <textarea
                    id={id}
                    className="mono"
                    required
                    rows={10}
                    value={document}
                    onChange={(e) => setDocument(e.target.value)}
                  />
                )}
              </Field>
            ) : (
              <Field label="Document URL">
                {(id) => <input id={id} type="url" required value={url} onChange={(e) => setUrl(e.target.value)} />}
              </Field>
            )}
            <Field label="Only operations tagged" hint="Optional; comma-separated tags of the document.">
              {(id, hint) => <input id={id} aria-describedby={hint} value={tags} onChange={(e) => setTags(e.target.value)} />}
            </Field>
            <ErrorNotice error={create.error} title="Could not import the document" />
            <button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Importing…' : 'Import'}
            </button>
          </Form>
          {create.data ? (
            <Notice>
              <p>
                <Link to={`/o/${org.id}/catalog/${encodeURIComponent(create.data.name)}`}>{create.data.displayName}</Link> is in
                the catalog with {create.data.actions.length} actions.
              </p>
              {create.data.skipped.length > 0 ? (
                <ul>
                  {create.data.skipped.map((s) => (
                    <li key={s}>Left out: {s}</li>
                  ))}
                </ul>
              ) : null}
            </Notice>
          ) : null}
        </section>
      ) : null}
      <section aria-labelledby="api-list">
        <h2 id="api-list">Imported</h2>
        {list.isPending ? <Loading what="your APIs" /> : null}
        <ErrorNotice error={list.error} />
        <ErrorNotice error={reimport.error} title="Could not re-import" />
        {list.data && own.length === 0 ? <Empty title="No API imported yet">Import an OpenAPI document above.</Empty> : null}
        {own.length > 0 ? (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Integration</th>
                  <th scope="col">Actions</th>
                  <th scope="col">Source</th>
                  <th scope="col">Updated</th>
                  <th scope="col">
                    <span className="visually-hidden">Manage</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {own.map((c) => (
                  <tr key={c.id}>
                    <td>
                      <Link to={`/o/${org.id}/catalog/${encodeURIComponent(c.name)}`}>{c.displayName}</Link> <code>{c.name}</code>
                    </td>
                    <td>
                      {c.actions.length}
                      {c.skipped.length > 0 ? (
                        <>
                          {' '}
                          <Badge tone="warn">{c.skipped.length} left out</Badge>
                        </>
                      ) : null}
                    </td>
                    <td>
                      OpenAPI {c.sourceVersion}, revision {c.revision}
                      {c.sourceUrl ? <span className="small muted"> · {c.sourceUrl}</span> : null}
                    </td>
                    <td>{formatTime(c.updatedAt)}</td>
                    <td className="actions">
                      {canManage && c.sourceUrl ? (
                        <button
                          type="button"
                          className="secondary"
                          disabled={reimport.isPending}
                          onClick={() => reimport.mutate(c.name)}
                        >
                          Re-import<span className="visually-hidden"> {c.name}</span>
                        </button>
                      ) : null}
                      {canManage ? (
                        <button type="button" className="danger-outline" onClick={() => deleting.ask({ name: c.name })}>
                          Delete<span className="visually-hidden"> {c.name}</span>
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {published.length > 0 ? (
          <p className="muted">
            Published by the operator for every organization: {published.map((c) => c.displayName).join(', ')}.
          </p>
        ) : null}
      </section>
      {deleting.dialog}
    </Page>
  );
}
