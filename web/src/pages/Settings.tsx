import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCatalog } from '../catalog';
import { useConfirmedDelete } from '../confirmed-delete';
import { useOrg } from '../session';
import { Empty, ErrorNotice, Field, Loading, Notice, Page, formatTime, Form } from '../ui';
import { WebhookEndpoints } from './Webhooks';

function SigningSecret() {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const secret = useQuery({ queryKey: [org.id, 'signing-secret'], queryFn: () => client.webhookSigningSecret.get() });
  const rotate = useMutation({
    mutationFn: () => client.webhookSigningSecret.rotate(),
    onSuccess: () => qc.invalidateQueries({ queryKey: [org.id, 'signing-secret'] }),
  });
  return (
    <section aria-labelledby="sec-h" className="panel">
      <h2 id="sec-h">Webhook signing secret</h2>
      <p className="muted">
        Outbound webhooks (trigger callbacks, approval events, the webhooks below) carry <code>X-Service-Signature</code>, an
        HMAC-SHA256 with this secret.
      </p>
      {secret.isPending ? <Loading what="the secret" /> : null}
      <ErrorNotice error={secret.error} />
      {secret.data ? (
        <p>
          {secret.data.enabled ? (
            <>
              Current secret <code>{secret.data.secretPrefix}…</code>, since {formatTime(secret.data.createdAt)}
              {secret.data.previousSecretExpiresAt
                ? `; the previous one stays valid until ${formatTime(secret.data.previousSecretExpiresAt)}`
                : ''}
              .
            </>
          ) : (
            'No secret yet: outbound webhooks are not signed.'
          )}
        </p>
      ) : null}
      <button type="button" onClick={() => rotate.mutate()} disabled={rotate.isPending}>
        {secret.data?.enabled ? 'Rotate the secret' : 'Create a secret'}
      </button>
      <ErrorNotice error={rotate.error} />
      {rotate.data ? (
        <Notice>
          <p>The new secret; copy it now, it is not shown again:</p>
          <input
            aria-label="New signing secret"
            readOnly
            className="mono"
            value={rotate.data.secret}
            onFocus={(e) => e.target.select()}
          />
        </Notice>
      ) : null}
    </section>
  );
}

function OAuthApps() {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const catalog = useCatalog();
  const oauthIntegrations = (catalog.data ?? []).filter((i) => i.authOptions.some((a) => a.type === 'OAUTH2'));
  const apps = useQuery({ queryKey: [org.id, 'oauth-apps'], queryFn: () => client.oauthApps.list({ query: { limit: 100 } }) });
  const [form, setForm] = useState({ integrationName: '', name: '', clientId: '', clientSecret: '' });
  const create = useMutation({
    mutationFn: () => {
      const { name, ...rest } = form;
      return client.oauthApps.create({ body: { ...rest, ...(name ? { name } : {}) } });
    },
    onSuccess: async () => {
      setForm({ integrationName: '', name: '', clientId: '', clientSecret: '' });
      await qc.invalidateQueries({ queryKey: [org.id, 'oauth-apps'] });
    },
  });
  const deleting = useConfirmedDelete<{ id: string; name: string }>({
    what: 'OAuth app',
    consequence: 'Connections made through it can no longer refresh their tokens.',
    nameOf: (thing) => thing.name,
    remove: (thing) => client.oauthApps.delete({ id: thing.id }),
    then: async () => {
      await qc.invalidateQueries({ queryKey: [org.id, 'oauth-apps'] });
    },
  });
  const set = (k: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm({ ...form, [k]: e.target.value });
  const list = apps.data?.oauthApps ?? [];
  return (
    <section aria-labelledby="oa-h" className="panel">
      <h2 id="oa-h">Custom OAuth apps</h2>
      <p className="muted">
        Your own OAuth client for an integration, so that people sign in to your app rather than the server's.
      </p>
      <Form className="stack" onSubmit={() => create.mutate()}>
        <Field label="OAuth integration">
          {(id) => (
            <select id={id} required value={form.integrationName} onChange={set('integrationName')}>
              <option value="">Choose…</option>
              {oauthIntegrations.map((i) => (
                <option key={i.name} value={i.name}>
                  {i.displayName}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="App name">{(id) => <input id={id} maxLength={100} value={form.name} onChange={set('name')} />}</Field>
        <Field label="Client id">{(id) => <input id={id} required value={form.clientId} onChange={set('clientId')} />}</Field>
        <Field label="Client secret" hint="Stored encrypted; never shown again.">
          {(id, hint) => (
            <input
              id={id}
              aria-describedby={hint}
              type="password"
              autoComplete="off"
              required
              value={form.clientSecret}
              onChange={set('clientSecret')}
            />
          )}
        </Field>
        <ErrorNotice error={create.error} title="Could not add the OAuth app" />
        <button type="submit" disabled={create.isPending}>
          Add OAuth app
        </button>
      </Form>
      <ErrorNotice error={apps.error} />
      {apps.data && list.length === 0 ? <Empty title="No custom OAuth apps" /> : null}
      <ul className="plain">
        {list.map((a) => (
          <li key={a.id}>
            {a.name} ({a.integrationName}) · client <code>{a.clientId}</code>{' '}
            <button type="button" className="danger-outline" onClick={() => deleting.ask({ id: a.id, name: a.name })}>
              Delete<span className="visually-hidden"> {a.name}</span>
            </button>
          </li>
        ))}
      </ul>
      {deleting.dialog}
    </section>
  );
}

/** The organization's name, which owners and admins change; the plan is the operator's. */
function OrganizationName() {
  const { client, org, canManage } = useOrg();
  const qc = useQueryClient();
  const [name, setName] = useState(org.name);
  const rename = useMutation({
    mutationFn: () => client.organization.update({ body: { name } }),
    onSuccess: async (r) => {
      setName(r.organization.name);
      await qc.invalidateQueries({ queryKey: ['memberships'] });
    },
  });
  return (
    <section aria-labelledby="org-h" className="panel">
      <h2 id="org-h">Organization</h2>
      <p className="muted">
        Plan <strong>{org.plan}</strong>; the server's operator changes plans.
      </p>
      {!canManage ? (
        <p className="muted">Only owners and admins rename the organization; the API refuses it for members.</p>
      ) : null}
      <Form className="inline-form" onSubmit={() => rename.mutate()}>
        <Field label="Organization name">
          {(id) => <input id={id} required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <button type="submit" disabled={rename.isPending || name.trim() === org.name}>
          {rename.isPending ? 'Saving…' : 'Rename'}
        </button>
      </Form>
      <ErrorNotice error={rename.error} title="Could not rename the organization" />
      {rename.isSuccess ? <Notice>Renamed to {rename.data.organization.name}.</Notice> : null}
    </section>
  );
}

/**
 * The organization: name and plan (the operator changes plans), the webhook signing secret, its webhook endpoints,
 * custom OAuth apps.
 */
export function SettingsPage() {
  const { org } = useOrg();
  return (
    <Page title="Settings" intro={`${org.name}: its name, webhook signing, webhooks and OAuth apps.`}>
      <OrganizationName />
      <SigningSecret />
      <WebhookEndpoints />
      <OAuthApps />
    </Page>
  );
}
