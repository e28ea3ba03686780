import { eq } from 'drizzle-orm';
import type { Orm } from '../../platform/db/database.js';
import { systemSettings } from '../../platform/db/schema.js';
import { hashToken, safeEqual } from '../../platform/crypto.js';
import { AppError } from '../../platform/errors.js';
import type { Principal } from '../../platform/http/auth.js';

export const OPERATOR_TOKEN_SETTING = 'operator_token_hash';

/**
 * The operator token is SWITCHBOARD_OPERATOR_TOKEN when set; otherwise the one generated at first start,
 * whose SHA-256 is kept in system_settings so every node accepts it.
 */
export class OperatorAuth {
  constructor(
    private readonly orm: Orm,
    private readonly configured: string | null,
  ) {}

  async verify(token: string): Promise<Principal> {
    const expected = this.configured ? hashToken(this.configured) : await this.storedHash();
    if (!expected || !safeEqual(hashToken(token), expected)) {
      throw new AppError('UNAUTHORIZED', 'The operator token is invalid.');
    }
    return { kind: 'operator' };
  }

  private async storedHash(): Promise<string | null> {
    const [row] = await this.orm.select().from(systemSettings).where(eq(systemSettings.key, OPERATOR_TOKEN_SETTING)).limit(1);
    return typeof row?.value === 'string' ? row.value : null;
  }
}
