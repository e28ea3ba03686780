import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { register } from './connect-fixtures.js';
import { ACME_TOKEN, acmeApi, acmeIntegration } from './dashboard/acme.js';
import { startHttpApp, textOf } from './mcp.js';
import { eventually, Receiver } from './receiver.js';
import type { TestApp } from './harness.js';
import { context, propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import path from 'node:path';
import { tracer } from '../src/platform/tracing.js';
import { pieceIntegration } from '../src/integrations/pieces/piece-integration.js';
import type { PieceMeta } from '../src/integrations/pieces/protocol.js';
import { registerFixture } from './triggers.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: Array<{ key: string; value: Record<string, unknown> }>;
}

/** The spans a local OTLP/HTTP receiver got (JSON encoding), and their raw text for leak checks. */
function spansOf(collector: Receiver): { spans: OtlpSpan[]; raw: string } {
  const spans: OtlpSpan[] = [];
  let raw = '';
  for (const r of collector.requests.filter((x) => x.path === '/v1/traces')) {
    raw += r.body;
    const body = r.json as { resourceSpans?: Array<{ scopeSpans?: Array<{ spans?: OtlpSpan[] }> }> };
    for (const rs of body.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) spans.push(...(ss.spans ?? []));
  }
  return { spans, raw };
}

const attr = (s: OtlpSpan, key: string) => {
  const v = s.attributes?.find((a) => a.key === key)?.value;
  return v ? Object.values(v)[0] : undefined;
};

/**
 * OpenTelemetry traces (0142) with a local OTLP receiver: an MCP tools/call that continues the caller's
 * traceparent is one connected trace — server span, engine, Human Gates, the action, and the upstream HTTP call,
 * whose request carries the trace on. The activity row and error responses carry the trace id; inputs and
 * credentials appear nowhere in what is exported.
 */
describe('tracing', () => {
  let t: TestApp;
  let collector: Receiver;
  let acme: Receiver;
  let key: string;
  let ws: string;
  let endpoint: string;
  let token: string;
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
  const traceparent = `00-${traceId}-00f067aa0ba902b7-01`;

  before(async () => {
    collector = await new Receiver().start();
    acme = await acmeApi();
    ({ t } = await startHttpApp({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url(''),
      OTEL_BSP_SCHEDULE_DELAY: '50',
      OTEL_SERVICE_NAME: 'switchboard-test',
      SWITCHBOARD_POLL_MINUTE_MS: '250',
      SWITCHBOARD_TRIGGER_TICK_MS: '50',
      SWITCHBOARD_DELIVERY_POLL_MS: '50',
    }));
    register(t, [acmeIntegration(acme.url(''))]);
    const org = await t.operator('POST', '/operator/v1/organizations', { name: 'Traced', plan: 'enterprise' });
    key = org.body.plainKey;
    ws = (await t.workspace(key)).id;
    const conn = await t.post('/api/v1/connections', key, {
      type: 'SECRET_TEXT',
      integrationName: 'acme-notes',
      externalId: 'traced',
      displayName: 'Acme',
      secretText: ACME_TOKEN,
      workspaceId: ws,
      scope: 'WORKSPACE',
    });
    assert.equal(conn.status, 201, conn.text);
    const server = await t.post('/api/v1/mcp/servers', key, { name: 'Traced', workspaceId: ws, authMode: 'bearer' });
    assert.equal(server.status, 201, server.text);
    endpoint = server.body.mcpEndpoint;
    token = server.body.bearerToken;
    const tool = await t.post(`/api/v1/mcp/servers/${server.body.server.id}/tools`, key, {
      integrationName: 'acme-notes',
      actionName: 'create_note',
      connectionId: conn.body.connection.id,
    });
    assert.equal(tool.status, 201, tool.text);
  });
  after(async () => {
    await t?.close();
    await collector?.close();
    await acme?.close();
  });

  it('follows an MCP tools/call from the caller’s traceparent to the upstream request, as one trace', async () => {
    const client = new Client({ name: 'traced-agent', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(endpoint), {
        requestInit: { headers: { Authorization: `Bearer ${token}`, traceparent } },
      }),
    );
    try {
      const { tools } = await client.listTools();
      const result = await client.callTool({
        name: tools[0]!.name,
        arguments: { title: 'Quarterly secret plan', folder: 'inbox' },
      });
      assert.ok(!result.isError, textOf(result));
    } finally {
      await client.close();
    }
    // The upstream API got the trace context, continuing this trace.
    const upstream = acme.requests.find((r) => r.path === '/notes');
    assert.match(String(upstream?.headers.traceparent), new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));

    const { spans } = await eventually(async () => {
      const got = spansOf(collector);
      const names = got.spans.filter((s) => s.traceId === traceId).map((s) => s.name);
      return names.includes('switchboard.action.run') && names.some((n) => n.startsWith('POST /mcp/')) && got;
    });
    const inTrace = spans.filter((s) => s.traceId === traceId);
    const byName = (name: string) => inTrace.find((s) => s.name === name);
    const execute = byName('switchboard.execute')!;
    // Each MCP request (initialize, tools/list, tools/call) is a server span of the caller's trace; the call's is
    // the execution's parent.
    const server = inTrace.find((s) => s.spanId === execute.parentSpanId)!;
    assert.match(server.name, /^POST \/mcp\//);
    assert.equal(attr(server, 'http.response.status_code'), 200);
    const gate = byName('switchboard.approval_gate')!;
    const run = byName('switchboard.action.run')!;
    const upstreamSpan = inTrace.find((s) => s.kind === 3 && s.parentSpanId === run.spanId)!; // SPAN_KIND_CLIENT
    assert.ok(server && execute && gate && run && upstreamSpan, JSON.stringify(inTrace.map((s) => s.name)));
    assert.equal(server.parentSpanId, '00f067aa0ba902b7', 'continues the caller’s span');
    assert.equal(gate.parentSpanId, execute.spanId);
    assert.equal(run.parentSpanId, execute.spanId);
    assert.equal(attr(execute, 'switchboard.source'), 'mcp_tools');
    assert.equal(attr(execute, 'switchboard.status'), 'success');
    assert.equal(attr(upstreamSpan, 'http.response.status_code'), 201);
    assert.equal(upstream?.headers.traceparent?.toString().split('-')[2], upstreamSpan.spanId, 'the upstream request’s parent');

    // The activity row names the trace.
    const rows = await eventually(async () => {
      const r = await t.db.query<{ trace_id: string | null }>(
        "SELECT trace_id FROM activity WHERE integration_name = 'acme-notes'",
      );
      return r.length > 0 && r;
    });
    assert.deepEqual(rows, [{ trace_id: traceId }]);
    assert.equal((await t.get(`/api/v1/activity?workspaceId=${ws}`, key)).body.activity[0].traceId, traceId);
  });

  it('puts the trace id in error responses, and no input or credential in any exported span', async () => {
    const refused = await t.request('POST', '/api/v1/actions/execute', {
      key,
      headers: { traceparent: `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01` },
      body: { integrationName: 'acme-notes', actionName: 'create_note', workspaceId: ws, input: {} },
    });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.traceId, 'a'.repeat(32));
    const { raw } = await eventually(async () => {
      const got = spansOf(collector);
      return got.spans.some((s) => s.traceId === 'a'.repeat(32) && s.name.includes('/api/v1/actions/execute')) && got;
    });
    for (const secret of [ACME_TOKEN, 'Quarterly secret plan', token, key])
      assert.ok(!raw.includes(secret), `never exported: ${secret.slice(0, 12)}…`);
  });

  it('sends the trace on with outbound webhooks enqueued inside it, a span per attempt (trigger callbacks, approval events)', async () => {
    const receiver = await new Receiver().start();
    try {
      const orgId = (await t.get('/api/v1/organization', key)).body.organization.id;
      const parent = `00-${'c'.repeat(32)}-${'d'.repeat(16)}-01`;
      let enqueueSpanId = '';
      await context.with(propagation.extract(ROOT_CONTEXT, { traceparent: parent }), () =>
        tracer.startActiveSpan('enqueue', async (span) => {
          enqueueSpanId = span.spanContext().spanId;
          await t.db.orm.transaction((tx) =>
            t.app.services.delivery.enqueue(tx, { orgId, producer: 'test', url: receiver.url('/cb'), body: { n: 1 } }),
          );
          span.end();
        }),
      );
      const got = await receiver.waitFor(() => receiver.requests[0], 15_000, 'the callback');
      assert.match(String(got.headers.traceparent), new RegExp(`^00-${'c'.repeat(32)}-[0-9a-f]{16}-01$`));
      // The attempt is a span of that trace, under the span that enqueued it; its request's client span is the
      // receiver's parent.
      const inTrace = await eventually(async () => {
        const spans = spansOf(collector).spans.filter((x) => x.traceId === 'c'.repeat(32));
        return spans.some((x) => x.name === 'switchboard.delivery.attempt') && spans.some((x) => x.kind === 3) && spans;
      });
      const attempt = inTrace.find((x) => x.name === 'switchboard.delivery.attempt')!;
      assert.equal(attempt.parentSpanId, enqueueSpanId);
      assert.equal(attr(attempt, 'switchboard.producer'), 'test');
      assert.equal(attr(attempt, 'http.response.status_code'), 200);
      const request = inTrace.find((x) => x.kind === 3 && x.parentSpanId === attempt.spanId)!;
      assert.equal(String(got.headers.traceparent).split('-')[2], request.spanId);
    } finally {
      await receiver.close();
    }
  });

  it('follows a piece’s own HTTP requests inside its worker process, as spans of the call’s trace', async () => {
    const ref = { package: path.resolve('test/fixtures/pieces/piece-probe') };
    const meta = await t.app.services.pieces.request<PieceMeta>({ op: 'metadata', piece: ref });
    t.app.services.registry.register(pieceIntegration(meta, t.app.services.pieces, ref));
    const conn = await t.post('/api/v1/connections', key, {
      type: 'CUSTOM_AUTH',
      integrationName: 'probe',
      externalId: 'probe-traced',
      displayName: 'Probe',
      props: { token: 'good-token' },
      workspaceId: ws,
      scope: 'WORKSPACE',
    });
    assert.equal(conn.status, 201, conn.text);
    // fetch (undici) and node:http: the two ways pieces reach their APIs.
    for (const [action, n] of [
      ['fetch_url', 'e'],
      ['http_get', 'f'],
    ] as const) {
      const id = n.repeat(32);
      const ran = await t.request('POST', '/api/v1/actions/execute', {
        key,
        headers: { traceparent: `00-${id}-${'1'.repeat(16)}-01` },
        body: {
          integrationName: 'probe',
          actionName: action,
          workspaceId: ws,
          connectionId: conn.body.connection.id,
          input: { url: acme.url(`/probe-${action}?secret=never-exported`) },
        },
      });
      assert.equal(ran.body.success, true, ran.text);
      const got = acme.requests.find((r) => r.path.startsWith(`/probe-${action}`))!;
      assert.match(String(got.headers.traceparent), new RegExp(`^00-${id}-[0-9a-f]{16}-01$`), action);
      const { spans, raw } = await eventually(async () => {
        const all = spansOf(collector);
        const inTrace = all.spans.filter((x) => x.traceId === id);
        return inTrace.some((x) => x.name === 'switchboard.piece_worker') && inTrace.some((x) => x.kind === 3) && all;
      });
      const inTrace = spans.filter((x) => x.traceId === id);
      const run = inTrace.find((x) => x.name === 'switchboard.action.run')!;
      const worker = inTrace.find((x) => x.name === 'switchboard.piece_worker')!;
      assert.equal(worker.parentSpanId, run.spanId, `${action}: the worker call is part of the action`);
      assert.equal(attr(worker, 'switchboard.piece_op'), 'run');
      const request = inTrace.find((x) => x.kind === 3 && x.parentSpanId === worker.spanId)!;
      assert.ok(request, `${action}: ${JSON.stringify(inTrace.map((x) => x.name))}`);
      assert.equal(attr(request, 'http.response.status_code'), ran.body.output.status, 'the answer the piece got');
      assert.equal(attr(request, 'server.address'), '127.0.0.1');
      assert.equal(String(got.headers.traceparent).split('-')[2], worker.spanId, 'the upstream request’s parent');
      assert.ok(!raw.includes('never-exported') && !raw.includes('good-token'), 'no path, query or credential');
    }
  });

  it('makes each poll of a trigger source a trace: the piece’s request and the delivery of what it found', async () => {
    await registerFixture(t.app, 'piece-poller');
    const vendor = await new Receiver().start();
    const callbacks = await new Receiver().start();
    let sourceId: string | null = null;
    try {
      const items: Array<{ id: string; title: string; createdAt: string }> = [];
      vendor.respond = () => ({ status: 200, body: { items } });
      const conn = await t.post('/api/v1/connections', key, {
        type: 'SECRET_TEXT',
        integrationName: 'poller',
        externalId: 'traced-poller',
        displayName: 'Poller',
        secretText: 'vendor-key',
      });
      assert.equal(conn.status, 201, conn.text);
      const enabled = await t.post('/api/v1/triggers/enable', key, {
        integrationName: 'poller',
        triggerName: 'new_item',
        workspaceId: ws,
        callbackUrl: callbacks.url('/cb'),
        input: { baseUrl: vendor.url(''), account: 'traced' },
        pollingIntervalMinutes: 1,
      });
      assert.equal(enabled.status, 201, enabled.text);
      sourceId = enabled.body.triggerSource.id;
      items.unshift({ id: 'item-1', title: 'Found by a poll', createdAt: new Date().toISOString() });
      const callback = await callbacks.waitFor(() => callbacks.requests[0], 20_000, 'the event’s callback');
      const traced = String(callback.headers.traceparent).split('-')[1]!;
      const inTrace = await eventually(async () => {
        const spans = spansOf(collector).spans.filter((x) => x.traceId === traced);
        return (
          spans.some((x) => x.name === 'switchboard.delivery.attempt') &&
          spans.some((x) => x.name === 'switchboard.trigger.poll') &&
          spans
        );
      });
      const poll = inTrace.find((x) => x.name === 'switchboard.trigger.poll')!;
      assert.equal(poll.parentSpanId ?? '', '', 'a trace of its own');
      assert.equal(attr(poll, 'switchboard.trigger_source'), enabled.body.triggerSource.id);
      const worker = inTrace.find((x) => x.name === 'switchboard.piece_worker')!;
      assert.equal(worker.parentSpanId, poll.spanId);
      assert.ok(
        inTrace.some((x) => x.kind === 3 && x.parentSpanId === worker.spanId),
        'the piece’s request to the vendor',
      );
      const polled = vendor.requests.find((r) => String(r.headers.traceparent).includes(traced));
      assert.ok(polled, 'the vendor got the poll’s trace');
      const attempt = inTrace.find((x) => x.name === 'switchboard.delivery.attempt')!;
      assert.equal(attempt.parentSpanId, poll.spanId, 'the delivery was queued by the poll');
    } finally {
      if (sourceId) assert.equal((await t.post('/api/v1/triggers/disable', key, { triggerSourceId: sourceId })).status, 200);
      await vendor.close();
      await callbacks.close();
    }
  });
});
