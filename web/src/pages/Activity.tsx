import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useOrg } from '../session';
import { Badge, Dialog, Empty, ErrorNotice, Field, Loading, Page, formatTime } from '../ui';
import { useWorkspaces } from './Shell';

const SOURCES = ['rest', 'sdk', 'mcp_tools', 'mcp_code', 'playground', 'trigger'] as const;
const STATUSES = ['success', 'failed', 'error', 'approval_required', 'blocked'] as const;

export const statusTone = (s: string) =>
  s === 'success' ? 'ok' : s === 'failed' || s === 'error' || s === 'blocked' ? 'bad' : 'warn';

interface Filters {
  workspaceId: string;
  integrationName: string;
  actionName: string;
  status: string;
  source: string;
  endUserId: string;
  since: string;
  until: string;
}

const EMPTY: Filters = {
  workspaceId: '',
  integrationName: '',
  actionName: '',
  status: '',
  source: '',
  endUserId: '',
  since: '',
  until: '',
};

/** datetime-local's value (the reader's own time) as an ISO instant. */
const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);

export function ActivityPage() {
  const { client, org } = useOrg();
  const workspaces = useWorkspaces();
  const [filters, setFilters] = useState<Filters>(EMPTY);
  const [auto, setAuto] = useState(true);
  const [detail, setDetail] = useState<Record<string, unknown> | null>(null);
  const query = Object.fromEntries(
    Object.entries({ ...filters, since: iso(filters.since), until: iso(filters.until) }).filter(([, v]) => v),
  );
  const activity = useInfiniteQuery({
    queryKey: [org.id, 'activity', query],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      client.activity.list({ query: { ...query, limit: 50, ...(pageParam ? { cursor: pageParam } : {}) } }),
    getNextPageParam: (last) => last.nextCursor ?? null,
    refetchInterval: auto ? 5000 : false,
  });
  const rows = activity.data?.pages.flatMap((p) => p.activity) ?? [];
  const set = (k: keyof Filters) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setFilters({ ...filters, [k]: e.target.value });
  return (
    <Page title="Activity" intro="Every execution: REST, SDK, MCP, Code Mode, playground and triggers.">
      <form className="filters" onSubmit={(e) => e.preventDefault()} aria-label="Filters">
        <Field label="Workspace">
          {(id) => (
            <select id={id} value={filters.workspaceId} onChange={set('workspaceId')}>
              <option value="">All</option>
              {workspaces.data?.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Integration">
          {(id) => <input id={id} value={filters.integrationName} onChange={set('integrationName')} />}
        </Field>
        <Field label="Action">{(id) => <input id={id} value={filters.actionName} onChange={set('actionName')} />}</Field>
        <Field label="Status">
          {(id) => (
            <select id={id} value={filters.status} onChange={set('status')}>
              <option value="">All</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Source">
          {(id) => (
            <select id={id} value={filters.source} onChange={set('source')}>
              <option value="">All</option>
              {SOURCES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="End user">{(id) => <input id={id} value={filters.endUserId} onChange={set('endUserId')} />}</Field>
        <Field label="From">
          {(id) => <input id={id} type="datetime-local" value={filters.since} onChange={set('since')} />}
        </Field>
        <Field label="To">{(id) => <input id={id} type="datetime-local" value={filters.until} onChange={set('until')} />}</Field>
        <label className="check">
          <input type="checkbox" checked={auto} onChange={(e) => setAuto(e.target.checked)} /> Refresh every 5 s
        </label>
        <button type="button" className="secondary" onClick={() => setFilters(EMPTY)}>
          Clear filters
        </button>
      </form>
      {activity.isPending ? <Loading what="activity" /> : null}
      <ErrorNotice error={activity.error} />
      {activity.data && rows.length === 0 ? (
        <Empty title="No activity matches">
          <p>Run an action in the playground, or call the API: every execution shows up here.</p>
        </Empty>
      ) : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Action</th>
                <th scope="col">Status</th>
                <th scope="col">Source</th>
                <th scope="col">Duration</th>
                <th scope="col">
                  <span className="visually-hidden">Details</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id}>
                  <td>{formatTime(r.createdAt)}</td>
                  <td>
                    {r.integrationAlias ?? r.integrationName} · <code>{r.actionName}</code>
                    {r.errorMessage ? <div className="small muted clamp">{r.errorMessage}</div> : null}
                  </td>
                  <td>
                    <Badge tone={statusTone(r.status)}>{r.status}</Badge>
                  </td>
                  <td>{r.source}</td>
                  <td>{r.durationMs} ms</td>
                  <td>
                    <button type="button" className="secondary" onClick={() => setDetail(r)}>
                      Details
                      <span className="visually-hidden">
                        {' '}
                        of {r.actionName} at {formatTime(r.createdAt)}
                      </span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {activity.hasNextPage ? (
        <button
          type="button"
          className="secondary"
          onClick={() => void activity.fetchNextPage()}
          disabled={activity.isFetchingNextPage}
        >
          {activity.isFetchingNextPage ? 'Loading…' : 'Load older'}
        </button>
      ) : null}
      <Dialog open={detail !== null} title="Execution" onClose={() => setDetail(null)}>
        {detail ? (
          <>
            <dl className="details">
              {Object.entries(detail).map(([k, v]) => (
                <div key={k}>
                  <dt>{k}</dt>
                  <dd>{v === null ? '—' : typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v)}</dd>
                </div>
              ))}
            </dl>
            <button type="button" className="secondary" onClick={() => setDetail(null)}>
              Close
            </button>
          </>
        ) : null}
      </Dialog>
    </Page>
  );
}
