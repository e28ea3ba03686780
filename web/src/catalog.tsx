import { useQuery } from '@tanstack/react-query';
import { personClient } from './api';
import { useOrg } from './session';

export interface Prop {
  type: string;
  displayName: string;
  description?: string;
  required?: boolean;
  defaultValue?: unknown;
  options?: { options: Array<{ label: string; value: unknown }> };
  refreshers?: string[];
}

export interface CatalogAction {
  displayName: string;
  description?: string;
  props: Record<string, Prop>;
}

export interface AuthOption {
  key: string;
  type: string;
  displayName: string;
  description?: string;
  props: Record<string, Prop & { field: string; secret?: boolean }>;
}

export interface Integration {
  name: string;
  displayName: string;
  description: string;
  logoUrl: string;
  categories: string[];
  runtime: string;
  authOptions: AuthOption[];
  actions: Record<string, CatalogAction>;
  triggers: Record<string, CatalogAction>;
}

/**
 * The organization's catalog, fetched once per visit: the public one (every organization's) and the organization's
 * own custom integrations (imported OpenAPI documents, docs/decisions/0151).
 */
export function useCatalog() {
  const { org, client } = useOrg();
  return useQuery({
    queryKey: ['catalog', org.id],
    queryFn: async () => {
      const [all, custom] = await Promise.all([
        personClient.integrations.list() as unknown as Promise<{ integrations: Integration[] }>,
        client.customIntegrations.list() as unknown as Promise<{ integrations: Integration[] }>,
      ]);
      const own = new Set(custom.integrations.map((i) => i.name));
      return [...all.integrations.filter((i) => !own.has(i.name)), ...custom.integrations];
    },
    staleTime: 10 * 60_000,
  });
}

export function useIntegration(name: string | undefined) {
  const catalog = useCatalog();
  return { ...catalog, data: catalog.data?.find((i) => i.name === name) };
}

/** An integration's logo, served by the service itself (no third-party host at run time). */
export function Logo({
  integration,
  size = 32,
}: {
  integration: Pick<Integration, 'name' | 'displayName'> & { runtime?: string };
  size?: number;
}) {
  // An imported document's logo is drawn from its display name (the public route does not look up an organization's).
  const label = integration.runtime === 'openapi' ? `?label=${encodeURIComponent(integration.displayName)}` : '';
  return (
    <img
      className="logo"
      src={`/api/v1/integrations/${encodeURIComponent(integration.name)}/logo${label}`}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      // A logo that cannot be loaded leaves its space empty rather than a broken image.
      onError={(e) => (e.currentTarget.style.visibility = 'hidden')}
    />
  );
}
