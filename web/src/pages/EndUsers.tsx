import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useOrg } from '../session';
import { Badge, connectionTone, Empty, ErrorNotice, Loading, Notice, formatTime } from '../ui';

/** A workspace's end users: their connections, and a link to their connect portal (shown once). */
export function EndUsers({ workspaceId }: { workspaceId: string }) {
  const { client, org } = useOrg();
  const endUsers = useQuery({
    queryKey: [org.id, 'end-users', workspaceId],
    queryFn: async () => (await client.endUsers.list({ query: { workspaceId, limit: 100 } })).endUsers,
  });
  const [openId, setOpenId] = useState<string | null>(null);
  const detail = useQuery({
    queryKey: [org.id, 'end-user', openId],
    enabled: openId !== null,
    queryFn: () => client.endUsers.get({ id: openId! }),
  });
  const invite = useMutation({
    mutationFn: (id: string) => client.endUsers.createConnectToken({ id, body: {} }),
  });
  return (
    <section aria-labelledby="eu-h">
      <h2 id="eu-h">End users</h2>
      {endUsers.isPending ? <Loading what="end users" /> : null}
      <ErrorNotice error={endUsers.error} />
      {endUsers.data?.length === 0 ? (
        <Empty title="No end users yet">
          <p>End users appear when your app creates them (POST /api/v1/end-users) or a connection is made for one.</p>
        </Empty>
      ) : null}
      <ul className="cards">
        {endUsers.data?.map((u) => (
          <li key={u.id} className="card">
            <p className="card-title">{u.displayName ?? u.externalId}</p>
            <p className="small muted">
              <code>{u.externalId}</code> · {u.connectionCount} connections {u.email ? `· ${u.email}` : ''}
            </p>
            <div className="row">
              <button
                type="button"
                className="secondary"
                onClick={() => setOpenId(openId === u.id ? null : u.id)}
                aria-expanded={openId === u.id}
              >
                Connections<span className="visually-hidden"> of {u.externalId}</span>
              </button>
              <button type="button" className="secondary" onClick={() => invite.mutate(u.id)}>
                Portal link<span className="visually-hidden"> for {u.externalId}</span>
              </button>
            </div>
            {openId === u.id && detail.data ? (
              <ul className="small">
                {detail.data.connections.length === 0 ? <li>No connections.</li> : null}
                {detail.data.connections.map((c) => (
                  <li key={c.id}>
                    {c.displayName} ({c.integrationName}) <Badge tone={connectionTone(c.status)}>{c.status}</Badge>
                  </li>
                ))}
              </ul>
            ) : null}
            {invite.variables === u.id && invite.data ? (
              <Notice>
                Send this link to the end user (valid until {formatTime(invite.data.expiresAt)}; shown once):{' '}
                <input
                  aria-label="Portal link"
                  readOnly
                  value={invite.data.connectUrl}
                  className="mono"
                  onFocus={(e) => e.target.select()}
                />
              </Notice>
            ) : null}
            {invite.variables === u.id ? <ErrorNotice error={invite.error} /> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
