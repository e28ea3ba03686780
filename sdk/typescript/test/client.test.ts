import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { inspect } from 'node:util';
import { formIntegrations, postForm, register } from '../../../test/connect-fixtures.js';
import {
  AuthenticationError,
  ConnectFailedError,
  NotFoundError,
  OPERATIONS,
  PermissionDeniedError,
  Switchboard,
  SwitchboardError,
  TimeoutError,
  ValidationError,
} from '../src/index.js';
import { slug, startWorld, type World, testIntegration } from './world.js';

/** An action that runs until the test lets it go: for timeouts and cancellation. */
const held: Array<() => void> = [];
let started: () => void = () => undefined;
const slow = testIntegration('sdk-test-slow', 'Slow', [
  {
    name: 'wait',
    displayName: 'Wait',
    description: 'finishes when the test releases it',
    props: {},
    run: () =>
      new Promise((resolve) => {
        held.push(() => resolve({ released: true }));
        started();
      }),
  },
]);

/** The operation ids an SDK must offer: every operation of the document not marked x-switchboard-sdk false. */
function sdkOperationIds(doc: {
  paths: Record<string, Record<string, { operationId?: string; 'x-switchboard-sdk'?: boolean }>>;
}) {
  const ids: string[] = [];
  for (const item of Object.values(doc.paths))
    for (const op of Object.values(item))
      if (op && typeof op === 'object' && op.operationId && op['x-switchboard-sdk'] !== false) ids.push(op.operationId);
  return ids;
}

/** The operation a recorded request was, by method and path template. */
function operationOf(method: string, path: string): string | undefined {
  for (const [id, info] of Object.entries(OPERATIONS)) {
    const pattern = new RegExp(`^${info.path.replace(/\{\w+\}/g, '[^/]+')}$`);
    if (info.httpMethod === method && pattern.test(path)) return id;
  }
  return undefined;
}

describe('TypeScript SDK: the client against the real service', () => {
  let w: World;
  before(async () => {
    w = await startWorld();
    register(w.t, [...formIntegrations(), slow]);
  });
  after(async () => {
    for (const release of held) release();
    await w.close();
  });

  it("has a method for every operation of the service's OpenAPI document, in its group", async () => {
    const doc = await w.client().integrations.list(); // warm-up call; the document itself is read raw below
    assert.ok(doc);
    const served = await (await fetch(`${w.url}/api/v1/openapi.json`)).json();
    const client = w.client() as unknown as Record<string, Record<string, unknown>>;
    const missing = sdkOperationIds(served).filter((id) => {
      const [group, method] = id.split('.') as [string, string];
      return typeof client[group]?.[method] !== 'function';
    });
    assert.deepEqual(missing, [], 'operations without an SDK method (run npm run sdk:generate)');
    assert.deepEqual(
      Object.keys(OPERATIONS).sort(),
      sdkOperationIds(served).sort(),
      'the generated table is the served document',
    );
  });

  it('makes a real call in every resource group', async () => {
    const before = w.requests.length;
    const { key, orgId, client } = await w.tenant();
    assert.deepEqual(await client.health.check(), { status: 'ok' });

    const operator = w.client({ apiKey: 'test-operator-token-0123456789' });
    assert.equal((await operator.operator.getOrganization({ id: orgId })).organization.id, orgId);
    await assert.rejects(
      client.auth.signIn({ body: { email: 'nobody@example.com', password: 'wrong-password-123' } }),
      AuthenticationError,
    );
    // A person's own calls: a session token replaces the key for one call.
    const person = await client.auth.signUp({ body: { email: `${slug()}@example.com`, password: 'password-123', name: 'Pat' } });
    const own = await client.organizations.create({ body: { name: 'Pat Co' } }, { token: person.token });
    assert.deepEqual(
      (await client.me.listOrganizations({}, { token: person.token })).data.map((o) => [o.id, o.role]),
      [[own.organization.id, 'owner']],
    );
    // Invitations wait for a verified address.
    await assert.rejects(
      client.me.listInvitations({}, { token: person.token }),
      (err: PermissionDeniedError) => err.code === 'EMAIL_NOT_VERIFIED',
    );

    const { workspace } = await client.workspaces.create({ body: { name: 'Main', slug: slug() } });
    assert.equal((await client.workspaces.get({ id: workspace.id })).workspace.name, 'Main');
    const renamed = await client.workspaces.update({ id: workspace.id, body: { name: 'Renamed' } });
    assert.equal(renamed.workspace.name, 'Renamed');
    assert.ok((await client.workspaces.list()).workspaces.some((x) => x.id === workspace.id));

    const scoped = await client.apiKeys.create({
      body: { name: 'ci', permissions: { scope: 'workspace', workspaceIds: [workspace.id] } },
    });
    assert.match(scoped.plainKey, /^svc_/);
    assert.ok((await client.apiKeys.list()).apiKeys.some((k) => k.id === scoped.apiKey.id));

    const { endUser } = await client.endUsers.create({ body: { workspaceId: workspace.id, externalId: 'user-1' } });
    assert.equal((await client.endUsers.list({ query: { workspaceId: workspace.id } })).total, 1);
    assert.ok(Array.isArray((await client.members.list()).members));
    assert.equal((await client.workspaceMembers.list({ query: { workspaceId: workspace.id } })).total, 0);
    await assert.rejects(client.files.download({ id: randomUUID(), query: { expires: 1, signature: 'x' } }), SwitchboardError);
    assert.ok(Array.isArray((await client.oauthApps.list()).oauthApps));
    const conns = await client.connections.list();
    assert.ok('connections' in conns && conns.total === 0);
    assert.ok(Array.isArray((await client.workspaceIntegrations.list({ workspaceId: workspace.id })).integrations));
    assert.equal((await client.partials.list({ query: { workspaceId: workspace.id } })).total, 0);
    const { customIntegration } = await client.customIntegrations.create({
      body: {
        name: 'sdk-api',
        document: {
          openapi: '3.1.0',
          info: { title: 'SDK API', version: '1' },
          servers: [{ url: 'https://sdk.example.com' }],
          paths: { '/ping': { get: { operationId: 'ping', responses: { '200': { description: 'pong' } } } } },
        },
      },
    });
    assert.deepEqual(customIntegration.actions, ['ping']);
    assert.deepEqual(
      (await client.customIntegrations.list()).integrations.map((i) => i.name),
      ['sdk-api'],
    );
    assert.ok(Array.isArray((await client.approvalPolicies.list()).policies));
    assert.ok(Array.isArray((await client.approvals.list()).approvals));

    const ran = await client.actions.execute({
      body: {
        integrationName: 'hash-encode',
        actionName: 'hash',
        workspaceId: workspace.id,
        input: { text: 'hello', algorithm: 'md5' },
      },
    });
    assert.equal(ran.status, 'success');
    assert.deepEqual(ran.output, { hash: '5d41402abc4b2a76b9719d911017c592', algorithm: 'md5', encoding: 'hex' });
    assert.ok(Array.isArray((await client.activity.list({ query: { workspaceId: workspace.id } })).activity));
    assert.equal((await client.organization.getUsage()).usage.objects.workspaces.limit, null);

    const summary = await client.integrations.list({ query: { summary: true } });
    assert.ok('integrations' in summary && summary.integrations.some((i) => i.name === 'hash-encode'));
    const logo = await client.integrations.logo({ integrationName: 'hash-encode' });
    assert.ok(logo.bytes.byteLength > 0 && logo.contentType);
    assert.ok(await client.webhookSigningSecret.get());
    const hook = await client.webhookEndpoints.create({
      body: { url: 'https://hooks.example.com/switchboard', events: ['connection.deleted'] },
    });
    assert.deepEqual(
      (await client.webhookEndpoints.list()).webhookEndpoints.map((e) => e.id),
      [hook.webhookEndpoint.id],
    );
    const triggers = await client.triggers.list();
    assert.ok('triggers' in triggers && triggers.total === 0);

    const created = await client.connect.createToken({
      body: { integrationName: 'test-secret', connectionName: 'Acme', externalId: 'acme', workspaceId: workspace.id },
    });
    assert.match(created.token, /^cst_/);

    const mcp = await client.mcpServers.create({ body: { name: 'Agents', workspaceId: workspace.id, authMode: 'bearer' } });
    const issued = await client.mcpServers.createAccessToken({ id: mcp.server.id, body: { endUserId: endUser.externalId } });
    assert.match(issued.accessToken, /^mcp_/);
    assert.equal(key.startsWith('svc_'), true);

    // Every group was reached by at least one of the requests above.
    const reached = new Set(
      w.requests
        .slice(before)
        .map((r) => operationOf(r.method, r.path))
        .filter((id): id is string => id !== undefined)
        .map((id) => id.split('.')[0]),
    );
    const groups = new Set(Object.values(OPERATIONS).map((o) => o.group));
    assert.deepEqual(
      [...groups].filter((g) => !reached.has(g)),
      [],
      'groups without a real call',
    );
  });

  it('throws typed errors with code, message, details, status and request id', async () => {
    const { client } = await w.tenant();
    const missing = await client.workspaces.get({ id: randomUUID() }).catch((e: unknown) => e);
    assert.ok(missing instanceof NotFoundError);
    assert.equal(missing.code, 'NOT_FOUND');
    assert.equal(missing.status, 404);
    assert.match(missing.requestId ?? '', /^[0-9a-f-]{36}$/);
    assert.equal((missing.body as { error: string }).error, 'NOT_FOUND');

    const invalid = await client.workspaces.create({ body: { name: 'X', slug: 'Not A Slug' } }).catch((e: unknown) => e);
    assert.ok(invalid instanceof ValidationError);
    assert.equal(invalid.status, 400);
    assert.equal(invalid.code, 'VALIDATION_ERROR');
    assert.equal(invalid.details?.[0]?.field, 'slug');
    assert.ok(invalid.requestId);

    const a = await client.workspaces.create({ body: { name: 'A', slug: slug() } });
    const b = await client.workspaces.create({ body: { name: 'B', slug: slug() } });
    const scoped = await client.apiKeys.create({
      body: { name: 'a only', permissions: { scope: 'workspace', workspaceIds: [a.workspace.id] } },
    });
    const limited = w.client({ apiKey: scoped.plainKey });
    assert.equal((await limited.workspaces.get({ id: a.workspace.id })).workspace.id, a.workspace.id);
    const denied = await limited.workspaces.get({ id: b.workspace.id }).catch((e: unknown) => e);
    assert.ok(denied instanceof PermissionDeniedError);
    assert.equal(denied.code, 'SCOPE_DENIED');
    assert.equal(denied.status, 403);
    assert.ok(denied.requestId);

    const anonymous = await w
      .client({ apiKey: '' })
      .workspaces.list()
      .catch((e: unknown) => e);
    assert.ok(anonymous instanceof AuthenticationError);
    assert.equal(anonymous.status, 401);
  });

  it('pages through limit/offset lists with the iterators', async () => {
    const { client } = await w.tenant();
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await client.workspaces.create({ body: { name: `W${i}`, slug: slug() } })).workspace.id);
    const from = w.requests.length;
    const seen: string[] = [];
    for await (const ws of client.workspaces.iterate({ query: { limit: 2 } })) seen.push(ws.id);
    const { total, workspaces } = await client.workspaces.list({ query: { limit: 100 } });
    assert.equal(seen.length, total);
    assert.deepEqual(
      seen,
      workspaces.map((x) => x.id),
    );
    for (const id of made) assert.ok(seen.includes(id));
    const pages = w.requests.slice(from).filter((r) => r.path === '/api/v1/workspaces' && r.method === 'GET');
    assert.ok(pages.length >= 3, `several pages (${pages.length})`);
    assert.match(pages[1]!.query, /offset=2/);

    // Starting at an offset skips that many; an empty list yields nothing.
    const rest: string[] = [];
    for await (const ws of client.workspaces.iterate({ query: { limit: 2, offset: 3 } })) rest.push(ws.id);
    assert.deepEqual(rest, seen.slice(3));
    const none: unknown[] = [];
    for await (const u of client.endUsers.iterate({ query: { workspaceId: made[0]! } })) none.push(u);
    assert.deepEqual(none, []);
  });

  it('times out and cancels: TimeoutError after timeoutMs, the signal’s reason on abort', async () => {
    const { client } = await w.tenant();
    const { workspace } = await client.workspaces.create({ body: { name: 'Slow', slug: slug() } });
    const body = { integrationName: 'sdk-test-slow', actionName: 'wait', workspaceId: workspace.id, input: {} };

    const timedOut = await client.actions.execute({ body }, { timeoutMs: 200 }).catch((e: unknown) => e);
    assert.ok(timedOut instanceof TimeoutError, String(timedOut));
    assert.equal(timedOut.code, 'TIMEOUT');
    assert.equal(timedOut.status, undefined);

    const controller = new AbortController();
    const running = new Promise<void>((resolve) => (started = resolve));
    const call = client.actions.execute({ body }, { signal: controller.signal });
    await running; // the service is running the action: cancel mid-call
    controller.abort();
    await assert.rejects(call, (e: Error) => e.name === 'AbortError');

    const reason = new Error('stop');
    const aborted = AbortSignal.abort(reason);
    const from = w.requests.length;
    await assert.rejects(client.workspaces.list({}, { signal: aborted }), (e) => e === reason);
    assert.equal(w.requests.length, from, 'an aborted signal sends nothing');

    // A client-wide timeout applies to every call; an unreachable service is a NetworkError.
    const unreachable = new Switchboard({ baseUrl: 'http://127.0.0.1:1', apiKey: 'svc_x' });
    const down = await unreachable.workspaces.list().catch((e: unknown) => e);
    assert.ok(down instanceof SwitchboardError && down.code === 'NETWORK_ERROR');
    for (const release of held.splice(0)) release();
  });

  it('connect: start() creates the session, waitForCompletion() answers once the end user has connected', async () => {
    const { client } = await w.tenant();
    const { workspace } = await client.workspaces.create({ body: { name: 'C', slug: slug() } });
    const session = await client.connect.start({
      body: { integrationName: 'test-secret', connectionName: 'Acme key', externalId: 'acme', workspaceId: workspace.id },
    });
    assert.match(session.token, /^cst_/);
    assert.match(session.connectUrl, /\/connect\?token=cst_/);

    // A wait bounded by timeoutMs gives up while the session is PENDING.
    await assert.rejects(session.waitForCompletion({ timeoutMs: 50, pollMs: 10 }), TimeoutError);

    const done = session.waitForCompletion({ pollMs: 20, timeoutMs: 30_000 });
    const page = await postForm(w.t, '/connect', { token: session.token, secret_text: 'good-secret-123' });
    assert.equal(page.status, 200);
    const state = await done;
    assert.equal(state.status, 'COMPLETED');
    assert.equal(state.sessionId, session.sessionId);
    const conn = await client.connections.list({ query: { id: state.connectionId! } });
    assert.ok('connection' in conn && conn.connection.externalId === 'acme');
    assert.equal((await client.connect.getSession({ sessionId: session.sessionId })).session.status, 'COMPLETED');

    // A session that fails rejects with ConnectFailedError carrying its message.
    const failing = await client.connect.start({
      body: { integrationName: 'test-secret', connectionName: 'Other', externalId: 'other', workspaceId: workspace.id },
    });
    await w.t.db.query(`UPDATE connect_sessions SET status = 'FAILED', error = 'denied by the user' WHERE id = $1`, [
      failing.sessionId,
    ]);
    const failed = await failing.waitForCompletion({ pollMs: 10 }).catch((e: unknown) => e);
    assert.ok(failed instanceof ConnectFailedError);
    assert.equal(failed.message, 'denied by the user');
  });

  it('MCP: clientConfig gives the endpoint and client configurations that reach the server', async () => {
    const { client } = await w.tenant();
    const { workspace } = await client.workspaces.create({ body: { name: 'M', slug: slug() } });
    await client.endUsers.create({ body: { workspaceId: workspace.id, externalId: 'ann' } });
    const created = await client.mcpServers.create({ body: { name: 'Agents', workspaceId: workspace.id, authMode: 'bearer' } });
    await client.mcpServers.addTool({ id: created.server.id, body: { integrationName: 'hash-encode', actionName: 'hash' } });
    const { accessToken } = await client.mcpServers.createAccessToken({ id: created.server.id, body: { endUserId: 'ann' } });

    // From the record: the service's public URL.
    const published = client.mcpServers.clientConfig(created.server, accessToken);
    assert.equal(published.url, created.mcpEndpoint);
    // From the id: the URL this client reaches the service at.
    const config = client.mcpServers.clientConfig(created.server.id, accessToken, { name: 'acme' });
    assert.equal(config.url, `${w.url}/mcp/srv_${created.server.id}`);
    assert.deepEqual(config.headers, { Authorization: `Bearer ${accessToken}` });
    assert.deepEqual(config.cursor.mcpServers.acme, { url: config.url, headers: config.headers });
    assert.deepEqual(config.vscode.servers.acme, { type: 'http', url: config.url, headers: config.headers });
    const claude = config.claudeDesktop.mcpServers.acme!;
    assert.equal(claude.command, 'npx');
    assert.ok(claude.args.includes(config.url));
    assert.equal(claude.env.SWITCHBOARD_MCP_AUTH, `Bearer ${accessToken}`);
    assert.equal(
      config.claudeCode,
      `claude mcp add --transport http 'acme' '${config.url}' --header 'Authorization: Bearer ${accessToken}'`,
    );

    // The curl command's request, sent as written: the server lists the tool.
    const args = config.curl.match(/'(?:[^']|'\\'')*'/g)!.map((s) => s.slice(1, -1).replace(/'\\''/g, "'"));
    const [url, ...rest] = args;
    const headers = Object.fromEntries(
      rest.slice(0, -1).map((h) => [h.slice(0, h.indexOf(':')), h.slice(h.indexOf(':') + 1).trim()]),
    );
    const res = await fetch(url!, { method: 'POST', headers, body: rest.at(-1)! });
    assert.equal(res.status, 200, await res.clone().text());
    const rpc = (await res.json()) as { result: { tools: Array<{ name: string }> } };
    assert.equal(rpc.result.tools.length, 1);
    assert.match(rpc.result.tools[0]!.name, /hash/);
  });

  it('never shows its API key when the client is logged, inspected or serialised', async () => {
    const { key } = await w.tenant();
    const client = new Switchboard({ baseUrl: w.url, apiKey: key });
    for (const shown of [inspect(client, { depth: 20, showHidden: true }), JSON.stringify(client), String(Object.values(client))])
      assert.ok(!shown.includes(key), 'the key is not visible');
    assert.equal((await client.workspaces.list()).total, 0); // and it still authenticates
  });

  it('acts as a signed-in person in the organization it names', async () => {
    const { key, orgId } = await w.tenant();
    const email = `sdk-person-${randomUUID()}@example.com`;
    const person = w.client();
    const { token } = await person.auth.signUp({ body: { email, password: 'person-password-1', name: 'Sam Sdk' } });
    await w.t.verifyEmail(email);
    const owner = new Switchboard({ baseUrl: w.url, apiKey: key });
    const invitation = (await owner.members.invite({ body: { email, role: 'admin' } })).invitation;
    await w.client({ apiKey: token }).members.acceptInvitation({ invitationId: invitation.id });
    await owner.workspaces.create({ body: { name: 'Seen by the person', slug: 'seen' } });

    const asPerson = w.client({ apiKey: token, organization: orgId });
    assert.deepEqual(
      (await asPerson.workspaces.list()).workspaces.map((ws) => ws.slug),
      ['seen'],
    );
    assert.equal(w.requests.at(-1)?.headers['x-switchboard-organization'], orgId);
    // Without an organization, a session is not an API key: the API asks which organization.
    await assert.rejects(w.client({ apiKey: token }).workspaces.list(), (err: SwitchboardError) => err.status === 401);
  });

  it('reads SWITCHBOARD_URL and SWITCHBOARD_API_KEY when no option is given', async () => {
    const { key } = await w.tenant();
    const saved = { url: process.env.SWITCHBOARD_URL, key: process.env.SWITCHBOARD_API_KEY };
    process.env.SWITCHBOARD_URL = `${w.url}/`;
    process.env.SWITCHBOARD_API_KEY = key;
    try {
      const client = new Switchboard();
      assert.equal(client.baseUrl, w.url);
      assert.equal((await client.workspaces.list()).total, 0);
    } finally {
      for (const [name, value] of [
        ['SWITCHBOARD_URL', saved.url],
        ['SWITCHBOARD_API_KEY', saved.key],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
