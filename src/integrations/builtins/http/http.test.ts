// switchboard-test: database-independent (the PostgreSQL run leaves this file to the embedded-database run: 0130)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import nodeHttp from 'node:http';
import type { AddressInfo } from 'node:net';
import { EgressGuard } from '../../../platform/egress.js';
import { ActionError, ActionInputError } from '../../framework.js';
import { runAction } from '../../run.js';
import { http } from './http.js';

describe('http built-in', () => {
  let server: nodeHttp.Server;
  let base: string;
  let flaky = 0;
  const guard = new EgressGuard(['127.0.0.1']);
  const send = (input: Record<string, unknown>, dispatcher = guard.dispatcher()) =>
    runAction(http.actions.send_request!, input, { dispatcher }) as Promise<any>;

  before(async () => {
    server = nodeHttp.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://x');
        if (url.pathname === '/echo') {
          res.writeHead(200, { 'content-type': 'application/json', 'x-test': 'yes' });
          res.end(
            JSON.stringify({
              method: req.method,
              query: Object.fromEntries(url.searchParams),
              headers: req.headers,
              body: Buffer.concat(chunks).toString(),
            }),
          );
        } else if (url.pathname === '/status') {
          res.writeHead(Number(url.searchParams.get('code')), { 'content-type': 'text/plain' }).end('status body');
        } else if (url.pathname === '/flaky') {
          flaky++;
          res.writeHead(flaky < 3 ? 503 : 200).end(flaky < 3 ? 'busy' : 'ok after retries');
        } else if (url.pathname === '/redirect') {
          res.writeHead(302, { location: '/echo' }).end();
        } else if (url.pathname === '/binary') {
          res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from([0, 1, 2, 255]));
        } else if (url.pathname === '/slow') {
          setTimeout(() => res.end('late'), 3000);
        } else res.writeHead(404).end();
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
    await guard.close();
  });

  it('sends method, headers, query, bearer auth and a JSON body; parses a JSON response', async () => {
    const out = await send({
      method: 'POST',
      url: `${base}/echo`,
      headers: { 'x-custom': 'a' },
      queryParams: { q: 'search term', n: 2 },
      authType: 'BEARER_TOKEN',
      authFields: { token: 'tok123' },
      body_type: 'json',
      body: { hello: 'world' },
    });
    assert.equal(out.status, 200);
    assert.equal(out.headers['x-test'], 'yes');
    assert.equal(out.body.method, 'POST');
    assert.deepEqual(out.body.query, { q: 'search term', n: '2' });
    assert.equal(out.body.headers.authorization, 'Bearer tok123');
    assert.equal(out.body.headers['x-custom'], 'a');
    assert.equal(out.body.headers['content-type'], 'application/json');
    assert.deepEqual(JSON.parse(out.body.body), { hello: 'world' });
  });

  it('does basic auth, form data, raw bodies and binary responses', async () => {
    const basic = await send({ url: `${base}/echo`, authType: 'BASIC', authFields: { username: 'u', password: 'p' } });
    assert.equal(basic.body.headers.authorization, 'Basic ' + Buffer.from('u:p').toString('base64'));
    const form = await send({ method: 'POST', url: `${base}/echo`, body_type: 'form_data', body: { a: '1', b: 'two' } });
    assert.match(form.body.headers['content-type'], /multipart\/form-data/);
    assert.match(form.body.body, /name="b"\r\n\r\ntwo/);
    const raw = await send({
      method: 'PUT',
      url: `${base}/echo`,
      body_type: 'raw',
      body: 'plain text',
      headers: { 'content-type': 'text/plain' },
    });
    assert.equal(raw.body.body, 'plain text');
    const bin = await send({ url: `${base}/binary`, response_is_binary: true });
    assert.equal(bin.body, Buffer.from([0, 1, 2, 255]).toString('base64'));
  });

  it('applies failureMode to 4xx and 5xx', async () => {
    await assert.rejects(
      send({ url: `${base}/status?code=404` }),
      (e: unknown) => e instanceof ActionError && (e.detail as { status: number }).status === 404,
    );
    const cont = await send({ url: `${base}/status?code=404`, failureMode: 'continue_4xx' });
    assert.equal(cont.status, 404);
    assert.equal(cont.body, 'status body');
    await assert.rejects(send({ url: `${base}/status?code=500`, failureMode: 'continue_4xx' }), ActionError);
    assert.equal((await send({ url: `${base}/status?code=500`, failureMode: 'continue_all' })).status, 500);
    flaky = 0;
    const retried = await send({ url: `${base}/flaky`, failureMode: 'retry_5xx' });
    assert.equal(retried.body, 'ok after retries');
    assert.equal(flaky, 3);
    flaky = 0;
    await assert.rejects(send({ url: `${base}/flaky`, failureMode: 'retry_none' }), ActionError);
    assert.equal(flaky, 1);
  });

  it('follows redirects only when asked, and times out', async () => {
    assert.equal((await send({ url: `${base}/redirect` })).body.method, 'GET');
    const manual = await send({ url: `${base}/redirect`, followRedirects: false });
    assert.equal(manual.status, 302);
    await assert.rejects(send({ url: `${base}/slow`, timeout: 1 }), /timed out/);
  });

  it('refuses private addresses through the default guard', async () => {
    await assert.rejects(
      runAction(http.actions.send_request!, { url: `${base}/echo` }),
      (e: unknown) => e instanceof ActionError && /not allowed/.test(e.message),
    );
    await assert.rejects(
      runAction(http.actions.send_request!, { url: 'http://169.254.169.254/latest/meta-data/' }),
      /not allowed/,
    );
  });

  it('names bad fields', async () => {
    const field = (input: Record<string, unknown>, name: string) =>
      assert.rejects(send(input), (e: unknown) => e instanceof ActionInputError && e.field === name);
    await field({}, 'url');
    await field({ url: 'not a url' }, 'url');
    await field({ url: 'ftp://x.example' }, 'url');
    await field({ url: `${base}/echo`, method: 'BREW' }, 'method');
    await field({ url: `${base}/echo`, authType: 'BEARER_TOKEN' }, 'authFields.token');
    await field({ url: `${base}/echo`, timeout: 0 }, 'timeout');
    await field({ url: `${base}/echo`, body_type: 'json', body: {} }, 'body_type');
  });
});
