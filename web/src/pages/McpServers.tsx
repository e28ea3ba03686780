import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useOrg } from '../session';
import { Badge, Dialog, Empty, ErrorNotice, Loading, Page } from '../ui';
import { useCurrentWorkspaceId } from './Shell';
import { useMcpServers } from './mcp/hooks';
import { ServerForm } from './mcp/ServerForm';
import { ShownOnce } from './mcp/ShownOnce';

/** A workspace's MCP servers: the list and a new one. */
export function McpServersPage() {
  const { org } = useOrg();
  const workspaceId = useCurrentWorkspaceId();
  const servers = useMcpServers(workspaceId);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ id: string; name: string; token: string } | null>(null);
  if (!workspaceId)
    return (
      <Page title="MCP servers">
        <Empty title="Create a workspace first">
          <Link to={`/o/${org.id}/workspaces`}>Go to workspaces</Link>
        </Empty>
      </Page>
    );
  const base = `/o/${org.id}/w/${workspaceId}/mcp`;
  return (
    <Page
      title="MCP servers"
      intro="Endpoints that give AI agents this workspace's actions, as tools or through Code Mode."
      actions={
        <button type="button" onClick={() => setCreating(true)}>
          New MCP server
        </button>
      }
    >
      {created ? (
        <ShownOnce label={`Bearer token of ${created.name}`} value={created.token}>
          <p>
            <Link to={`${base}/${created.id}`}>Open {created.name}</Link> to choose its tools.
          </p>
        </ShownOnce>
      ) : null}
      {servers.isPending ? <Loading what="MCP servers" /> : null}
      <ErrorNotice error={servers.error} />
      {servers.data?.length === 0 ? (
        <Empty title="No MCP servers yet">
          <p>Create one with “New MCP server”, then switch on the actions it offers.</p>
        </Empty>
      ) : null}
      <ul className="cards">
        {servers.data?.map((s) => (
          <li key={s.id} className="card">
            <p className="card-title">
              <Link to={`${base}/${s.id}`}>{s.name}</Link> <Badge>{s.mode === 'CODE' ? 'Code Mode' : 'Tools'}</Badge>{' '}
              {s.suspended ? <Badge tone="bad">suspended</Badge> : null}
            </p>
            {s.description ? <p className="small">{s.description}</p> : null}
            <p className="small muted">
              {s.authMode.replace(/_/g, ' ')}
              {s.endUserId ? ` · for ${s.endUserId}` : ''}
            </p>
          </li>
        ))}
      </ul>
      <Dialog open={creating} title="New MCP server" onClose={() => setCreating(false)}>
        {creating ? (
          <ServerForm
            workspaceId={workspaceId}
            onCreated={(c) =>
              c.bearerToken
                ? setCreated({ id: c.server.id, name: c.server.name, token: c.bearerToken })
                : navigate(`${base}/${c.server.id}`)
            }
            onDone={() => setCreating(false)}
          />
        ) : null}
      </Dialog>
    </Page>
  );
}
