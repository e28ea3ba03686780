import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useOrg } from '../session';
import { Badge, Empty, ErrorNotice, Loading, Page, formatTime } from '../ui';
import { statusTone } from './Activity';
import { connectionsOf } from './Integrations';

const limitText = (n: number | null | undefined) => (n === null || n === undefined ? 'unlimited' : n.toLocaleString());

function Meter({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const pct = limit ? Math.min(100, Math.round((used / limit) * 100)) : 0;
  return (
    <div className="meter">
      <p>
        <strong>{label}</strong> {used.toLocaleString()} of {limitText(limit)}
      </p>
      {limit ? (
        <progress max={100} value={pct} aria-label={`${label}: ${pct}% used`}>
          {pct}%
        </progress>
      ) : null}
    </div>
  );
}

export function OverviewPage() {
  const { client, org } = useOrg();
  const usage = useQuery({ queryKey: [org.id, 'usage'], queryFn: () => client.organization.getUsage() });
  const failed = useQuery({
    queryKey: [org.id, 'activity', 'recent-failed'],
    queryFn: async () => (await client.activity.list({ query: { status: 'failed', limit: 5 } })).activity,
  });
  const approvals = useQuery({
    queryKey: [org.id, 'approvals', 'pending'],
    queryFn: () => client.approvals.list({ query: { status: 'pending', limit: 5 } }),
  });
  const connections = useQuery({
    queryKey: [org.id, 'connections', 'attention'],
    queryFn: async () =>
      connectionsOf(await client.connections.list({ query: { limit: 100 } })).filter((c) => c.status !== 'ACTIVE'),
  });
  const u = usage.data?.usage;
  return (
    <Page title="Overview" intro={`${org.name} · plan ${org.plan} · you are ${org.role}`}>
      <section aria-labelledby="usage-h" className="panel">
        <h2 id="usage-h">This month</h2>
        {usage.isPending ? <Loading what="usage" /> : null}
        <ErrorNotice error={usage.error} />
        {u ? (
          <div className="meters">
            <Meter label="Actions" used={u.actions.used} limit={u.actions.limit} />
            <p className="small muted">
              {u.month} · rate limit {u.rateLimit ? `${u.rateLimit.requests} calls per ${u.rateLimit.windowSeconds} s` : 'none'}
              {u.actions.actionPacks ? ` · ${u.actions.actionPacks.toLocaleString()} actions from packs` : ''}
            </p>
            {Object.entries(u.objects).map(([k, o]) => (
              <Meter key={k} label={OBJECT_LABELS[k] ?? k} used={o.count} limit={o.limit} />
            ))}
          </div>
        ) : null}
      </section>
      <div className="columns">
        <section aria-labelledby="failed-h" className="panel">
          <h2 id="failed-h">Recent failed executions</h2>
          {failed.isPending ? <Loading what="executions" /> : null}
          <ErrorNotice error={failed.error} />
          {failed.data?.length === 0 ? <p className="muted">None. Everything that ran recently succeeded.</p> : null}
          <ul className="plain">
            {failed.data?.map((a) => (
              <li key={a.id}>
                <Badge tone={statusTone(a.status)}>{a.status}</Badge> {a.integrationAlias ?? a.integrationName} ·{' '}
                <code>{a.actionName}</code> <span className="small muted">{formatTime(a.createdAt)}</span>
                {a.errorMessage ? <div className="small clamp">{a.errorMessage}</div> : null}
              </li>
            ))}
          </ul>
          <Link to={`/o/${org.id}/activity`}>All activity</Link>
        </section>
        <section aria-labelledby="appr-h" className="panel">
          <h2 id="appr-h">Pending approvals</h2>
          {approvals.isPending ? <Loading what="approvals" /> : null}
          <ErrorNotice error={approvals.error} />
          {approvals.data?.approvals.length === 0 ? <p className="muted">Nothing waits for a decision.</p> : null}
          <ul className="plain">
            {approvals.data?.approvals.map((a) => (
              <li key={a.id}>
                <a href={`/approvals/${a.id}`}>
                  {a.integrationName} · {a.actionName}
                </a>{' '}
                <span className="small muted">
                  {a.source} · {formatTime(a.createdAt)}
                </span>
              </li>
            ))}
          </ul>
          {approvals.data && approvals.data.total > 5 ? <p className="small">{approvals.data.total} pending in all.</p> : null}
        </section>
        <section aria-labelledby="conn-h" className="panel">
          <h2 id="conn-h">Connections needing attention</h2>
          {connections.isPending ? <Loading what="connections" /> : null}
          <ErrorNotice error={connections.error} />
          {connections.data?.length === 0 ? <p className="muted">All connections are active.</p> : null}
          <ul className="plain">
            {connections.data?.map((c) => (
              <li key={c.id}>
                {c.displayName} ({c.integrationName}) <Badge tone="warn">{c.status}</Badge>
                {c.statusMessage ? <div className="small">{c.statusMessage}</div> : null}
              </li>
            ))}
          </ul>
        </section>
      </div>
      {u && u.objects.workspaces?.count === 0 ? (
        <Empty title="Start here">
          <p>
            <Link to={`/o/${org.id}/workspaces`}>Create a workspace</Link>, add an integration, connect it and try it in the
            playground.
          </p>
        </Empty>
      ) : null}
    </Page>
  );
}

const OBJECT_LABELS: Record<string, string> = {
  workspaces: 'Workspaces',
  connections: 'Connections',
  apiKeys: 'API keys',
  members: 'Members',
  mcpServers: 'MCP servers',
};
