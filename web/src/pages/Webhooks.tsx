import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useConfirmedDelete } from '../confirmed-delete';
import { useOrg } from '../session';
import { Badge, Empty, ErrorNotice, Field, Form, Loading, Notice, formatTime } from '../ui';

type Client = ReturnType<typeof useOrg>['client'];
type Endpoint = Awaited<ReturnType<Client['webhookEndpoints']['list']>>['webhookEndpoints'][number];
type Delivery = Awaited<ReturnType<Client['webhookEndpoints']['deliveries']>>['deliveries'][number];

const deliveryTone = (status: string) =>
  status === 'delivered' ? 'ok' : status === 'dead' ? 'bad' : status === 'canceled' ? 'neutral' : 'warn';

/** The recent deliveries of one endpoint, newest first, with each attempt; dead ones can be sent again. */
function Deliveries({ endpoint }: { endpoint: Endpoint }) {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const key = [org.id, 'webhook-endpoints', endpoint.id, 'deliveries'];
  const deliveries = useQuery({
    queryKey: key,
    queryFn: () => client.webhookEndpoints.deliveries({ id: endpoint.id, query: { limit: 20 } }),
    refetchInterval: 3000,
  });
  const redeliver = useMutation({
    mutationFn: (d: Delivery) => client.webhookEndpoints.redeliver({ id: endpoint.id, deliveryId: d.deliveryId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  const list = deliveries.data?.deliveries ?? [];
  return (
    <div className="stack">
      <h3>Recent deliveries</h3>
      {deliveries.isPending ? <Loading what="deliveries" /> : null}
      <ErrorNotice error={deliveries.error} />
      {deliveries.data && list.length === 0 ? <p className="muted">No deliveries yet: send a test event.</p> : null}
      <ul className="plain">
        {list.map((d) => (
          <li key={d.deliveryId}>
            <code>{d.eventType}</code> <Badge tone={deliveryTone(d.status)}>{d.status}</Badge> {formatTime(d.createdAt)} ·{' '}
            {d.attempts} attempt{d.attempts === 1 ? '' : 's'}
            {d.status === 'dead' ? (
              <>
                {' '}
                <button type="button" className="secondary" disabled={redeliver.isPending} onClick={() => redeliver.mutate(d)}>
                  Redeliver<span className="visually-hidden"> {d.eventType} delivery</span>
                </button>
              </>
            ) : null}
            {d.history.length > 0 ? (
              <ol className="muted">
                {d.history.map((a) => (
                  <li key={a.attempt}>
                    {formatTime(a.startedAt)}: {a.statusCode ?? 'no answer'}
                    {a.durationMs !== null ? ` in ${a.durationMs} ms` : ''}
                    {a.error ? ` (${a.error})` : ''}
                  </li>
                ))}
              </ol>
            ) : null}
          </li>
        ))}
      </ul>
      <ErrorNotice error={redeliver.error} title="Could not redeliver" />
    </div>
  );
}

function EndpointItem({ endpoint, onDelete }: { endpoint: Endpoint; onDelete: () => void }) {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: [org.id, 'webhook-endpoints'] });
  const toggle = useMutation({
    mutationFn: () => client.webhookEndpoints.update({ id: endpoint.id, body: { enabled: !endpoint.enabled } }),
    onSuccess: refresh,
  });
  const test = useMutation({
    mutationFn: () => client.webhookEndpoints.test({ id: endpoint.id }),
    onSuccess: async () => {
      setOpen(true);
      await refresh();
    },
  });
  const label = endpoint.description ?? endpoint.url;
  return (
    <li className="panel">
      <p>
        <code className="break">{endpoint.url}</code>{' '}
        <Badge tone={endpoint.enabled ? 'ok' : 'neutral'}>{endpoint.enabled ? 'enabled' : 'disabled'}</Badge>
      </p>
      {endpoint.description ? <p>{endpoint.description}</p> : null}
      <p className="muted">Events: {endpoint.events.join(', ')}</p>
      <div className="row">
        <button type="button" className="secondary" disabled={test.isPending} onClick={() => test.mutate()}>
          Send test event<span className="visually-hidden"> to {label}</span>
        </button>
        <button type="button" className="secondary" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
          {endpoint.enabled ? 'Disable' : 'Enable'}
          <span className="visually-hidden"> {label}</span>
        </button>
        <button type="button" className="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide deliveries' : 'Show deliveries'}
          <span className="visually-hidden"> of {label}</span>
        </button>
        <button type="button" className="danger-outline" onClick={onDelete}>
          Delete<span className="visually-hidden"> {label}</span>
        </button>
      </div>
      {test.isSuccess ? <Notice>Test event queued.</Notice> : null}
      <ErrorNotice error={test.error} title="Could not send the test event" />
      <ErrorNotice error={toggle.error} title="Could not change the endpoint" />
      {open ? <Deliveries endpoint={endpoint} /> : null}
    </li>
  );
}

/** The organization's outbound webhook endpoints: signed organization events (decision 0139). */
export function WebhookEndpoints() {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const key = [org.id, 'webhook-endpoints'];
  const catalog = useQuery({ queryKey: [org.id, 'webhook-events'], queryFn: () => client.webhookEndpoints.events() });
  const endpoints = useQuery({ queryKey: key, queryFn: () => client.webhookEndpoints.list() });
  const empty = { url: '', description: '', events: [] as string[] };
  const [form, setForm] = useState(empty);
  const create = useMutation({
    mutationFn: () =>
      client.webhookEndpoints.create({
        body: { url: form.url, events: form.events, ...(form.description ? { description: form.description } : {}) },
      }),
    onSuccess: async () => {
      setForm(empty);
      await qc.invalidateQueries({ queryKey: key });
    },
  });
  const deleting = useConfirmedDelete<Endpoint>({
    what: 'webhook endpoint',
    consequence: 'It receives no more events; deliveries not yet sent are canceled.',
    nameOf: (e) => e.url,
    remove: (e) => client.webhookEndpoints.delete({ id: e.id }),
    then: () => qc.invalidateQueries({ queryKey: key }),
  });
  const toggleEvent = (type: string, on: boolean) =>
    setForm({ ...form, events: on ? [...form.events, type] : form.events.filter((t) => t !== type) });
  const list = endpoints.data?.webhookEndpoints ?? [];
  return (
    <section aria-labelledby="wh-h" className="panel">
      <h2 id="wh-h">Webhooks</h2>
      <p className="muted">
        Endpoints that receive the organization's events, signed with the secret above (at most 10). Each event is a POST of{' '}
        <code>{'{id, type, createdAt, organizationId, data}'}</code> with <code>X-Service-Event</code>.
      </p>
      <Form className="stack" onSubmit={() => create.mutate()}>
        <Field label="Endpoint URL">
          {(id) => (
            <input
              id={id}
              type="url"
              required
              maxLength={2048}
              placeholder="https://example.com/webhooks"
              value={form.url}
              onChange={(e) => setForm({ ...form, url: e.target.value })}
            />
          )}
        </Field>
        <Field label="Description">
          {(id) => (
            <input
              id={id}
              maxLength={500}
              value={form.description}
              onChange={(e) => setForm({ ...form, description: e.target.value })}
            />
          )}
        </Field>
        <fieldset>
          <legend>Events</legend>
          {catalog.isPending ? <Loading what="the event catalog" /> : null}
          <ErrorNotice error={catalog.error} />
          {(catalog.data?.events ?? []).map((e) => (
            <label key={e.type} className="check">
              <input
                type="checkbox"
                checked={form.events.includes(e.type)}
                onChange={(ev) => toggleEvent(e.type, ev.target.checked)}
              />{' '}
              <code>{e.type}</code>: {e.description}
            </label>
          ))}
        </fieldset>
        <ErrorNotice error={create.error} title="Could not add the endpoint" />
        <button type="submit" disabled={create.isPending || form.events.length === 0}>
          Add endpoint
        </button>
      </Form>
      {endpoints.isPending ? <Loading what="webhook endpoints" /> : null}
      <ErrorNotice error={endpoints.error} />
      {endpoints.data && list.length === 0 ? (
        <Empty title="No webhook endpoints">
          <p>Add one above to receive the organization's events.</p>
        </Empty>
      ) : null}
      <ul className="plain stack">
        {list.map((e) => (
          <EndpointItem key={e.id} endpoint={e} onDelete={() => deleting.ask(e)} />
        ))}
      </ul>
      {deleting.dialog}
    </section>
  );
}
