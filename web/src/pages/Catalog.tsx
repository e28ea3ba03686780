import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Logo, useCatalog, useIntegration, type CatalogAction } from '../catalog';
import { useOrg } from '../session';
import { Badge, Empty, ErrorNotice, Field, Loading, Page } from '../ui';

export function CatalogPage() {
  const { org } = useOrg();
  const catalog = useCatalog();
  const [q, setQ] = useState('');
  const [category, setCategory] = useState('');
  const categories = useMemo(() => [...new Set((catalog.data ?? []).flatMap((i) => i.categories))].sort(), [catalog.data]);
  const shown = (catalog.data ?? []).filter(
    (i) =>
      (!category || i.categories.includes(category)) &&
      (!q || `${i.displayName} ${i.name} ${i.description}`.toLowerCase().includes(q.toLowerCase())),
  );
  return (
    <Page title="Catalog" intro="Every integration this server offers: how it connects, its actions and its triggers.">
      <form className="inline-form" role="search" onSubmit={(e) => e.preventDefault()}>
        <Field label="Search">
          {(id) => (
            <input id={id} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder="Name or description" />
          )}
        </Field>
        <Field label="Category">
          {(id) => (
            <select id={id} value={category} onChange={(e) => setCategory(e.target.value)}>
              <option value="">All categories</option>
              {categories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
        </Field>
      </form>
      {catalog.isPending ? <Loading what="the catalog" /> : null}
      <ErrorNotice error={catalog.error} />
      {catalog.data ? (
        <p className="muted" role="status">
          {shown.length} of {catalog.data.length} integrations
        </p>
      ) : null}
      {catalog.data && shown.length === 0 ? <Empty title="No integration matches">Try another word or category.</Empty> : null}
      <ul className="grid">
        {shown.map((i) => (
          <li key={i.name} className="card">
            <div className="card-head">
              <Logo integration={i} />
              <Link to={`/o/${org.id}/catalog/${encodeURIComponent(i.name)}`} className="card-title">
                {i.displayName}
              </Link>
            </div>
            <p className="clamp">{i.description}</p>
            <p className="small muted">
              {Object.keys(i.actions).length} actions · {Object.keys(i.triggers).length} triggers ·{' '}
              {i.authOptions.length === 0 ? 'no connection needed' : i.authOptions.map((a) => a.type).join(', ')}
            </p>
          </li>
        ))}
      </ul>
    </Page>
  );
}

function Operations({ title, items }: { title: string; items: Record<string, CatalogAction> }) {
  const entries = Object.entries(items);
  return (
    <section aria-label={title}>
      <h2>
        {title} ({entries.length})
      </h2>
      {entries.length === 0 ? <p className="muted">None.</p> : null}
      {entries.map(([name, a]) => (
        <details key={name} className="op">
          <summary>
            <strong>{a.displayName}</strong> <code>{name}</code>
          </summary>
          {a.description ? <p>{a.description}</p> : null}
          {Object.keys(a.props).length === 0 ? (
            <p className="muted">No input.</p>
          ) : (
            <div className="table-wrap">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Prop</th>
                    <th scope="col">Type</th>
                    <th scope="col">Required</th>
                    <th scope="col">Description</th>
                  </tr>
                </thead>
                <tbody>
                  {Object.entries(a.props).map(([p, prop]) => (
                    <tr key={p}>
                      <td>
                        <code>{p}</code>
                      </td>
                      <td>{prop.type}</td>
                      <td>{prop.required ? 'yes' : 'no'}</td>
                      <td>{prop.description ?? ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </details>
      ))}
    </section>
  );
}

export function IntegrationPage() {
  const { name } = useParams();
  const { org } = useOrg();
  const integration = useIntegration(name);
  if (integration.isPending) return <Loading what="the integration" />;
  if (integration.isError) return <ErrorNotice error={integration.error} />;
  const i = integration.data;
  if (!i)
    return (
      <Page title="Integration not found">
        <p>
          <Link to={`/o/${org.id}/catalog`}>Back to the catalog</Link>
        </p>
      </Page>
    );
  return (
    <Page title={i.displayName} intro={i.description}>
      <p>
        <Link to={`/o/${org.id}/catalog`}>← Catalog</Link> · <code>{i.name}</code> · {i.runtime}{' '}
        {i.categories.map((c) => (
          <Badge key={c}>{c}</Badge>
        ))}
      </p>
      <section aria-labelledby="auth-h">
        <h2 id="auth-h">How it connects</h2>
        {i.authOptions.length === 0 ? <p>No connection is needed.</p> : null}
        <ul>
          {i.authOptions.map((a) => (
            <li key={a.key}>
              <strong>{a.displayName}</strong> ({a.type}, <code>{a.key}</code>){a.description ? ` — ${a.description}` : ''}
              {Object.keys(a.props).length > 0 ? (
                <span className="muted">
                  {' '}
                  · fields:{' '}
                  {Object.values(a.props)
                    .map((p) => p.displayName)
                    .join(', ')}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <Operations title="Actions" items={i.actions} />
      <Operations title="Triggers" items={i.triggers} />
    </Page>
  );
}
