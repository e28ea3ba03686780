import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useCatalog } from '../catalog';
import { PropsForm, inputOf, type FormValues } from '../PropsForm';
import { useOrg } from '../session';
import { Badge, Dialog, Empty, ErrorNotice, Field, Form, Loading, Page, formatTime } from '../ui';
import { useCurrentWorkspaceId } from './Shell';
import type { components } from '@switchboard/sdk';

/** A trigger source as the API answers it (the SDK's generated type). */
export type TriggerSource = components['schemas']['TriggerSource'];

export const TYPE_LABEL = { WEBHOOK: 'Webhook', POLLING: 'Polling', APP_WEBHOOK: 'App webhook' } as const;

export function StatusBadge({ source }: { source: Pick<TriggerSource, 'status' | 'simulate'> }) {
  return (
    <>
      <Badge tone={source.status === 'ACTIVE' ? 'ok' : 'neutral'}>{source.status === 'ACTIVE' ? 'active' : 'disabled'}</Badge>
      {source.simulate ? <Badge tone="warn">simulated</Badge> : null}
    </>
  );
}

function NewSourceForm({ workspaceId, onDone }: { workspaceId: string; onDone: (id: string) => void }) {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const catalog = useCatalog();
  const withTriggers = catalog.data?.filter((i) => Object.keys(i.triggers).length > 0) ?? [];
  const [integrationName, setIntegrationName] = useState('');
  const integration = withTriggers.find((i) => i.name === integrationName);
  const [triggerName, setTriggerName] = useState('');
  const trigger = integration?.triggers[triggerName];
  const [callbackUrl, setCallbackUrl] = useState('');
  const [pollEvery, setPollEvery] = useState('');
  const [connection, setConnection] = useState('');
  const [simulate, setSimulate] = useState(false);
  const [values, setValues] = useState<FormValues>({});
  const create = useMutation({
    mutationFn: async () => {
      const { input, problems } = inputOf(trigger?.props ?? {}, values);
      if (problems.length) throw new Error(problems.join('; '));
      const res = await client.triggers.enable({
        body: {
          integrationName,
          triggerName,
          workspaceId,
          callbackUrl,
          input,
          simulate,
          ...(pollEvery ? { pollingIntervalMinutes: Number(pollEvery) } : {}),
          ...(connection ? { connectionExternalId: connection } : {}),
        },
      });
      if (!('triggerSource' in res)) throw new Error('Unexpected answer');
      return res.triggerSource;
    },
    onSuccess: async (source) => {
      await qc.invalidateQueries({ queryKey: [org.id, 'triggers', workspaceId] });
      onDone(source.id);
    },
  });
  return (
    <Form className="stack" onSubmit={() => create.mutate()}>
      {catalog.isPending ? <Loading what="the catalog" /> : null}
      <ErrorNotice error={catalog.error} />
      <Field label="Integration" required>
        {(id) => (
          <select
            id={id}
            required
            value={integrationName}
            onChange={(e) => (setIntegrationName(e.target.value), setTriggerName(''), setValues({}))}
          >
            <option value="">Choose…</option>
            {withTriggers.map((i) => (
              <option key={i.name} value={i.name}>
                {i.displayName}
              </option>
            ))}
          </select>
        )}
      </Field>
      {integration ? (
        <Field label="Trigger" required>
          {(id) => (
            <select id={id} required value={triggerName} onChange={(e) => (setTriggerName(e.target.value), setValues({}))}>
              <option value="">Choose…</option>
              {Object.entries(integration.triggers).map(([n, t]) => (
                <option key={n} value={n}>
                  {t.displayName}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <Field label="Callback URL" required hint="Where each event is POSTed, signed, retried until your receiver answers 2xx.">
        {(id, hintId) => (
          <input
            id={id}
            type="url"
            required
            aria-describedby={hintId}
            placeholder="https://example.com/hooks/switchboard"
            value={callbackUrl}
            onChange={(e) => setCallbackUrl(e.target.value)}
          />
        )}
      </Field>
      <Field label="Polling interval (minutes)" hint="Polling triggers only; empty uses the default, the plan minimum applies.">
        {(id, hintId) => (
          <input
            id={id}
            type="number"
            min={1}
            max={1440}
            aria-describedby={hintId}
            value={pollEvery}
            onChange={(e) => setPollEvery(e.target.value)}
          />
        )}
      </Field>
      <Field label="Connection external id" hint="Optional; the workspace integration's connection is used otherwise.">
        {(id, hintId) => (
          <input id={id} aria-describedby={hintId} value={connection} onChange={(e) => setConnection(e.target.value)} />
        )}
      </Field>
      <label className="check">
        <input type="checkbox" checked={simulate} onChange={(e) => setSimulate(e.target.checked)} /> Simulate: register nothing
        with the provider; deliver the sample event and test events
      </label>
      {trigger ? (
        <fieldset>
          <legend>Trigger input</legend>
          <PropsForm props={trigger.props} values={values} onChange={setValues} />
        </fieldset>
      ) : null}
      <ErrorNotice error={create.error} title="Could not create the trigger source" />
      <div className="row">
        <button type="submit" disabled={create.isPending || !trigger}>
          {create.isPending ? 'Creating…' : 'Create trigger source'}
        </button>
      </div>
    </Form>
  );
}

export function TriggersPage() {
  const { client, org } = useOrg();
  const workspaceId = useCurrentWorkspaceId();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const sources = useQuery({
    queryKey: [org.id, 'triggers', workspaceId],
    enabled: workspaceId !== null,
    queryFn: async () => {
      const res = await client.triggers.list({ query: { workspaceId: workspaceId!, includeDisabled: true, limit: 100 } });
      if (!('triggers' in res)) throw new Error('Unexpected answer');
      return res;
    },
  });
  if (!workspaceId)
    return (
      <Page title="Triggers">
        <Empty title="Create a workspace first">
          <Link to={`/o/${org.id}/workspaces`}>Go to workspaces</Link>
        </Empty>
      </Page>
    );
  const base = `/o/${org.id}/w/${workspaceId}/triggers`;
  return (
    <Page
      title="Triggers"
      intro="Trigger sources deliver events from integrations to your callback URL: in order, retried, replayable."
      actions={
        <button type="button" onClick={() => setCreating(true)}>
          New trigger source
        </button>
      }
    >
      {sources.isPending ? <Loading what="trigger sources" /> : null}
      <ErrorNotice error={sources.error} />
      {sources.data?.triggers.length === 0 ? (
        <Empty title="No trigger sources yet">
          <p>Create one with “New trigger source”: pick an integration's trigger and where its events go.</p>
        </Empty>
      ) : null}
      {sources.data?.triggers.length ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Trigger</th>
                <th scope="col">Type</th>
                <th scope="col">Status</th>
                <th scope="col">Last delivery</th>
                <th scope="col">Polling</th>
                <th scope="col">Last error</th>
              </tr>
            </thead>
            <tbody>
              {sources.data.triggers.map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link to={`${base}/${s.id}`}>
                      {s.integrationAlias} · {s.triggerName}
                    </Link>
                    <div className="small muted clamp">{s.callbackUrl}</div>
                  </td>
                  <td>{TYPE_LABEL[s.triggerType]}</td>
                  <td>
                    <StatusBadge source={s} />
                  </td>
                  <td>{formatTime(s.lastDelivery)}</td>
                  <td>{s.pollingIntervalMinutes ? `every ${s.pollingIntervalMinutes} min` : '—'}</td>
                  <td className="small">{s.lastError ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {sources.data && sources.data.total > sources.data.triggers.length ? (
        <p className="small muted">
          Showing {sources.data.triggers.length} of {sources.data.total}.
        </p>
      ) : null}
      <Dialog open={creating} title="New trigger source" onClose={() => setCreating(false)}>
        {creating ? <NewSourceForm workspaceId={workspaceId} onDone={(id) => navigate(`${base}/${id}`)} /> : null}
      </Dialog>
    </Page>
  );
}
