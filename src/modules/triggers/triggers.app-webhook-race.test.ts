import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { eq, sql } from 'drizzle-orm';
import { triggerSources } from '../../platform/db/schema.js';
import type { TestApp } from '../../../test/harness.js';
import type { Receiver } from '../../../test/receiver.js';
import { acmeWorld, type Acme } from './triggers.fixtures.js';

/** An enable that loses what it names (connection, workspace integration, workspace) during its own insert. */
describe('triggers: an enable racing the deletion of what it names (Acme fixture piece)', () => {
  let t: TestApp;
  let rx: Receiver;
  let acme: Acme;
  let key: string;
  let ws: string;
  const world = acmeWorld();
  before(async () => {
    await world.start();
    ({ t, rx, acme, key, ws } = world);
  });
  after(async () => world.close());

  it('answers 404 and keeps nothing when its connection, workspace integration or workspace goes between the checks and the insert', async () => {
    // The race made deterministic: a database trigger deletes the row the new source names, within the insert itself.
    await t.db.orm.execute(
      sql.raw(`CREATE FUNCTION vanish_on_enable() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.callback_url LIKE '%/cb/vanish-connection' THEN DELETE FROM connections WHERE id = NEW.connection_id;
          ELSIF NEW.callback_url LIKE '%/cb/vanish-integration' THEN DELETE FROM workspace_integrations WHERE id = NEW.workspace_integration_id;
          ELSIF NEW.callback_url LIKE '%/cb/vanish-workspace' THEN DELETE FROM workspaces WHERE id = NEW.workspace_id;
          END IF;
          RETURN NEW;
        END $$`),
    );
    await t.db.orm.execute(
      sql.raw(
        `CREATE TRIGGER vanish_on_enable BEFORE INSERT ON trigger_sources FOR EACH ROW EXECUTE FUNCTION vanish_on_enable()`,
      ),
    );
    try {
      const other = (await t.workspace(key)).id;
      const conn = ((await t.get('/api/v1/connections', key)).body.connections as Array<{ id: string; externalId: string }>).find(
        (c) => c.externalId === 'acme',
      )!;
      const added = await t.post(`/api/v1/workspaces/${other}/integrations`, key, {
        integrationName: 'acme',
        connectionId: conn.id,
      });
      assert.equal(added.status, 201, added.text);
      const asked = acme.calls('POST', '/webhooks').length;
      const cases = [
        {
          workspaceId: ws,
          path: '/cb/vanish-connection',
          error: 'CONNECTION_NOT_FOUND',
          message: /connection was deleted meanwhile/,
        },
        {
          workspaceId: other,
          path: '/cb/vanish-integration',
          error: 'NOT_FOUND',
          message: /workspace integration was deleted meanwhile/,
        },
        { workspaceId: other, path: '/cb/vanish-workspace', error: 'NOT_FOUND', message: /Workspace not found/ },
      ];
      for (const c of cases) {
        const res = await t.post('/api/v1/triggers/enable', key, {
          integrationName: 'acme',
          triggerName: 'new_message',
          workspaceId: c.workspaceId,
          callbackUrl: rx.url(c.path),
          input: { baseUrl: acme.url },
        });
        assert.equal(res.status, 404, `${c.path}: ${res.text}`);
        assert.equal(res.body.error, c.error);
        assert.match(res.body.message, c.message);
        assert.equal(
          (
            await t.db.orm
              .select()
              .from(triggerSources)
              .where(eq(triggerSources.callbackUrl, rx.url(c.path)))
          ).length,
          0,
          `${c.path}: nothing kept`,
        );
      }
      assert.equal(acme.calls('POST', '/webhooks').length, asked, 'nothing was registered at the provider');
      // The deletions were the insert's own, undone with it: everything is still there.
      assert.equal((await t.get(`/api/v1/workspaces/${other}`, key)).status, 200);
      assert.equal((await t.get(`/api/v1/workspaces/${other}/integrations`, key)).body.integrations.length, 1);
    } finally {
      await t.db.orm.execute(sql.raw(`DROP TRIGGER vanish_on_enable ON trigger_sources`));
      await t.db.orm.execute(sql.raw(`DROP FUNCTION vanish_on_enable()`));
    }
  });
});
