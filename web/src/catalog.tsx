import { useQuery } from '@tanstack/react-query';
import { personClient } from './api';

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

/** The whole catalog, fetched once per visit (it needs no key and changes only when the operator adds pieces). */
export function useCatalog() {
  return useQuery({
    queryKey: ['catalog'],
    queryFn: async () => {
      const res = (await personClient.integrations.list()) as unknown as { integrations: Integration[] };
      return res.integrations;
    },
    staleTime: 10 * 60_000,
  });
}

export function useIntegration(name: string | undefined) {
  const catalog = useCatalog();
  return { ...catalog, data: catalog.data?.find((i) => i.name === name) };
}

/** An integration's logo, served by the service itself (no third-party host at run time). */
export function Logo({ integration, size = 32 }: { integration: Pick<Integration, 'name' | 'displayName'>; size?: number }) {
  return (
    <img
      className="logo"
      src={`/api/v1/integrations/${encodeURIComponent(integration.name)}/logo`}
      alt=""
      width={size}
      height={size}
      loading="lazy"
    />
  );
}
