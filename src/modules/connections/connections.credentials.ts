import type { AuthOption, IntegrationDefinition } from '../../integrations/framework.js';
import { ActionInputError } from '../../integrations/framework.js';
import { validateInput } from '../../integrations/validate.js';
import { AppError, invalidField } from '../../platform/errors.js';
import type { ConnectionType, CreateConnectionInput } from './connections.schemas.js';

// Credential shaping: which auth option a connection uses, and its credentials in the stored (piece) shape.

const invalid = invalidField;

/** Which auth option types a connection type can serve. */
const authTypeOf = (type: ConnectionType) => (type === 'PLATFORM_OAUTH2' ? 'OAUTH2' : type);

/** The auth option a connection of this type uses: authMethodKey when given, else the only compatible one. */
export function authOptionFor(
  def: IntegrationDefinition,
  type: ConnectionType,
  authMethodKey: string | undefined,
  field = 'authMethodKey',
): AuthOption {
  if (def.auth.length === 0) throw invalid('integrationName', `${def.name} takes no connection`);
  if (authMethodKey !== undefined) {
    const option = def.auth.find((a) => a.key === authMethodKey);
    if (!option)
      throw new AppError(
        'INVALID_AUTH_METHOD',
        `${def.name} has no auth method "${authMethodKey}" (available: ${def.auth.map((a) => a.key).join(', ')}).`,
      );
    if (option.type !== authTypeOf(type))
      throw new AppError(
        'INVALID_AUTH_METHOD',
        `The auth method "${authMethodKey}" of ${def.name} is ${option.type}, not ${type}.`,
      );
    return option;
  }
  const compatible = def.auth.filter((a) => a.type === authTypeOf(type));
  if (compatible.length === 0)
    throw invalid('type', `${type} is not an auth type of ${def.name} (${def.auth.map((a) => a.type).join(', ')})`);
  if (compatible.length > 1) {
    throw new AppError(
      'AUTH_METHOD_REQUIRED',
      `${def.name} has several ${type} auth methods; give ${field} (${compatible.map((a) => a.key).join(', ')}).`,
    );
  }
  return compatible[0]!;
}

/** Credentials as stored, with when the access token and the credentials themselves expire (null: unknown, never). */
export interface StoredCredentials {
  credentials: Record<string, unknown>;
  tokenExpiresAt: Date | null;
  credentialExpiresAt: Date | null;
}
const NO_EXPIRY = { tokenExpiresAt: null, credentialExpiresAt: null };

/** Credentials in the stored (piece) shape from the current request fields; names the missing field. */
export function credentialsFrom(type: ConnectionType, option: AuthOption, f: CreateConnectionInput): StoredCredentials {
  switch (type) {
    case 'SECRET_TEXT':
      if (!f.secretText) throw invalid('secretText', 'is required for SECRET_TEXT');
      return { credentials: { secret_text: f.secretText }, ...NO_EXPIRY };
    case 'BASIC_AUTH':
      if (f.username === undefined || f.username === '') throw invalid('username', 'is required for BASIC_AUTH');
      if (f.password === undefined) throw invalid('password', 'is required for BASIC_AUTH');
      return { credentials: { username: f.username, password: f.password }, ...NO_EXPIRY };
    case 'CUSTOM_AUTH': {
      if (!f.props) throw invalid('props', 'is required for CUSTOM_AUTH');
      return { credentials: { props: option.props ? checkedProps(option, f.props) : f.props }, ...NO_EXPIRY };
    }
    default: {
      if (!f.accessToken) throw invalid('accessToken', `is required for ${type}`);
      // Extra fields the integration reads beside its tokens (e.g. Zoho's location), as the catalog lists them.
      const props = f.props && option.props ? checkedProps(option, f.props) : undefined;
      const now = Math.floor(Date.now() / 1000);
      const credentials: Record<string, unknown> = {
        access_token: f.accessToken,
        token_type: f.tokenType ?? 'Bearer',
        data: f.data ?? {},
        claimed_at: now,
      };
      if (f.refreshToken) credentials.refresh_token = f.refreshToken;
      if (f.expiresIn !== undefined) credentials.expires_in = f.expiresIn;
      if (f.scope_oauth !== undefined) credentials.scope = f.scope_oauth;
      if (props) credentials.props = props;
      const tokenExpiresAt = f.expiresIn !== undefined ? new Date((now + f.expiresIn) * 1000) : null;
      // Without a refresh token, the access token's expiry is the connection's (0144).
      return { credentials, tokenExpiresAt, credentialExpiresAt: f.refreshToken ? null : tokenExpiresAt };
    }
  }
}

/** Connection props checked against the auth option's props (defaults applied); names the bad field. */
function checkedProps(option: AuthOption, props: Record<string, unknown>): Record<string, unknown> {
  try {
    return validateInput(option.props ?? {}, props, 'props.');
  } catch (err) {
    if (err instanceof ActionInputError) throw invalid(err.field, err.problem);
    throw err;
  }
}
