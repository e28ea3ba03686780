import { useQuery } from '@tanstack/react-query';
import { useOrg } from '../../session';
import { mcpKey } from './types';

export function useMcpServers(workspaceId: string | null) {
  const { client, org } = useOrg();
  return useQuery({
    queryKey: mcpKey(org.id, 'servers', workspaceId),
    enabled: workspaceId !== null,
    queryFn: async () => {
      const res = await client.mcpServers.list({ query: { workspaceId: workspaceId!, limit: 100, includeSuspended: true } });
      return res.servers;
    },
  });
}

export function useMcpServer(serverId: string) {
  const { client, org } = useOrg();
  return useQuery({
    queryKey: mcpKey(org.id, 'server', serverId),
    queryFn: async () => {
      const res = await client.mcpServers.get({ id: serverId });
      return { server: res.server, tools: res.tools };
    },
  });
}

/** The workspace's end users, for choosing one (first 100). */
export function useEndUserChoices(workspaceId: string | null) {
  const { client, org } = useOrg();
  return useQuery({
    queryKey: [org.id, 'end-users', workspaceId],
    enabled: workspaceId !== null,
    queryFn: async () => (await client.endUsers.list({ query: { workspaceId: workspaceId!, limit: 100 } })).endUsers,
  });
}
