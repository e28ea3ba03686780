/**
 * Shared set-up of the connections HTTP tests (connections*.http.test.ts): the app with a free plan of three
 * connections and logs captured, a tenant with a workspace, and helpers that create a connection and build a
 * SECRET_TEXT body.
 */
import { startApp, type TestApp } from '../../../test/harness.js';
import type { IntegrationDefinition } from '../../integrations/framework.js';

/**
 * `integrations` are registered before the tenant is made. `start` and `close` belong in the test file's before and
 * after hooks; `t`, `key` and `ws` are read after `start`.
 */
export function connectionsWorld({ integrations = [] }: { integrations?: IntegrationDefinition[] } = {}) {
  let t: TestApp;
  let key: string;
  let ws: string;
  const start = async () => {
    t = await startApp({ SWITCHBOARD_PLANS: JSON.stringify({ free: { connections: 3 } }) }, { captureLogs: true });
    for (const def of integrations) t.app.services.registry.register(def);
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
  };
  const close = async () => t.close();

  /** POST /api/v1/connections, with the world's key unless `k` is given. */
  const create = (body: Record<string, unknown>, k = key) => t.post('/api/v1/connections', k, body);
  /** A SendGrid SECRET_TEXT connection with a random externalId, `extra` replacing fields. */
  const base = (extra: Record<string, unknown> = {}) => ({
    type: 'SECRET_TEXT',
    integrationName: 'sendgrid',
    externalId: `c-${Math.random().toString(36).slice(2)}`,
    displayName: 'SendGrid',
    secretText: 'sg-x-123456',
    ...extra,
  });

  return {
    start,
    close,
    create,
    base,
    get t() {
      return t;
    },
    get key() {
      return key;
    },
    get ws() {
      return ws;
    },
  };
}
