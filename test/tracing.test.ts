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
import { tracer } from '../src/platform/tracing.js';

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
});
