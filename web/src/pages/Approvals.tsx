import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useOrg } from '../session';
import { Badge, Empty, ErrorNotice, Field, Loading, Page, formatTime } from '../ui';
import { SOURCES } from '../gates/policy-draft';
import { useWorkspaces } from './Shell';

const STATUSES = ['pending', 'approved', 'rejected', 'expired', 'canceled', 'consumed'] as const;

export const approvalTone = (s: string) =>
  s === 'pending' ? 'warn' : s === 'approved' || s === 'consumed' ? 'ok' : s === 'rejected' ? 'bad' : 'neutral';

/** The approvals inbox: pending requests first, then the rest, newest first; filters by workspace, source, policy, status. */
export function ApprovalsPage() {
  const { client, org } = useOrg();
  const workspaces = useWorkspaces();
  const [filters, setFilters] = useState({ workspaceId: '', source: '', policyId: '', status: '' });
  const policies = useQuery({
    queryKey: [org.id, 'approval-policies'],
    queryFn: () => client.approvalPolicies.list({ query: { limit: 100 } }),
    retry: false,
  });
  const base = Object.fromEntries(Object.entries(filters).filter(([k, v]) => v && k !== 'status'));
  const list = (status: string | undefined) =>
    client.approvals.list({ query: { ...base, ...(status ? { status } : {}), limit: 100 } as never });
  const approvals = useQuery({
    queryKey: [org.id, 'approvals', filters],
    refetchInterval: 5000,
    queryFn: async () => {
      if (filters.status) return (await list(filters.status)).approvals;
      // Pending first, then everything else (newest first).
      const [pending, all] = await Promise.all([list('pending'), list(undefined)]);
      return [...pending.approvals, ...all.approvals.filter((a) => a.status !== 'pending')];
    },
  });
  const set = (k: keyof typeof filters) => (e: { target: { value: string } }) => setFilters({ ...filters, [k]: e.target.value });
  const wsName = (id: string | null) => (id ? (workspaces.data?.find((w) => w.id === id)?.name ?? id) : '—');
  return (
    <Page title="Approvals" intro="Calls held by a Human Gates policy, waiting for a person.">
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
        <Field label="Source">
          {(id) => (
            <select id={id} value={filters.source} onChange={set('source')}>
              <option value="">All</option>
              {SOURCES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Policy">
          {(id) => (
            <select id={id} value={filters.policyId} onChange={set('policyId')}>
              <option value="">All</option>
              {policies.data?.policies.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Status">
          {(id) => (
            <select id={id} value={filters.status} onChange={set('status')}>
              <option value="">Pending first, then all</option>
              {STATUSES.map((s) => (
                <option key={s}>{s}</option>
              ))}
            </select>
          )}
        </Field>
      </form>
      {approvals.isPending ? <Loading what="approval requests" /> : null}
      <ErrorNotice error={approvals.error} />
      {approvals.data?.length === 0 ? (
        <Empty title="No approval requests">Calls a policy holds appear here, pending ones first.</Empty>
      ) : null}
      {approvals.data && approvals.data.length > 0 ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Request</th>
                <th scope="col">Status</th>
                <th scope="col">Policy</th>
                <th scope="col">Source</th>
                <th scope="col">Workspace</th>
                <th scope="col">Created</th>
              </tr>
            </thead>
            <tbody>
              {approvals.data.map((a) => (
                <tr key={a.id}>
                  <td>
                    <Link to={`/o/${org.id}/approvals/${a.id}`}>
                      {a.integrationName}.{a.actionName}
                    </Link>
                  </td>
                  <td>
                    <Badge tone={approvalTone(a.status)}>{a.status}</Badge>
                  </td>
                  <td>{a.policyName ?? '—'}</td>
                  <td>{a.source}</td>
                  <td>{wsName(a.workspaceId)}</td>
                  <td>{formatTime(a.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Page>
  );
}
