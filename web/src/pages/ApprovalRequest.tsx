import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useOrg } from '../session';
import { Badge, ErrorNotice, Field, Form, Loading, Notice, Page, formatTime } from '../ui';
import { approvalTone } from './Approvals';

type Action = 'approve' | 'reject' | 'cancel';
const DONE: Record<Action, string> = {
  approve: 'Approved. The caller can now retry the request; it runs once.',
  reject: 'Rejected. The call does not run.',
  cancel: 'Canceled.',
};

/** Who decided, from the request's decidedBy (a person, an API key, the hosted link, an end user or the clock). */
function who(by: Record<string, unknown> | null): string {
  if (!by) return '—';
  const first = [by.email, by.keyId, by.endUserId, by.type].find((v) => typeof v === 'string');
  return typeof first === 'string' ? first : 'unknown';
}

/**
 * One approval request, at `/o/:orgId/approvals/:id` (where `/approvals/<id>`, the approvalUrl, sends a signed-in
 * member: 0137): the redacted input, the policy's reasons, the decision for the policy's approvers, and its history.
 */
export function ApprovalRequestPage() {
  const { client, org } = useOrg();
  const { approvalId = '' } = useParams();
  const qc = useQueryClient();
  const [reason, setReason] = useState('');
  const request = useQuery({
    queryKey: [org.id, 'approvals', approvalId],
    queryFn: () => client.approvals.get({ id: approvalId }),
  });
  const decide = useMutation({
    mutationFn: (action: Action) => {
      const args = { id: approvalId, body: reason.trim() ? { reason: reason.trim() } : {} };
      return action === 'approve'
        ? client.approvals.approve(args)
        : action === 'reject'
          ? client.approvals.reject(args)
          : client.approvals.cancel(args);
    },
    onSuccess: async () => {
      setReason('');
      await qc.invalidateQueries({ queryKey: [org.id, 'approvals'] });
    },
  });
  const a = request.data?.approval;
  const title = a ? `${a.integrationName}.${a.actionName}` : 'Approval request';
  return (
    <Page title={title} intro={<Link to={`/o/${org.id}/approvals`}>All approval requests</Link>}>
      {request.isPending ? <Loading what="the request" /> : null}
      <ErrorNotice error={request.error} title="Could not load the request" />
      {a ? (
        <>
          <dl className="details" aria-label="Request">
            {(
              [
                [
                  'Status',
                  <>
                    <Badge tone={approvalTone(a.status)}>{a.status}</Badge>
                    {a.runStatus ? <> · ran: {a.runStatus}</> : null}
                  </>,
                ],
                ['Policy', `${a.policyName ?? '—'} (${a.decision})`],
                ['Source', a.source],
                ['Integration', a.integrationAlias ? `${a.integrationName} (${a.integrationAlias})` : a.integrationName],
                ['End user', a.endUserId ?? '—'],
                ['Expires', formatTime(a.expiresAt)],
              ] as const
            ).map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
          <section aria-labelledby="apr-reasons">
            <h2 id="apr-reasons">Why it waits</h2>
            {a.riskReasons.length ? (
              <ul>
                {a.riskReasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            ) : (
              <p className="muted">The policy gave no reasons.</p>
            )}
          </section>
          <section aria-labelledby="apr-input">
            <h2 id="apr-input">Input</h2>
            <pre className="output" aria-label="Input preview" tabIndex={0}>
              {JSON.stringify(a.inputPreview, null, 2)}
            </pre>
            {a.redactedPaths.length ? <p className="small muted">Redacted: {a.redactedPaths.join(', ')}</p> : null}
          </section>
          {a.status === 'pending' ? (
            <section aria-labelledby="apr-decide" className="panel">
              <h2 id="apr-decide">Decide</h2>
              <Form className="stack" onSubmit={() => decide.mutate('approve')}>
                <Field label="Reason" hint="Optional; kept with the decision and sent to the caller's webhooks.">
                  {(id, hint) => (
                    <textarea
                      id={id}
                      aria-describedby={hint}
                      rows={2}
                      maxLength={1000}
                      value={reason}
                      onChange={(e) => setReason(e.target.value)}
                    />
                  )}
                </Field>
                <ErrorNotice error={decide.error} title="Could not decide" />
                <div className="row">
                  <button type="submit" disabled={decide.isPending}>
                    Approve
                  </button>
                  <button type="button" className="danger" disabled={decide.isPending} onClick={() => decide.mutate('reject')}>
                    Reject
                  </button>
                  <button type="button" className="secondary" disabled={decide.isPending} onClick={() => decide.mutate('cancel')}>
                    Cancel request
                  </button>
                </div>
              </Form>
            </section>
          ) : null}
          {decide.isSuccess ? <Notice>{DONE[decide.variables]}</Notice> : null}
          <section aria-labelledby="apr-history">
            <h2 id="apr-history">History</h2>
            <ol className="history">
              <li>
                {formatTime(a.createdAt)}: held by {a.policyName ?? 'a policy'}
                {a.reusedFrom ? ` (reusing ${a.reusedFrom})` : ''}
              </li>
              {a.decidedAt ? (
                <li>
                  {formatTime(a.decidedAt)}: {a.status === 'consumed' ? 'approved' : a.status} by {who(a.decidedBy)}
                  {a.decisionReason ? <> — “{a.decisionReason}”</> : null}
                </li>
              ) : null}
              {a.consumedAt ? (
                <li>
                  {formatTime(a.consumedAt)}: the approved retry ran{a.runStatus ? ` (${a.runStatus})` : ''}
                </li>
              ) : null}
            </ol>
            {request.data?.webhookDeliveries?.length ? (
              <div className="table-wrap">
                <table>
                  <caption>Webhook deliveries</caption>
                  <thead>
                    <tr>
                      <th scope="col">URL</th>
                      <th scope="col">Status</th>
                      <th scope="col">Attempts</th>
                      <th scope="col">Last attempt</th>
                    </tr>
                  </thead>
                  <tbody>
                    {request.data.webhookDeliveries.map((d) => (
                      <tr key={d.deliveryId}>
                        <td className="mono">{d.url}</td>
                        <td>
                          {d.status}
                          {d.lastStatusCode ? ` (${d.lastStatusCode})` : ''}
                        </td>
                        <td>{d.attempts}</td>
                        <td>{formatTime(d.lastAttemptAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : null}
          </section>
        </>
      ) : null}
    </Page>
  );
}
