import { catalogEntry, catalogSummary } from '../../integrations/catalog.js';
import type { IntegrationRegistry } from '../../integrations/registry.js';
import { AppError } from '../../platform/errors.js';

/** The public catalog: what integrations this platform can run. */
export class IntegrationsService {
  constructor(private readonly deps: { registry: IntegrationRegistry; publicUrl: string }) {}

  list(summary: boolean) {
    const defs = this.deps.registry.list();
    const integrations = defs.map((d) => (summary ? catalogSummary(d, this.deps.publicUrl) : catalogEntry(d, this.deps.publicUrl)));
    return { integrations, total: integrations.length, registered: this.deps.registry.names() };
  }

  get(name: string) {
    const def = this.deps.registry.get(name);
    if (!def) throw new AppError('INTEGRATION_NOT_FOUND', `No integration named "${name}".`);
    return catalogEntry(def, this.deps.publicUrl);
  }

  /** A monogram logo for integrations that ship none: offline, deterministic colour per name. */
  logo(name: string): string | null {
    const def = this.deps.registry.get(name);
    if (!def) return null;
    let h = 0;
    for (const ch of def.name) h = (h * 31 + ch.charCodeAt(0)) % 360;
    const letters = def.displayName
      .split(/[\s&-]+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0]!.toUpperCase())
      .join('')
      .replace(/[^A-Z0-9]/g, '');
    return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64" role="img" aria-label="${def.displayName.replace(/[<>&"]/g, '')}"><rect width="64" height="64" rx="14" fill="hsl(${h},55%,42%)"/><text x="32" y="41" font-family="system-ui,sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${letters}</text></svg>`;
  }
}
