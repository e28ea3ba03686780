import { invalidField, isAppError } from '../../platform/errors.js';
import type { Orm } from '../../platform/db/database.js';
import type { ConnectionsService } from '../connections/connections.service.js';
import type { ConnectionType } from '../connections/connections.schemas.js';
import { fieldsFrom, problem, validateWithin } from './connect.forms.js';
import * as repo from './connect.repository.js';
import type { ConnectSessions, SessionView } from './connect.sessions.js';

/** What a form submission led to: a finished session, or a problem the user can fix and resubmit. */
export type SubmitOutcome =
  { kind: 'finished'; view: SessionView } | { kind: 'invalid'; view: SessionView; message: string; field: string | null };

/** The credential form of a connect session (every auth type but OAuth2 and NONE). */
export class FormFlow {
  constructor(
    private readonly deps: { orm: Orm; connections: ConnectionsService },
    private readonly sessions: ConnectSessions,
  ) {}

  /** The credential form was submitted: check, validate with the integration, then store (or repair). */
  async submit(token: string, form: Record<string, unknown>): Promise<SubmitOutcome> {
    let view = await this.sessions.view(token);
    const { session, option } = view;
    if (session.status !== 'PENDING') return { kind: 'finished', view };
    if (option.type === 'OAUTH2' || option.type === 'NONE')
      throw invalidField('authMethodKey', 'uses OAuth2: start the sign-in instead');
    const type = option.type as ConnectionType;
    let credentials: Record<string, unknown>;
    try {
      credentials = this.deps.connections.credentialsFrom(type, option, fieldsFrom(option, form)).credentials;
    } catch (err) {
      if (isAppError(err) && err.code === 'VALIDATION_ERROR') return { kind: 'invalid', view, ...problem(err, option) };
      throw err;
    }
    const claimed = await repo.transition(this.deps.orm, session.orgId, session.id, ['PENDING'], { status: 'CONNECTING' });
    if (!claimed) return { kind: 'finished', view: await this.sessions.reload(view) };
    view = { ...view, session: claimed };
    if (option.validate) {
      const verdict = await validateWithin(option, { type, authMethodKey: option.key, value: credentials });
      if (!verdict.valid) {
        const back = await repo.transition(this.deps.orm, session.orgId, session.id, ['CONNECTING'], { status: 'PENDING' });
        return { kind: 'invalid', view: back ? { ...view, session: back } : view, message: verdict.error, field: null };
      }
    }
    // Saved as entered unless the integration could check the credentials (and did, above).
    const verification = option.validate ? 'verified' : 'unverified';
    return {
      kind: 'finished',
      view: await this.sessions.finish(view, {
        type,
        credentials,
        tokenExpiresAt: null,
        credentialExpiresAt: null,
        oauthAppId: null,
        verification,
      }),
    };
  }
}
