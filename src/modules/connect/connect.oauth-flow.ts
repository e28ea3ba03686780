import type { Orm } from '../../platform/db/database.js';
import type { EgressGuard } from '../../platform/egress.js';
import { ActionInputError } from '../../integrations/framework.js';
import { validateInput } from '../../integrations/validate.js';
import { AppError, invalidField, isAppError } from '../../platform/errors.js';
import { hashToken } from '../../platform/crypto.js';
import { assertOrgActive } from '../../platform/org-status.js';
import type { SecretBox } from '../../platform/secrets.js';
import type { OAuthAppMode, OAuthAppsService } from '../oauth-apps/oauth-apps.service.js';
import { fieldsFrom } from './connect.forms.js';
import * as repo from './connect.repository.js';
import type { OAuthCallbackInput } from './connect.schemas.js';
import { expired, SESSION_PURPOSE, type ConnectSessions, type SessionView } from './connect.sessions.js';
import { authorizeUrl, oauthCredentials, pkcePair, randomState, tokenRequest, TokenRequestError } from './oauth2.js';

const TOKEN_TIMEOUT_MS = 15_000;

/** Where a start leads: the provider's sign-in (redirect), the session's page, or the form with a problem. */
export interface StartOutcome {
  view: SessionView;
  redirect: string | null;
  invalid?: { message: string; field: string };
}

export interface OAuthFlowDeps {
  orm: Orm;
  oauthApps: OAuthAppsService;
  secrets: SecretBox;
  egress: EgressGuard;
  publicUrl: string;
  log: { warn(o: object, m?: string): void };
}

/** The OAuth2 authorization code flow with PKCE of a connect session: start, then the provider's callback. */
export class OAuthFlow {
  constructor(
    private readonly deps: OAuthFlowDeps,
    private readonly sessions: ConnectSessions,
  ) {}

  get callbackUrl(): string {
    return `${this.deps.publicUrl}/api/v1/connect/oauth-callback`;
  }

  /**
   * Starts the OAuth2 authorization code flow: a fresh state (stored hashed, bound to this session) and PKCE
   * verifier (stored sealed); returns the provider's authorization URL. Restarting replaces both. The fields the
   * auth option asks for beside the tokens (its props, such as a server URL) come from the page's form: checked
   * first (a problem goes back to the form), sealed with the verifier, and stored with the tokens.
   */
  async startOAuth(token: string, form: Record<string, unknown> = {}): Promise<StartOutcome> {
    const view = await this.sessions.view(token);
    const { session, definition, option } = view;
    if (session.status !== 'PENDING') return { view, redirect: null };
    if (option.type !== 'OAUTH2') throw invalidField('authMethodKey', `is ${option.type}: fill in the form instead`);
    let props: Record<string, unknown> | null = null;
    if (option.props && Object.keys(option.props).length > 0) {
      try {
        props = validateInput(option.props, fieldsFrom(option, form).props ?? {}, 'props.');
      } catch (err) {
        if (!(err instanceof ActionInputError)) throw err;
        const label = option.props[err.field.slice('props.'.length).split('.')[0]!]?.displayName ?? err.field;
        return { view, redirect: null, invalid: { message: `${label} ${err.problem}`, field: err.field } };
      }
    }
    let client;
    try {
      client = await this.deps.oauthApps.clientForFlow(
        session.orgId,
        definition,
        option,
        session.oauthAppMode as OAuthAppMode,
        session.oauthAppId,
      );
    } catch (err) {
      if (!isAppError(err)) throw err;
      return { view: await this.sessions.fail(view, ['PENDING'], err.message), redirect: null };
    }
    const state = randomState();
    const pkce = client.pkce ? pkcePair() : null;
    const row = await repo.transition(this.deps.orm, session.orgId, session.id, ['PENDING'], {
      oauthStateHash: hashToken(state),
      oauthPkce: this.deps.secrets.seal(SESSION_PURPOSE, session.id, { verifier: pkce?.verifier ?? null, props }),
    });
    if (!row) return { view: await this.sessions.reload(view), redirect: null };
    return {
      view: { ...view, session: row },
      redirect: authorizeUrl(client, { redirectUri: this.callbackUrl, state, challenge: pkce?.challenge ?? null }),
    };
  }

  /**
   * The provider sent the user back. The state names the session (single use: cleared on the claim); the code
   * is exchanged with the PKCE verifier through the egress guard; the tokens become the connection.
   */
  async oauthCallback(q: OAuthCallbackInput): Promise<SessionView> {
    if (!q.state) throw new AppError('INVALID_TOKEN', 'The sign-in response has no state; start again from the connect link.');
    const found = await repo.findSessionByState(this.deps.orm, hashToken(q.state));
    if (!found)
      throw new AppError(
        'INVALID_TOKEN',
        'This sign-in response is unknown or was already used; start again from the connect link.',
      );
    await assertOrgActive(this.deps.orm, found.orgId);
    let view = await this.sessions.viewOf(found);
    if (expired(found)) return view;
    const claimed = await repo.transition(this.deps.orm, found.orgId, found.id, ['PENDING'], {
      status: 'CONNECTING',
      oauthStateHash: null,
      oauthPkce: null,
    });
    if (!claimed) return this.sessions.reload(view);
    view = { ...view, session: claimed };
    if (q.error) {
      const reason = `${q.error.slice(0, 100)}${q.error_description ? `: ${q.error_description.slice(0, 200)}` : ''}`;
      return this.sessions.fail(view, ['CONNECTING'], `The provider did not authorize the connection (${reason}).`);
    }
    if (!q.code) return this.sessions.fail(view, ['CONNECTING'], 'The provider sent no authorization code.');
    const pkce = found.oauthPkce
      ? this.deps.secrets.open<{ verifier: string | null; props?: Record<string, unknown> | null }>(
          SESSION_PURPOSE,
          found.id,
          found.oauthPkce,
        )
      : { verifier: null };
    try {
      const client = await this.deps.oauthApps.clientForFlow(
        found.orgId,
        view.definition,
        view.option,
        found.oauthAppMode as OAuthAppMode,
        found.oauthAppId,
      );
      const tokens = await tokenRequest(
        this.deps.egress,
        client,
        {
          grant_type: 'authorization_code',
          code: q.code,
          redirect_uri: this.callbackUrl,
          ...(pkce.verifier ? { code_verifier: pkce.verifier } : {}),
        },
        TOKEN_TIMEOUT_MS,
      );
      const { credentials, tokenExpiresAt, credentialExpiresAt } = oauthCredentials(tokens);
      if (pkce.props) credentials.props = pkce.props;
      return await this.sessions.finish(view, {
        type: client.serviceManaged ? 'PLATFORM_OAUTH2' : 'OAUTH2',
        credentials,
        tokenExpiresAt,
        credentialExpiresAt: credentialExpiresAt ?? null,
        oauthAppId: client.serviceManaged ? null : client.appId,
        verification: 'verified', // the provider exchanged the code for tokens
      });
    } catch (err) {
      if (err instanceof TokenRequestError || isAppError(err)) return this.sessions.fail(view, ['CONNECTING'], err.message);
      this.deps.log.warn({ err: { message: (err as Error).message }, sessionId: found.id }, 'oauth callback failed');
      return this.sessions.fail(view, ['CONNECTING'], 'The connection could not be completed.');
    }
  }
}
