import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useOrg } from '../session';
import { Badge, Empty, ErrorNotice, Loading, formatTime } from '../ui';
import type { JsonResponse } from '@switchboard/sdk';

/** A trigger event with its delivery and every attempt, as the API answers it (the SDK's generated type). */
export type TriggerEvent = JsonResponse<'triggers.listEvents', 200>['events'][number];

const TONE = { delivered: 'ok', dead: 'bad', pending: 'warn', sending: 'warn', canceled: 'neutral' } as const;

function Attempts({ event }: { event: TriggerEvent }) {
  if (event.history.length === 0) return <p className="small muted">No attempt yet.</p>;
  return (
    <ol className="attempts">
      {event.history.map((a) => (
        <li key={a.attempt}>
          <p className="small">
            Attempt {a.attempt} · {formatTime(a.startedAt)} ·{' '}
            {a.statusCode === null ? 'no answer' : <strong>HTTP {a.statusCode}</strong>}
            {a.durationMs !== null ? ` · ${a.durationMs} ms` : ''}
          </p>
          {a.error ? <p className="small">{a.error}</p> : null}
          {a.responseExcerpt ? (
            <pre className="output small" aria-label={`Response to attempt ${a.attempt}`}>
              {a.responseExcerpt}
            </pre>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** A source's delivery history: every event with its attempts, the dead letters, and replay of one event. */
export function TriggerEvents({ sourceId, active }: { sourceId: string; active: boolean }) {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const [deadOnly, setDeadOnly] = useState(false);
  const key = [org.id, 'trigger-events', sourceId];
  const events = useQuery({
    queryKey: [...key, deadOnly],
    queryFn: async () =>
      client.triggers.listEvents({
        id: sourceId,
        query: { limit: 50, ...(deadOnly ? { status: 'dead' as const } : {}) },
      }),
    // Deliveries move on their own (retries, replays): the history follows them.
    refetchInterval: 3000,
  });
  const replay = useMutation({
    mutationFn: (eventId: string) => client.triggers.redeliverEvent({ id: sourceId, eventId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
  return (
    <section aria-labelledby="history-title" className="stack">
      <h2 id="history-title">Delivery history</h2>
      <div className="row" role="group" aria-label="Which deliveries">
        <button type="button" className={deadOnly ? 'secondary' : ''} aria-pressed={!deadOnly} onClick={() => setDeadOnly(false)}>
          All deliveries
        </button>
        <button type="button" className={deadOnly ? '' : 'secondary'} aria-pressed={deadOnly} onClick={() => setDeadOnly(true)}>
          Dead letters
        </button>
      </div>
      {events.isPending ? <Loading what="deliveries" /> : null}
      <ErrorNotice error={events.error} />
      <ErrorNotice error={replay.error} title="Could not replay the delivery" />
      {events.data?.events.length === 0 ? (
        <Empty title={deadOnly ? 'No dead letters' : 'No events yet'}>
          <p>
            {deadOnly
              ? 'Every event was delivered or is still being retried.'
              : 'Events appear here when the trigger fires (or when you send a test event).'}
          </p>
        </Empty>
      ) : null}
      {events.data?.events.length ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {events.data.events.map((e) => (
                <tr key={e.eventId}>
                  <td>{e.sequence}</td>
                  <td>
                    <div className="small">
                      {formatTime(e.createdAt)} · {e.origin}
                    </div>
                    <code className="small">{e.eventId}</code>
                  </td>
                  <td>
                    <Badge tone={TONE[e.status]}>{e.status}</Badge>
                    {e.lastStatusCode !== null ? <div className="small">HTTP {e.lastStatusCode}</div> : null}
                  </td>
                  <td>
                    <details>
                      <summary>
                        {e.attempts} of {e.maxAttempts}
                        <span className="visually-hidden"> attempts of event {e.sequence}</span>
                      </summary>
                      <Attempts event={e} />
                    </details>
                  </td>
                  <td className="actions">
                    {active && e.status !== 'pending' && e.status !== 'sending' ? (
                      <button
                        type="button"
                        className="secondary"
                        disabled={replay.isPending}
                        onClick={() => replay.mutate(e.eventId)}
                      >
                        Replay<span className="visually-hidden"> event {e.sequence}</span>
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {events.data && events.data.total > events.data.events.length ? (
        <p className="small muted">
          The newest {events.data.events.length} of {events.data.total}.
        </p>
      ) : null}
    </section>
  );
}
