import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { request } from 'undici';
import { connectOAuthWorld } from '../connect/oauth.fixtures.js';

/**
 * An imported document whose security scheme is OAuth2 (authorization code): the hosted connect flow against a real
 * OAuth2 provider process, the organization's own OAuth app, and a refresh after the API answers 401.
 */
describe('custom integrations with OAuth2', () => {
  const world = connectOAuthWorld();
  before(world.start);
  after(world.close);

  const document = (providerUrl: string) => ({
    openapi: '3.1.0',
    info: { title: 'Provider API', version: '1' },
    servers: [{ url: providerUrl }],
    components: {
      securitySchemes: {
        oauth: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: `${providerUrl}/authorize`,
              tokenUrl: `${providerUrl}/token`,
              scopes: { read: 'read your profile', write: 'change it' },
            },
          },
        },
      },
    },
    security: [{ oauth: ['read'] }],
    paths: {
      '/api/me': {
        get: {
          operationId: 'whoAmI',
          summary: 'Who am I',
          responses: {
            '200': {
              description: 'the account',
              content: { 'application/json': { schema: { type: 'object', properties: { sub: { type: 'string' } } } } },
            },
          },
        },
      },
    },
  });

  it('connects through the hosted flow with the organization’s OAuth app, calls the API and refreshes on a 401', async () => {
    const { t, control, stats, setup, authorize, storedConnection, provider } = world;
    const { key, ws } = await setup();
    const imported = await t.post('/api/v1/custom-integrations', key, { name: 'provider-api', document: document(provider.url) });
    assert.equal(imported.status, 201, imported.text);
    const option = imported.body.integration.authOptions.find((o: { key: string }) => o.key === 'oauth');
    assert.equal(option.type, 'OAUTH2');
    assert.deepEqual(option.oauth2.scope, ['read', 'write']);

    const app = await t.post('/api/v1/oauth-apps', key, {
      integrationName: 'provider-api',
      clientId: 'custom-client',
      clientSecret: 'custom-secret',
      scopes: ['read'],
    });
    assert.equal(app.status, 201, app.text);
    const token = await t.post('/api/v1/connect/token', key, {
      integrationName: 'provider-api',
      authMethodKey: 'oauth',
      connectionName: 'My account',
      externalId: 'me',
      workspaceId: ws,
      oauthAppMode: 'custom',
      oauthAppId: app.body.oauthApp.id,
    });
    assert.equal(token.status, 201, token.text);
    const { authorizeUrl } = await authorize(token.body.token);
    assert.equal(authorizeUrl.origin + authorizeUrl.pathname, `${provider.url}/authorize`);
    assert.equal(authorizeUrl.searchParams.get('client_id'), 'custom-client');
    assert.equal(authorizeUrl.searchParams.get('code_challenge_method'), 'S256');
    const polled = (await t.post('/api/v1/connect/session/poll', null, { token: token.body.token })).body;
    assert.equal(polled.status, 'COMPLETED', polled.error);
    const stored = await storedConnection(polled.connectionId);
    assert.equal(stored.row.type, 'OAUTH2');

    const call = () =>
      t.post('/api/v1/actions/execute', key, {
        integrationName: 'provider-api',
        actionName: 'who_am_i',
        workspaceId: ws,
        connectionExternalId: 'me',
      });
    const first = await call();
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.success, true, first.text);
    assert.equal(first.body.output.sub, 'johndoe');

    await control({ revokeAccess: true, resetStats: true });
    const again = await call();
    assert.equal(again.body.success, true, again.text);
    assert.equal((await stats()).grants.refresh_token, 1, 'one refresh after the 401');
    assert.notEqual((await storedConnection(polled.connectionId)).value.access_token, stored.value.access_token);
  });

  it('gets a machine token with the client credentials grant, keeps it, and gets a new one when the API refuses it', async () => {
    const { t, control, stats, setup, provider } = world;
    const { key, ws } = await setup();
    await control({ clients: { 'machine-client': 'machine-secret' } });
    const doc = document(provider.url);
    doc.components.securitySchemes.oauth.flows = {
      clientCredentials: { tokenUrl: `${provider.url}/token`, scopes: { read: 'read your profile' } },
    } as never;
    const imported = await t.post('/api/v1/custom-integrations', key, { name: 'machine-api', document: doc });
    assert.equal(imported.status, 201, imported.text);
    assert.deepEqual(imported.body.customIntegration.authMethods, ['oauth']);
    const conn = await t.post('/api/v1/connections', key, {
      type: 'CUSTOM_AUTH',
      integrationName: 'machine-api',
      externalId: 'machine',
      displayName: 'Machine',
      props: { client_id: 'machine-client', client_secret: 'machine-secret' },
    });
    assert.equal(conn.status, 201, conn.text);
    const call = () =>
      t.post('/api/v1/actions/execute', key, {
        integrationName: 'machine-api',
        actionName: 'who_am_i',
        workspaceId: ws,
        connectionExternalId: 'machine',
      });
    await control({ resetStats: true });
    for (let i = 0; i < 2; i++) {
      const r = await call();
      assert.equal(r.body.success, true, r.text);
      assert.equal(r.body.output.sub, 'johndoe');
    }
    assert.equal((await stats()).grants.client_credentials, 1, 'the token is kept while it is valid');
    await control({ revokeAccess: true });
    const again = await call();
    assert.equal(again.body.success, true, again.text);
    assert.equal((await stats()).grants.client_credentials, 2, 'a new token after the 401');

    const wrong = await t.post('/api/v1/connections', key, {
      type: 'CUSTOM_AUTH',
      integrationName: 'machine-api',
      externalId: 'wrong',
      displayName: 'Wrong',
      props: { client_id: 'machine-client', client_secret: 'not-the-secret' },
    });
    assert.equal(wrong.status, 201, wrong.text);
    const refused = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'machine-api',
      actionName: 'who_am_i',
      workspaceId: ws,
      connectionExternalId: 'wrong',
    });
    assert.equal(refused.body.success, false, refused.text);
    assert.match(refused.body.output.error, /token endpoint refused the client credentials \(401\)/);
    assert.ok(!refused.text.includes('not-the-secret'));
  });

  it('imports a real public 3.1 document (Scalar Galaxy): the hosted flow asks for the server, which a refresh keeps', async () => {
    const { t, control, stats, setup, storedConnection, provider } = world;
    const { key, ws } = await setup();
    // `@scalar/galaxy` as shipped (MIT); the provider process stands in for galaxy.scalar.com's OAuth2 server, the
    // only change made to it. The API is the provider's own (/api/me), entered as the connection's server.
    const file = createRequire(import.meta.url).resolve('@scalar/galaxy/latest.yaml');
    const document = (await readFile(file, 'utf8')).replaceAll('https://galaxy.scalar.com/oauth', provider.url);
    const imported = await t.post('/api/v1/custom-integrations', key, { name: 'galaxy', document });
    assert.equal(imported.status, 201, imported.text);
    const ci = imported.body.customIntegration;
    assert.equal(ci.sourceVersion, '3.1');
    assert.deepEqual(ci.authMethods, [
      'bearerAuth',
      'basicAuth',
      'apiKeyHeader',
      'apiKeyQuery',
      'apiKeyCookie',
      'oAuth2',
      'oAuth2_client_credentials',
    ]);
    assert.ok(ci.actions.includes('get_me') && ci.actions.includes('create_planet'), ci.actions.join());
    const skipped = ci.skipped.join('\n');
    assert.match(skipped, /openIdConnect: type openIdConnect is not supported/);
    assert.match(skipped, /POST \/planets\/\{planetId\}\/image: its request body type \(multipart\/form-data\)/);
    assert.deepEqual(ci.triggers, ['new_planet'], 'its webhook is a trigger');
    const option = imported.body.integration.authOptions.find((o: { key: string }) => o.key === 'oAuth2');
    assert.equal(option.type, 'OAUTH2');
    assert.deepEqual(option.oauth2.scope, ['read:account', 'write:planets', 'read:planets']);
    assert.equal(option.props.server_url.defaultValue, 'https://galaxy.scalar.com', 'two servers: each connection picks');

    const app = await t.post('/api/v1/oauth-apps', key, {
      integrationName: 'galaxy',
      clientId: 'custom-client',
      clientSecret: 'custom-secret',
    });
    assert.equal(app.status, 201, app.text);
    const token = await t.post('/api/v1/connect/token', key, {
      integrationName: 'galaxy',
      authMethodKey: 'oAuth2',
      connectionName: 'Galaxy',
      externalId: 'galaxy',
      workspaceId: ws,
      oauthAppMode: 'custom',
      oauthAppId: app.body.oauthApp.id,
    });
    assert.equal(token.status, 201, token.text);
    const cst = token.body.token as string;
    // The connect page asks for the server before the sign-in, with the document's first as the default.
    const page = await t.get(`/connect?token=${cst}`);
    assert.equal(page.status, 200, page.text);
    assert.match(page.text, /<form method="post" action="\/connect\/oauth\/start"/);
    assert.match(page.text, /name="props.server_url" value="https:\/\/galaxy.scalar.com"/);
    assert.match(page.text, /<img class="logo" src="\/api\/v1\/integrations\/galaxy\/logo\?label=Scalar%20Galaxy"/);
    const logo = await t.get('/api/v1/integrations/galaxy/logo?label=Scalar%20Galaxy', null);
    assert.equal(logo.headers['content-type'], 'image/svg+xml');
    const serverUrl = `${provider.url}/api`;
    const serverOf = async (id: string) =>
      ((await storedConnection(id)).value as { props?: { server_url?: string } }).props?.server_url;
    const start = await t.request('POST', '/connect/oauth/start', {
      raw: new URLSearchParams({ token: cst, 'props.server_url': serverUrl }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    // The page's CSP keeps its form on this origin: the answer is a page whose link leads on to the sign-in.
    assert.equal(start.status, 200, start.text);
    const link = /<a class="button primary" href="([^"]+)" data-follow>/.exec(start.text)?.[1];
    assert.ok(link, start.text);
    const location = new URL(link.replaceAll('&amp;', '&'));
    assert.equal(location.origin + location.pathname, `${provider.url}/authorize`);
    const signedIn = await request(location, { reset: true });
    await signedIn.body.text();
    const back = new URL(signedIn.headers.location as string);
    assert.equal((await t.get(back.pathname + back.search)).status, 200);
    const polled = (await t.post('/api/v1/connect/session/poll', null, { token: cst })).body;
    assert.equal(polled.status, 'COMPLETED', polled.error);
    assert.equal(await serverOf(polled.connectionId), serverUrl);

    const me = () =>
      t.post('/api/v1/actions/execute', key, {
        integrationName: 'galaxy',
        actionName: 'get_me',
        workspaceId: ws,
        connectionExternalId: 'galaxy',
      });
    const first = await me();
    assert.equal(first.body.success, true, first.text);
    assert.equal(first.body.output.sub, 'johndoe');
    await control({ revokeAccess: true, resetStats: true });
    const again = await me();
    assert.equal(again.body.success, true, again.text);
    assert.equal((await stats()).grants.refresh_token, 1, 'one refresh after the 401');
    assert.equal(await serverOf(polled.connectionId), serverUrl, 'kept by the refresh');

    // The document's client credentials flow, a method of its own: a machine connection to the same API.
    await control({ clients: { 'galaxy-machine': 'galaxy-secret' } });
    const machine = await t.post('/api/v1/connections', key, {
      type: 'CUSTOM_AUTH',
      integrationName: 'galaxy',
      authMethodKey: 'oAuth2_client_credentials',
      externalId: 'galaxy-machine',
      displayName: 'Galaxy machine',
      props: { client_id: 'galaxy-machine', client_secret: 'galaxy-secret', server_url: serverUrl },
    });
    assert.equal(machine.status, 201, machine.text);
    assert.ok(!machine.text.includes('galaxy-secret'));
    const asMachine = await t.post('/api/v1/actions/execute', key, {
      integrationName: 'galaxy',
      actionName: 'get_me',
      workspaceId: ws,
      connectionExternalId: 'galaxy-machine',
    });
    assert.equal(asMachine.body.success, true, asMachine.text);
    assert.equal(asMachine.body.output.sub, 'johndoe');
    assert.equal((await stats()).grants.client_credentials, 1);
  });
});
