import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { StatelessPostTransport, serializedOnce, type HttpAnswer } from './http-transport.js';

/**
 * What an HTTP test cannot reach in reasonable time: a tool call still running at the keep-alive tick, a
 * notification during a call, and a close (the client went away) before the answers. The framing and the answers
 * themselves are proven over HTTP in mcp-endpoint-protocol.http.test.ts.
 */
describe('StatelessPostTransport', () => {
  const headers = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
  const auth = { token: 't', clientId: 'c', scopes: [] };
  const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'slow', arguments: {} } } as const;
  const result = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, result: { content: [] } });
  const progress: JSONRPCMessage = {
    jsonrpc: '2.0',
    method: 'notifications/progress',
    params: { progressToken: 1, progress: 1 },
  };
  const event = (m: JSONRPCMessage) => `event: message\ndata: ${JSON.stringify(m)}\n\n`;

  const streamOf = (answer: HttpAnswer) => {
    assert.equal(answer.status, 200);
    assert.equal(answer.headers['Content-Type'], 'text/event-stream');
    assert.ok(answer.body instanceof PassThrough, 'a stream');
    let text = '';
    answer.body.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
    return { text: () => text, first: once(answer.body, 'data'), ended: once(answer.body, 'end') };
  };

  it('answers calls that finish before the keep-alive tick as one JSON body, in request order (0170)', async () => {
    const transport = new StatelessPostTransport({ sse: true });
    const received: JSONRPCMessage[] = [];
    transport.onmessage = (m) => received.push(m);
    const answer = transport.handle([call, { ...call, id: 2 }], headers, auth);
    assert.deepEqual(received, [call, { ...call, id: 2 }]);
    await transport.send(progress); // no standalone stream when stateless: dropped
    await transport.send(result(2));
    await transport.send(result(99)); // not a request of this POST: dropped
    await transport.send(result(2)); // answered already: dropped
    await transport.send(result(1));
    assert.deepEqual(await answer, {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify([result(1), result(2)]),
    });
    const one = new StatelessPostTransport({ sse: true });
    const single = one.handle(call, headers, auth);
    await one.send(result(1));
    assert.deepEqual(await single, {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(result(1)),
    });
  });

  it('turns a call still running at the keep-alive tick into a stream of comments, then its messages', async () => {
    const transport = new StatelessPostTransport({ sse: true, keepAliveMs: 5 });
    const out = streamOf(await transport.handle(call, headers, auth));
    await out.first;
    assert.match(out.text(), /^(: keepalive\n\n)+$/);
    await transport.send(progress, { relatedRequestId: 1 });
    await transport.send(result(1));
    await out.ended;
    assert.deepEqual(
      out
        .text()
        .split('\n\n')
        .filter((e) => e && !e.startsWith(':'))
        .map((e) => `${e}\n\n`),
      [event(progress), event(result(1))],
    );
  });

  it('opens the stream at once for a notification during a call', async () => {
    const transport = new StatelessPostTransport({ sse: true });
    const answer = transport.handle(call, headers, auth);
    await transport.send(progress, { relatedRequestId: 1 });
    const out = streamOf(await answer);
    await transport.send(result(1));
    await out.ended;
    assert.equal(out.text(), event(progress) + event(result(1)));
  });

  it('writes a result serialized once as JSON.stringify would, in a JSON body, a batch and an SSE event', async () => {
    const list = { jsonrpc: '2.0', id: 'l', method: 'tools/list', params: {} } as const;
    const tools = {
      tools: [{ name: 'a "quoted" tool', inputSchema: { type: 'object', properties: { é: { type: 'string' } } } }],
    };
    const shared = serializedOnce(tools);
    assert.equal(shared, tools, 'the same object');
    assert.ok(Object.isFrozen(shared));
    const answered = (id: string | number): JSONRPCMessage => ({ result: shared, jsonrpc: '2.0', id });
    const plain = JSON.stringify;

    const json = new StatelessPostTransport({ sse: false });
    const one = json.handle(list, headers, auth);
    await json.send(answered('l'));
    assert.equal((await one).body, plain(answered('l')));

    const batch = new StatelessPostTransport({ sse: false });
    const both = batch.handle([list, { ...list, id: 7 }], headers, auth);
    await batch.send(result(7));
    await batch.send(answered('l'));
    assert.equal((await both).body, plain([answered('l'), result(7)]), 'in request order');
    assert.deepEqual(JSON.parse((await both).body as string), [answered('l'), result(7)]);

    const sse = new StatelessPostTransport({ sse: true });
    const streamed = sse.handle({ ...call, id: 3 }, headers, auth);
    await sse.send(progress, { relatedRequestId: 3 }); // opens the stream
    const out = streamOf(await streamed);
    await sse.send(answered(3));
    await out.ended;
    assert.equal(out.text(), event(progress) + event(answered(3)));
  });

  it('on close before the answers: settles the answer or ends its stream, and tells the server once', async () => {
    for (const kind of ['json', 'sse', 'sse streaming'] as const) {
      const transport = new StatelessPostTransport({ sse: kind !== 'json' });
      let closed = 0;
      transport.onclose = () => closed++;
      const answer = transport.handle(kind === 'json' ? { ...call, method: 'tools/list', params: {} } : call, headers, auth);
      if (kind === 'sse streaming') {
        await transport.send(progress, { relatedRequestId: 1 });
        const { ended } = streamOf(await answer);
        await transport.close();
        await ended;
      } else {
        await transport.close();
        assert.deepEqual(await answer, { status: 499, headers: {}, body: undefined }, kind);
      }
      await transport.close();
      assert.equal(closed, 1, 'closed once');
    }
  });
});
