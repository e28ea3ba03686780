import type { SigningSecretStatus, SigningSecrets } from '../../platform/delivery/signing.js';
import type { Actor } from '../../platform/http/access.js';

const toJson = (s: SigningSecretStatus) => ({
  enabled: s.enabled,
  secretPrefix: s.secretPrefix,
  createdAt: s.createdAt?.toISOString() ?? null,
  previousSecretExpiresAt: s.previousSecretExpiresAt?.toISOString() ?? null,
});

/** The organization's webhook signing secret: organization-level, so only org-scope keys manage it. */
export class WebhookSigningSecretService {
  constructor(private readonly deps: { signing: SigningSecrets }) {}

  async rotate(actor: Actor) {
    const r = await this.deps.signing.rotate(actor.orgId);
    return { secret: r.secret, ...toJson(r) };
  }

  async status(actor: Actor) {
    return toJson(await this.deps.signing.status(actor.orgId));
  }

  async remove(actor: Actor) {
    await this.deps.signing.remove(actor.orgId);
    return toJson(await this.deps.signing.status(actor.orgId));
  }
}
