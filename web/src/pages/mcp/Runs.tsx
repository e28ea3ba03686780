import { useQuery } from '@tanstack/react-query';
import { useOrg } from '../../session';
import { Badge, Empty, ErrorNotice, Loading, formatTime } from '../../ui';
import { mcpKey } from './types';

const tone = (status: string) => (status === 'completed' || status === 'success' ? 'ok' : status === 'failed' ? 'bad' : 'warn');

/** Recent Code Mode runs (kept 24 hours): code, steps with their tools and timings, logs. */
export function RunsSection({ serverId }: { serverId: string }) {
  const { client, org } = useOrg();
  const runs = useQuery({
    queryKey: mcpKey(org.id, 'runs', serverId),
    queryFn: () => client.mcpServers.listCodeRuns({ id: serverId, query: { limit: 20 } }),
    refetchInterval: 15_000,
  });
  return (
    <section aria-labelledby="runs-h">
      <h2 id="runs-h">Recent Code Mode runs</h2>
      {runs.isPending ? <Loading what="runs" /> : null}
      <ErrorNotice error={runs.error} />
      {runs.data?.runs.length === 0 ? (
        <Empty title="No runs in the last 24 hours">
          <p>Runs appear here when an agent calls the server's execute tool or the API's execute-code.</p>
        </Empty>
      ) : null}
      <ul className="plain stack">
        {runs.data?.runs.map((run) => (
          <li key={run.id} className="card">
            <details>
              <summary>
                <Badge tone={tone(run.status)}>{run.status.replace(/_/g, ' ')}</Badge> {formatTime(run.createdAt)} ·{' '}
                {run.steps.length} {run.steps.length === 1 ? 'step' : 'steps'}
                {run.durationMs !== null ? ` · ${Math.round(run.durationMs)} ms` : ''}
              </summary>
              <div className="stack">
                {run.error ? (
                  <p>
                    <strong>{run.error.name}</strong>: {run.error.message}
                  </p>
                ) : null}
                {run.steps.length ? (
                  <div className="table-wrap">
                    <table>
                      <caption className="visually-hidden">Steps</caption>
                      <thead>
                        <tr>
                          <th scope="col">#</th>
                          <th scope="col">Tool</th>
                          <th scope="col">Status</th>
                          <th scope="col">Time</th>
                        </tr>
                      </thead>
                      <tbody>
                        {run.steps.map((s) => (
                          <tr key={s.index}>
                            <td>{s.index + 1}</td>
                            <td>
                              <code>{s.tool}</code>
                            </td>
                            <td>
                              <Badge tone={tone(s.status)}>{s.status.replace(/_/g, ' ')}</Badge>
                            </td>
                            <td>{Math.round(s.durationMs)} ms</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : null}
                {run.logs.length ? (
                  <pre className="output" tabIndex={0} aria-label="Logs">
                    {run.logs.map((l) => `[${l.level}] ${l.message}`).join('\n')}
                  </pre>
                ) : null}
                <pre className="output" tabIndex={0} aria-label="Code">
                  {run.code}
                </pre>
                <p className="small muted">
                  Code SHA-256 <code>{run.codeHash.slice(0, 16)}…</code>
                  {run.approvalIds.length ? ` · approvals ${run.approvalIds.join(', ')}` : ''}
                </p>
              </div>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}
