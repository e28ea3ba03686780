import { useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useOrg } from '../session';
import { Dialog, ErrorNotice, Field, Form, Loading, Notice, Page, formatTime } from '../ui';
import { TriggerEvents } from './TriggerEvents';
import { StatusBadge, TYPE_LABEL } from './Triggers';

/** datetime-local value (local time, minutes) of a date. */
const localInput = (d: Date) => new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

function ReplayRange({ sourceId, onDone }: { sourceId: string; onDone: () => void }) {
  const { client } = useOrg();
  const [from, setFrom] = useState(() => localInput(new Date(Date.now() - 24 * 3600_000)));
  // An hour ahead, not a minute: the field keeps minutes only, so "now + 1 min" could end a few seconds after the page
  // opened and leave out every event that arrived while it stayed open.
  const [to, setTo] = useState(() => localInput(new Date(Date.now() + 3600_000)));
  const [deadOnly, setDeadOnly] = useState(true);
  const replay = useMutation({
    mutationFn: () =>
      client.triggers.redeliverRange({
        id: sourceId,
        body: {
          from: new Date(from).toISOString(),
          to: new Date(to).toISOString(),
          ...(deadOnly ? { status: 'dead' as const } : {}),
        },
      }),
    onSuccess: onDone,
  });
  return (
    <Form className="stack" onSubmit={() => replay.mutate()} aria-labelledby="replay-range-title">
      <h2 id="replay-range-title">Replay a time range</h2>
      <div className="row">
        <Field label="From">
          {(id) => <input id={id} type="datetime-local" required value={from} onChange={(e) => setFrom(e.target.value)} />}
        </Field>
        <Field label="To">
          {(id) => <input id={id} type="datetime-local" required value={to} onChange={(e) => setTo(e.target.value)} />}
        </Field>
      </div>
      <label className="check">
        <input type="checkbox" checked={deadOnly} onChange={(e) => setDeadOnly(e.target.checked)} /> Only dead letters
      </label>
      <ErrorNotice error={replay.error} title="Could not replay the range" />
      {replay.data ? (
        <Notice>
          {replay.data.redelivered === 1 ? '1 event replayed.' : `${replay.data.redelivered} events replayed.`} Each keeps its
          event id and body and gets a fresh round of attempts, in order.
        </Notice>
      ) : null}
      <div className="row">
        <button type="submit" className="secondary" disabled={replay.isPending}>
          {replay.isPending ? 'Replaying…' : 'Replay range'}
        </button>
      </div>
    </Form>
  );
}

function TestEvent({ sourceId, onDone }: { sourceId: string; onDone: () => void }) {
  const { client } = useOrg();
  const [data, setData] = useState('');
  const send = useMutation({
    mutationFn: async () => {
      let parsed: unknown;
      if (data.trim()) {
        try {
          parsed = JSON.parse(data);
        } catch {
          throw new Error('The event data is not valid JSON.');
        }
      }
      return client.triggers.sendTestEvent({ id: sourceId, body: parsed === undefined ? {} : { data: parsed } });
    },
    onSuccess: onDone,
  });
  return (
    <Form className="stack" onSubmit={() => send.mutate()}>
      <Field label="Event data (JSON)" hint="Empty sends the trigger's sample data.">
        {(id, hintId) => (
          <textarea id={id} rows={6} aria-describedby={hintId} value={data} onChange={(e) => setData(e.target.value)} />
        )}
      </Field>
      <ErrorNotice error={send.error} title="Could not send the test event" />
      <div className="row">
        <button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send test event'}
        </button>
      </div>
    </Form>
  );
}

export function TriggerSourcePage() {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const { workspaceId, sourceId } = useParams();
  const key = [org.id, 'trigger', sourceId];
  const source = useQuery({
    queryKey: key,
    queryFn: async () => (await client.triggers.get({ id: sourceId! })).triggerSource,
  });
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: key });
    await qc.invalidateQueries({ queryKey: [org.id, 'triggers', workspaceId] });
    await qc.invalidateQueries({ queryKey: [org.id, 'trigger-events', sourceId] });
  };
  const toggle = useMutation({
    mutationFn: async (to: 'on' | 'off') =>
      to === 'off'
        ? client.triggers.disable({ body: { triggerSourceId: sourceId! } })
        : client.triggers.reEnable({ id: sourceId! }),
    onSuccess: refresh,
  });
  const [testing, setTesting] = useState(false);
  const s = source.data;
  const title = s ? `${s.integrationAlias} · ${s.triggerName}` : 'Trigger source';
  return (
    <Page
      title={title}
      intro={<Link to={`/o/${org.id}/w/${workspaceId}/triggers`}>All trigger sources</Link>}
      actions={
        s ? (
          <>
            {s.status === 'ACTIVE' && s.simulate ? (
              <button type="button" className="secondary" onClick={() => setTesting(true)}>
                Send test event
              </button>
            ) : null}
            {s.status === 'ACTIVE' ? (
              <button type="button" className="danger-outline" disabled={toggle.isPending} onClick={() => toggle.mutate('off')}>
                {toggle.isPending ? 'Disabling…' : 'Disable'}
              </button>
            ) : (
              <button type="button" disabled={toggle.isPending} onClick={() => toggle.mutate('on')}>
                {toggle.isPending ? 'Enabling…' : 'Enable'}
              </button>
            )}
          </>
        ) : null
      }
    >
      {source.isPending ? <Loading what="the trigger source" /> : null}
      <ErrorNotice error={source.error} />
      <ErrorNotice error={toggle.error} title={s?.status === 'ACTIVE' ? 'Could not disable' : 'Could not enable'} />
      {s ? (
        <>
          <dl className="details card">
            {(
              [
                [
                  'Status',
                  <>
                    <StatusBadge source={s} />
                    {s.disabledAt ? <span className="small muted"> since {formatTime(s.disabledAt)}</span> : null}
                  </>,
                ],
                ['Type', TYPE_LABEL[s.triggerType]],
                ['Callback URL', <code>{s.callbackUrl}</code>],
                ...(s.webhookUrl ? [['Inbound webhook URL', <code>{s.webhookUrl}</code>] as const] : []),
                ['Polling interval', s.pollingIntervalMinutes ? `every ${s.pollingIntervalMinutes} minutes` : '—'],
                ['Last delivery', formatTime(s.lastDelivery)],
                ['Last event', formatTime(s.lastEventAt)],
                ...(s.triggerType === 'POLLING'
                  ? [
                      ['Last poll', formatTime(s.lastPolledAt)],
                      ['Failed polls in a row', String(s.consecutiveFailures)],
                    ]
                  : []),
                ['Last error', s.lastError ?? '—'],
              ] as Array<readonly [string, ReactNode]>
            ).map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <TriggerEvents sourceId={s.id} active={s.status === 'ACTIVE'} />
          {s.status === 'ACTIVE' ? <ReplayRange sourceId={s.id} onDone={() => void refresh()} /> : null}
          <Dialog open={testing} title="Send a test event" onClose={() => setTesting(false)}>
            {testing ? <TestEvent sourceId={s.id} onDone={() => (setTesting(false), void refresh())} /> : null}
          </Dialog>
        </>
      ) : null}
    </Page>
  );
}
