// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { EgressGuard } from '../../platform/egress.js';
import { runAction } from '../run.js';
import { compileOpenApi } from './compile.js';
import { actionName, words } from './names.js';
import { COMPILE_LIMITS } from './spec.js';
import { loadOpenApiDocument, OpenApiDocumentError } from './document.js';
import { openApiIntegration } from './integration.js';

/** A 3.1 document with every supported kind of security scheme, server variables and several body types. */
function gatewayDocument(serverUrl: string) {
  return {
    openapi: '3.1.0',
    info: { title: 'Gateway', version: '2' },
    servers: [{ url: serverUrl, variables: { region: { default: 'eu', enum: ['eu', 'us'] } } }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        basic: { type: 'http', scheme: 'basic' },
        queryKey: { type: 'apiKey', in: 'query', name: 'key' },
        cookieKey: { type: 'apiKey', in: 'cookie', name: 'session' },
        oauth: {
          type: 'oauth2',
          flows: {
            authorizationCode: {
              authorizationUrl: '/oauth/authorize',
              tokenUrl: '/oauth/token',
              scopes: { 'echo:read': 'read', 'echo:write': 'write' },
            },
          },
        },
        machine: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'https://x/token', scopes: {} } } },
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://x/.well-known/openid-configuration' },
      },
      schemas: {
        Node: {
          type: 'object',
          properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } },
        },
      },
    },
    security: [{ bearer: [] }, { basic: [] }, { queryKey: [] }, { cookieKey: [] }, { oauth: ['echo:read'] }],
    paths: {
      '/echo/{id}': {
        post: {
          operationId: 'echoJSON',
          parameters: [
            { name: 'id', in: 'path', required: true, schema: { type: 'string' } },
            { name: 'verbose', in: 'query', schema: { type: 'boolean' } },
            { name: 'ids', in: 'query', explode: false, schema: { type: 'array', items: { type: 'integer' } } },
            { name: 'id', in: 'header', schema: { type: 'string' } },
          ],
          requestBody: {
            content: {
              'application/json': {
                schema: { type: 'object', properties: { id: { type: 'string' }, note: { type: ['string', 'null'] } } },
              },
            },
          },
          responses: {
            '200': { description: 'echo', content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } },
          },
        },
      },
      '/form': {
        put: {
          requestBody: {
            content: {
              'application/x-www-form-urlencoded': {
                schema: {
                  type: 'object',
                  properties: { a: { type: 'string' }, b: { type: 'array', items: { type: 'string' } } },
                },
              },
            },
          },
          responses: { '204': { description: 'ok' } },
        },
      },
      '/text': {
        post: {
          operationId: 'sendText',
          requestBody: { required: true, content: { 'text/plain': { schema: { type: 'string' } } } },
          responses: { '200': { description: 'ok' } },
        },
      },
      '/upload': {
        post: {
          operationId: 'upload',
          requestBody: { content: { 'multipart/form-data': { schema: { type: 'object' } } } },
          responses: { '200': { description: 'ok' } },
        },
      },
      '/public': { get: { operationId: 'public', security: [], responses: { '200': { description: 'ok' } } } },
    },
  };
}

describe('OpenAPI documents compiled to integrations', () => {
  let server: http.Server;
  let base: string;
  const seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  const egress = new EgressGuard(['127.0.0.1']);

  before(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        if (req.url?.startsWith('/eu/fail'))
          return void res.writeHead(503, { 'content-type': 'text/plain' }).end('x'.repeat(5000));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: 'ok', children: [] }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const compiled = () =>
    compileOpenApi(gatewayDocument(`${base}/{region}`), { sourceUrl: 'https://docs.example.com/api/openapi.json' });

  it('takes auth options from the security schemes, and says which it left out', () => {
    const spec = compiled();
    assert.deepEqual(
      spec.auth.map((a) => [a.key, a.type]),
      [
        ['bearer', 'CUSTOM_AUTH'],
        ['basic', 'CUSTOM_AUTH'],
        ['queryKey', 'CUSTOM_AUTH'],
        ['cookieKey', 'CUSTOM_AUTH'],
        ['oauth', 'OAUTH2'],
        ['machine', 'CUSTOM_AUTH'],
      ],
    );
    assert.deepEqual(Object.keys(spec.auth.find((a) => a.key === 'machine')!.props!), [
      'client_id',
      'client_secret',
      'scope',
      'server_url',
    ]);
    const oauth = spec.auth.find((a) => a.key === 'oauth')!;
    assert.deepEqual(oauth.oauth2, {
      authUrl: 'https://docs.example.com/oauth/authorize',
      tokenUrl: 'https://docs.example.com/oauth/token',
      scope: ['echo:read', 'echo:write'],
      pkce: true,
    });
    assert.equal(spec.skipped.length, 2, spec.skipped.join('\n'));
    assert.match(spec.skipped.join('\n'), /oidc: type openIdConnect is not supported/);
    assert.match(spec.skipped.join('\n'), /POST \/upload: its request body type \(multipart\/form-data\) is not supported/);
    // An OAuth2 scheme with only the implicit or password flow: a connection gives an access token, sent as bearer.
    const legacy = compileOpenApi({
      openapi: '3.0.3',
      info: { title: 'Legacy', version: '1' },
      servers: [{ url: base }],
      components: {
        securitySchemes: {
          legacy: { type: 'oauth2', flows: { implicit: { authorizationUrl: `${base}/authorize`, scopes: {} } } },
        },
      },
      security: [{ legacy: [] }],
      paths: { '/me': { get: { operationId: 'me', responses: { '200': { description: 'ok' } } } } },
    });
    assert.deepEqual(legacy.schemes, [{ kind: 'bearer', key: 'legacy' }]);
    assert.deepEqual(
      legacy.auth.map((a) => [a.key, a.type, a.displayName, Object.keys(a.props ?? {})]),
      [['legacy', 'CUSTOM_AUTH', 'OAuth2 access token', ['token']]],
    );
    assert.deepEqual(legacy.skipped, [
      'security scheme legacy: the OAuth2 implicit flow is not run; a connection gives an access token instead',
    ]);
    assert.equal(legacy.actions[0]!.requireAuth, true);
    assert.equal(legacy.actions[0]!.displayName, 'Me');
    // Server variables: each connection names its server, the variables' defaults filled in.
    assert.equal(spec.server.perConnection, true);
    assert.equal(spec.server.defaultUrl, `${base}/eu`);
    for (const option of spec.auth) assert.equal(option.props?.server_url?.defaultValue, `${base}/eu`, option.key);
  });

  it('names actions from operationId, or method and path, each once', () => {
    assert.equal(actionName('getPetById'), 'get_pet_by_id');
    assert.equal(actionName('echoJSON'), 'echo_json');
    assert.equal(actionName('put /form'), 'put_form');
    assert.equal(actionName('GET /pets/{id}'), 'get_pets_id');
    assert.equal(actionName('2fa.verify'), 'op_2fa_verify');
    // Without a summary, the display name is the operationId in words.
    assert.equal(words('listSites'), 'List sites');
    assert.equal(words('provisionSiteTLSCertificate'), 'Provision site TLS certificate');
    assert.equal(words('get_pet-by.id'), 'Get pet by id');
    const spec = compiled();
    assert.deepEqual(
      spec.actions.map((a) => a.name),
      ['echo_json', 'put_form', 'send_text', 'public'],
    );
    const echo = spec.actions[0]!;
    assert.deepEqual(Object.keys(echo.props), ['id', 'verbose', 'ids', 'param_id', 'body_id', 'note']);
    assert.equal(echo.requireAuth, true);
    assert.equal(spec.actions.find((a) => a.name === 'public')!.requireAuth, false, 'security: [] needs no connection');
    // A schema that contains itself is cut where it recurs.
    const children = (echo.outputSchema as { properties: { children: { items: unknown } } }).properties.children;
    assert.deepEqual(children.items, {});
  });

  it('builds the request from the input and puts each kind of credential where its scheme says', async () => {
    const def = openApiIntegration(compiled(), {
      name: 'gateway',
      displayName: 'Gateway',
      description: '',
      version: '1',
      logoUrl: '',
    });
    const run = async (action: string, input: Record<string, unknown>, auth: unknown) => {
      await runAction(def.actions[action]!, input, { egress, auth });
      return seen.at(-1)!;
    };
    const serverUrl = `${base}/eu`;
    let r = await run(
      'echo_json',
      { id: 'a b', verbose: true, ids: [1, 2], param_id: 'h', body_id: 'b1', note: null },
      { type: 'CUSTOM_AUTH', authMethodKey: 'bearer', value: { props: { token: 't0k', server_url: serverUrl } } },
    );
    assert.equal(r.url, '/eu/echo/a%20b?verbose=true&ids=1%2C2');
    assert.equal(r.headers.authorization, 'Bearer t0k');
    assert.equal(r.headers.id, 'h');
    assert.deepEqual(JSON.parse(r.body), { id: 'b1', note: null });

    r = await run(
      'public',
      {},
      {
        type: 'CUSTOM_AUTH',
        authMethodKey: 'basic',
        value: { props: { username: 'u', password: 'p:w', server_url: serverUrl } },
      },
    );
    assert.equal(r.headers.authorization, `Basic ${Buffer.from('u:p:w').toString('base64')}`);
    r = await run(
      'public',
      {},
      { type: 'CUSTOM_AUTH', authMethodKey: 'queryKey', value: { props: { api_key: 'k&1', server_url: serverUrl } } },
    );
    assert.equal(r.url, '/eu/public?key=k%261');
    r = await run(
      'public',
      {},
      { type: 'CUSTOM_AUTH', authMethodKey: 'cookieKey', value: { props: { api_key: 's;1', server_url: serverUrl } } },
    );
    assert.equal(r.headers.cookie, 'session=s%3B1');
    r = await run(
      'public',
      {},
      { type: 'OAUTH2', authMethodKey: 'oauth', value: { access_token: 'at-1', props: { server_url: serverUrl } } },
    );
    assert.equal(r.headers.authorization, 'Bearer at-1');

    r = await run('put_form', { a: 'x y', b: ['1', '2'] }, null);
    assert.equal(r.method, 'PUT');
    assert.equal(r.url, '/eu/form', 'no connection: the default server');
    assert.equal(r.headers['content-type'], 'application/x-www-form-urlencoded');
    assert.equal(r.body, 'a=x+y&b=1&b=2');
    r = await run('send_text', { body: 'hello' }, null);
    assert.equal(r.headers['content-type'], 'text/plain');
    assert.equal(r.body, 'hello');
  });

  it('fails a call the API refuses or the egress guard stops, with the status and an excerpt', async () => {
    const spec = compileOpenApi(gatewayDocument(`${base}/{region}`));
    spec.actions.push({ ...spec.actions.find((a) => a.name === 'public')!, name: 'fail', path: '/fail' });
    const def = openApiIntegration(spec, { name: 'g', displayName: 'G', description: '', version: '1', logoUrl: '' });
    await assert.rejects(
      runAction(def.actions.fail!, {}, { egress }),
      (err: Error & { detail?: { status: number; body: string }; httpStatus?: number }) => {
        assert.match(err.message, /answered 503/);
        assert.equal(err.httpStatus, 503);
        assert.equal(err.detail!.body.length, 2000);
        return true;
      },
    );
    await assert.rejects(runAction(def.actions.public!, {}), /could not be reached: its address is not allowed/);
  });

  it('reads Swagger 2.0, OpenAPI 3.0 and 3.1, and bounds what a hostile document can cost', async () => {
    const loaded = await loadOpenApiDocument({
      swagger: '2.0',
      info: { title: 't', version: '1' },
      host: 'a.example.com',
      paths: {},
    });
    assert.equal(loaded.sourceVersion, '2.0');
    assert.match(loaded.document.openapi, /^3\.1/);
    await assert.rejects(loadOpenApiDocument('a: &a [1]\nb: *a\nc: *c\n'), OpenApiDocumentError);
    await assert.rejects(loadOpenApiDocument('[1, 2]'), /must be an object/);
    await assert.rejects(loadOpenApiDocument(`${'['.repeat(100_000)}`), OpenApiDocumentError);
    // Schemas that share parts expand without bound when followed: ten levels of ten references each.
    const schemas: Record<string, unknown> = { L0: { type: 'string' } };
    for (let i = 1; i <= 10; i++) {
      schemas[`L${i}`] = {
        type: 'object',
        properties: Object.fromEntries(
          Array.from({ length: 10 }, (_, j) => [`p${j}`, { $ref: `#/components/schemas/L${i - 1}` }]),
        ),
      };
    }
    const bomb = {
      openapi: '3.1.0',
      info: { title: 'b', version: '1' },
      components: { schemas },
      paths: {
        '/b': {
          get: {
            responses: {
              '200': { description: 'b', content: { 'application/json': { schema: { $ref: '#/components/schemas/L10' } } } },
            },
          },
        },
      },
    };
    const { document } = await loadOpenApiDocument(bomb);
    assert.throws(() => compileOpenApi(document), new RegExp(`more than ${COMPILE_LIMITS.maxSchemaNodes} parts`));
  });
});
