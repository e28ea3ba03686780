import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCatalog, type Integration } from '../../catalog';
import { useOrg } from '../../session';
import { Badge, Dialog, Empty, ErrorNotice, Loading } from '../../ui';
import { useWorkspaceIntegrations, type WorkspaceIntegration } from '../Integrations';
import { ToolForm } from './ToolForm';
import { mcpKey, type McpServer, type McpTool } from './types';

/** The server's tools: each enabled action of the workspace's integrations, switched on (a tool) or off. */
export function ToolsSection({ server, tools }: { server: McpServer; tools: McpTool[] }) {
  const { org } = useOrg();
  const workspaceId = server.workspaceId;
  const integrations = useWorkspaceIntegrations(workspaceId);
  const catalog = useCatalog();
  const [editing, setEditing] = useState<McpTool | null>(null);
  const editingIntegration = catalog.data?.find((i) => i.name === editing?.integrationName);
  return (
    <section aria-labelledby="tools-h">
      <h2 id="tools-h">Tools</h2>
      <p className="muted small">
        {server.mode === 'CODE'
          ? 'The code the agent writes can call every action switched on here.'
          : 'Each action switched on is one MCP tool.'}{' '}
        The switches are the workspace's enabled actions: they apply to all its MCP servers and API calls. Customize gives this
        server its own name, description, connection and input defaults for a tool.
      </p>
      {integrations.isPending || catalog.isPending ? <Loading what="actions" /> : null}
      <ErrorNotice error={integrations.error ?? catalog.error} />
      {integrations.data?.length === 0 ? (
        <Empty title="No integrations in this workspace">
          <Link to={`/o/${org.id}/w/${workspaceId}/integrations`}>Add an integration</Link> to offer its actions.
        </Empty>
      ) : null}
      {integrations.data && catalog.data
        ? integrations.data.map((wi) => (
            <IntegrationTools
              key={wi.id}
              server={server}
              wi={wi}
              integration={catalog.data.find((i) => i.name === wi.integrationName)}
              tools={tools}
              onEdit={setEditing}
            />
          ))
        : null}
      <Dialog open={editing !== null} title="Edit tool" onClose={() => setEditing(null)}>
        {editing && workspaceId ? (
          <ToolForm
            key={editing.id}
            serverId={server.id}
            workspaceId={workspaceId}
            tool={editing}
            action={editingIntegration?.actions[editing.actionName]}
            needsConnection={(editingIntegration?.authOptions.length ?? 0) > 0}
            onDone={() => setEditing(null)}
          />
        ) : null}
      </Dialog>
    </section>
  );
}

function IntegrationTools(props: {
  server: McpServer;
  wi: WorkspaceIntegration;
  integration: Integration | undefined;
  tools: McpTool[];
  onEdit: (tool: McpTool) => void;
}) {
  const { client, org } = useOrg();
  const qc = useQueryClient();
  const { wi, integration, server } = props;
  const all = Object.keys(integration?.actions ?? {});
  const enabled = wi.enabledActions ?? all;
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: mcpKey(org.id, 'server', server.id) }),
      qc.invalidateQueries({ queryKey: [org.id, 'workspace-integrations', server.workspaceId] }),
    ]);
  // On and off is the workspace integration's list of enabled actions (decision 0052: a server offers every one).
  const toggle = useMutation({
    mutationFn: async ({ action, on }: { action: string; on: boolean }) => {
      const next = on ? [...new Set([...enabled, action])] : enabled.filter((a) => a !== action);
      return client.workspaceIntegrations.update({
        workspaceId: server.workspaceId!,
        id: wi.id,
        body: { enabledActions: all.every((a) => next.includes(a)) ? null : next },
      });
    },
    onSettled: refresh,
  });
  const customize = useMutation({
    mutationFn: async ({ action, tool }: { action: string; tool: McpTool | undefined }) =>
      tool
        ? client.mcpServers.deleteTool({ id: server.id, toolId: tool.id })
        : client.mcpServers.addTool({
            id: server.id,
            body: { integrationName: wi.integrationName, integrationAlias: wi.alias, actionName: action },
          }),
    onSuccess: async (res) => {
      await refresh();
      if ('tool' in res) props.onEdit(res.tool);
    },
  });
  return (
    <div className="panel">
      <h3>
        {integration?.displayName ?? wi.integrationName} <code>{wi.alias}</code>
      </h3>
      <ErrorNotice error={toggle.error ?? customize.error} title="Could not change the tool" />
      {all.length === 0 ? <p className="muted">This integration has no actions.</p> : null}
      <ul className="plain stack">
        {all.map((action) => {
          const tool = props.tools.find((t) => t.integrationAlias === wi.alias && t.actionName === action);
          const name = `${wi.alias}.${action}`;
          const on = enabled.includes(action);
          return (
            <li key={action} className="tool-row">
              <label className="check">
                <input
                  type="checkbox"
                  role="switch"
                  checked={on}
                  disabled={toggle.isPending}
                  onChange={() => toggle.mutate({ action, on: !on })}
                />{' '}
                {tool?.displayName ?? integration?.actions[action]?.displayName ?? action} <code>{name}</code>
                {tool ? <Badge>customized</Badge> : null}
              </label>
              {on ? (
                <span className="row">
                  {tool ? (
                    <button type="button" className="secondary" onClick={() => props.onEdit(tool)}>
                      Edit<span className="visually-hidden"> {name}</span>
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="secondary"
                    disabled={customize.isPending}
                    onClick={() => customize.mutate({ action, tool })}
                  >
                    {tool ? 'Reset' : 'Customize'}
                    <span className="visually-hidden"> {name}</span>
                  </button>
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
