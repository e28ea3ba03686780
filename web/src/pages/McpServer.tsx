import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useConfirmedDelete } from '../confirmed-delete';
import { useOrg } from '../session';
import { Badge, Dialog, ErrorNotice, Loading, Page } from '../ui';
import { ClientConfigSection } from './mcp/ClientConfig';
import { useMcpServer } from './mcp/hooks';
import { RunsSection } from './mcp/Runs';
import { ServerForm } from './mcp/ServerForm';
import { ShownOnce } from './mcp/ShownOnce';
import { TokensSection, type Shown } from './mcp/Tokens';
import { ToolsSection } from './mcp/Tools';
import { mcpKey, type McpServer } from './mcp/types';

/** One MCP server: settings, tools, tokens, client configuration and (Code Mode) recent runs. */
export function McpServerPage() {
  const { client, org } = useOrg();
  const { serverId, workspaceId } = useParams();
  const detail = useMcpServer(serverId!);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [shown, setShown] = useState<Shown | null>(null);
  const list = `/o/${org.id}/w/${workspaceId}/mcp`;
  const deleting = useConfirmedDelete<McpServer>({
    what: 'MCP server',
    consequence: 'Its tools and tokens are deleted; clients using it stop working.',
    nameOf: (s) => s.name,
    remove: (s) => client.mcpServers.delete({ id: s.id }),
    then: async () => {
      await qc.invalidateQueries({ queryKey: mcpKey(org.id, 'servers') });
      void navigate(list);
    },
  });
  if (!detail.data)
    return (
      <Page title="MCP server">
        {detail.isPending ? <Loading what="the MCP server" /> : null}
        <ErrorNotice error={detail.error} />
        <p>
          <Link to={list}>All MCP servers</Link>
        </p>
      </Page>
    );
  const { server, tools } = detail.data;
  return (
    <Page
      title={server.name}
      intro={
        <>
          <Badge>{server.mode === 'CODE' ? 'Code Mode' : 'Tools'}</Badge> <Badge>{server.authMode.replace(/_/g, ' ')}</Badge>{' '}
          {server.endUserId ? <Badge>for {server.endUserId}</Badge> : null}{' '}
          {server.suspended ? <Badge tone="bad">suspended</Badge> : null} {server.description}
        </>
      }
      actions={
        <>
          <Link to={list}>All MCP servers</Link>
          <button type="button" className="secondary" onClick={() => setEditing(true)}>
            Edit server
          </button>
          <button type="button" className="danger-outline" onClick={() => deleting.ask(server)}>
            Delete server
          </button>
        </>
      }
    >
      <div className="stack">
        <ToolsSection server={server} tools={tools} />
        {shown ? <ShownOnce label={shown.label} value={shown.value} /> : null}
        <TokensSection server={server} onShown={setShown} />
        <ClientConfigSection server={server} token={shown?.value ?? null} />
        {server.mode === 'CODE' ? <RunsSection serverId={server.id} /> : null}
      </div>
      <Dialog open={editing} title="Edit MCP server" onClose={() => setEditing(false)}>
        {editing && server.workspaceId ? (
          <ServerForm workspaceId={server.workspaceId} existing={server} onDone={() => setEditing(false)} />
        ) : null}
      </Dialog>
      {deleting.dialog}
    </Page>
  );
}
