import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useOrg } from '../../session';
import { Badge, Empty, ErrorNotice, Field, Form, Loading, formatTime } from '../../ui';
import { useEndUserChoices } from './hooks';
import { mcpKey, type McpServer } from './types';

export interface Shown {
  label: string;
  value: string;
}

const LIFETIMES = [
  [86_400, '1 day'],
  [7 * 86_400, '7 days'],
  [30 * 86_400, '30 days'],
  [90 * 86_400, '90 days'],
] as const;

/** The static bearer token and end users' tokens: issue (shown once through `onShown`), list, revoke. */
export function TokensSection({ server, onShown }: { server: McpServer; onShown: (shown: Shown) => void }) {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const key = mcpKey(org.id, 'tokens', server.id);
  const tokens = useQuery({
    queryKey: key,
    queryFn: () => client.mcpServers.listTokens({ id: server.id, query: { limit: 100 } }),
  });
  const endUsers = useEndUserChoices(server.workspaceId);
  const [endUserId, setEndUserId] = useState(server.endUserId ?? '');
  const [expiresIn, setExpiresIn] = useState<number>(30 * 86_400);
  const refresh = () => qc.invalidateQueries({ queryKey: key });
  const regenerate = useMutation({
    mutationFn: () => client.mcpServers.regenerateToken({ id: server.id }),
    onSuccess: async (res) => {
      onShown({ label: 'Static bearer token', value: res.bearerToken });
      await refresh();
    },
  });
  const bearer = server.auth.bearerEnabled;
  const issue = useMutation({
    mutationFn: () =>
      bearer
        ? client.mcpServers.createAccessToken({ id: server.id, body: { endUserId, expiresIn } })
        : client.mcpServers.createOAuthToken({ id: server.id, body: { endUserId, expiresIn } }),
    onSuccess: async (res) => {
      onShown({ label: `Token for ${res.token.endUserId ?? endUserId}`, value: res.accessToken });
      await refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (tokenId: string) => client.mcpServers.deleteToken({ id: server.id, tokenId }),
    onSuccess: refresh,
  });
  const staticToken = tokens.data?.tokens.find((t) => t.static);
  const issued = tokens.data?.tokens.filter((t) => !t.static) ?? [];
  return (
    <section aria-labelledby="tokens-h">
      <h2 id="tokens-h">Tokens</h2>
      {server.auth.staticBearerEnabled ? (
        <div className="panel stack">
          <h3>Static bearer token</h3>
          <p className="small">
            {staticToken ? (
              <>
                In use: <code>{staticToken.tokenPrefix}…</code>, created {formatTime(staticToken.createdAt)}. Regenerating
                replaces it at once.
              </>
            ) : (
              'None yet.'
            )}
          </p>
          <ErrorNotice error={regenerate.error} title="Could not regenerate the token" />
          <div className="row">
            <button type="button" disabled={regenerate.isPending} onClick={() => regenerate.mutate()}>
              {staticToken ? 'Regenerate static token' : 'Create static token'}
            </button>
          </div>
        </div>
      ) : null}
      {server.auth.accessTokensEnabled ? (
        <Form className="panel stack" onSubmit={() => issue.mutate()}>
          <h3>Token for an end user</h3>
          <Field label="End user" required>
            {(id) => (
              <select id={id} required value={endUserId} onChange={(e) => setEndUserId(e.target.value)}>
                <option value="">Choose…</option>
                {endUsers.data?.map((u) => (
                  <option key={u.id} value={u.externalId}>
                    {u.displayName ?? u.externalId} ({u.externalId})
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Expires after">
            {(id) => (
              <select id={id} value={expiresIn} onChange={(e) => setExpiresIn(Number(e.target.value))}>
                {LIFETIMES.map(([s, l]) => (
                  <option key={s} value={s}>
                    {l}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {endUsers.data?.length === 0 ? <p className="small muted">This workspace has no end users yet.</p> : null}
          <ErrorNotice error={issue.error} title="Could not issue the token" />
          <div className="row">
            <button type="submit" disabled={issue.isPending}>
              {issue.isPending ? 'Issuing…' : 'Issue token'}
            </button>
          </div>
        </Form>
      ) : (
        <p className="muted small">Tokens for end users need a workspace server with bearer or OAuth authentication.</p>
      )}
      <h3>Tokens in use</h3>
      {tokens.isPending ? <Loading what="tokens" /> : null}
      <ErrorNotice error={tokens.error ?? revoke.error} />
      {tokens.data && issued.length === 0 ? <Empty title="No end-user tokens">Issue one above.</Empty> : null}
      {issued.length > 0 ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">Token</th>
                <th scope="col">End user</th>
                <th scope="col">Scopes</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {issued.map((t) => (
                <tr key={t.id}>
                  <td>
                    <code>{t.tokenPrefix}…</code> <Badge>{t.authMethod}</Badge>
                  </td>
                  <td>{t.endUserId ?? '—'}</td>
                  <td>{t.scopes.join(', ')}</td>
                  <td>{formatTime(t.expiresAt)}</td>
                  <td>
                    <button
                      type="button"
                      className="danger-outline"
                      disabled={revoke.isPending}
                      onClick={() => revoke.mutate(t.id)}
                    >
                      Revoke<span className="visually-hidden"> {t.tokenPrefix}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
