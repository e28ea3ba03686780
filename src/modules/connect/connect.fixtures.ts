/**
 * Shared set-up of the hosted connect tests (connect.http.test.ts, connect-form.http.test.ts): the app with the
 * credential-form integrations and an OAuth one, a free plan of one connection, and helpers for a tenant with a
 * workspace, a connect-token body and the session poll.
 */
import { startApp, type TestApp } from '../../../test/harness.js';
import { formIntegrations, oauthIntegration, register } from '../../../test/connect-fixtures.js';

/** `start` and `close` belong in the test file's before and after hooks; `t` is read after `start`. */
export function connectWorld() {
  let t: TestApp;
  const start = async () => {
    t = await startApp({ SWITCHBOARD_PLANS: JSON.stringify({ free: { connections: 1 } }) });
    register(t, [...formIntegrations(), oauthIntegration('https://oauth.example.test')]);
  };
  const close = async () => t.close();

  async function setup(plan = 'enterprise') {
    const org = await t.tenant(plan);
    const ws = await t.workspace(org.key);
    return { ...org, ws: ws.id };
  }
  /** A connect-token request for the test-secret integration, with `extra` replacing fields. */
  const tokenBody = (ws: string, extra: Record<string, unknown> = {}) => ({
    integrationName: 'test-secret',
    connectionName: 'Acme key',
    externalId: 'acme',
    workspaceId: ws,
    ...extra,
  });
  const poll = (token: unknown) => t.request('POST', '/api/v1/connect/session/poll', { body: { token } });

  return {
    start,
    close,
    setup,
    tokenBody,
    poll,
    get t() {
      return t;
    },
  };
}
