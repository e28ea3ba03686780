import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { TestApp } from '../../test/harness.js';
import { mcpClient, startHttpApp, textOf } from '../../test/mcp.js';
import {
  anthropicProblems,
  geminiProblems,
  openAIStrictProblems,
  type Schema,
  type ToolDecl,
} from '../../test/provider-schema-rules.js';
import { toolNameFor } from './surface.js';

/**
 * Every tool Switchboard serves, for every shipped integration (the ten built-ins and the catalog's pieces), checked
 * against what Anthropic, Gemini and OpenAI strict mode accept (docs/decisions/0097).
 */
describe('MCP tool schemas pass the providers’ rules', () => {
  let t: TestApp;
  let key: string;
  let ws: string;
  let tools: ToolDecl[];
  let codeTools: ToolDecl[];
  let toolsClient: Client;
  let codeClient: Client;

  before(async () => {
    ({ t } = await startHttpApp());
    ({ key } = await t.tenant());
    ws = (await t.workspace(key)).id;
    for (const def of t.app.services.registry.list()) {
      const res = await t.post(`/api/v1/workspaces/${ws}/integrations`, key, {
        integrationName: def.name,
        ...(def.auth.length ? { connectionStrategy: 'per_user', authMethodKey: def.auth[0]!.key } : {}),
      });
      assert.equal(res.status, 201, `${def.name}: ${res.text}`);
    }
    await t.post('/api/v1/end-users', key, { workspaceId: ws, externalId: 'schema-checker' });
    const server = async (mode: 'TOOLS' | 'CODE') => {
      const created = await t.post('/api/v1/mcp/servers', key, {
        name: `All ${mode}`,
        workspaceId: ws,
        mode,
        authMode: 'oauth_and_bearer',
      });
      assert.equal(created.status, 201, created.text);
      const s = created.body.server as { id: string; mcpEndpoint: string };
      const issued = await t.post(`/api/v1/mcp/servers/${s.id}/access-tokens`, key, { endUserId: 'schema-checker' });
      assert.equal(issued.status, 201, issued.text);
      return mcpClient(s.mcpEndpoint, issued.body.accessToken as string);
    };
    toolsClient = await server('TOOLS');
    codeClient = await server('CODE');
    tools = (await toolsClient.listTools()).tools;
    codeTools = (await codeClient.listTools()).tools;
  });
  after(async () => {
    await toolsClient?.close();
    await codeClient?.close();
    await t?.close();
  });

  const check = (list: ToolDecl[]) => {
    const problems: string[] = [];
    for (const tool of list) {
      for (const [provider, found] of [
        ['Anthropic', anthropicProblems(tool)],
        ['Gemini', geminiProblems(tool)],
        ['OpenAI strict', openAIStrictProblems(tool)],
      ] as const)
        for (const p of found) problems.push(`${provider} ${tool.name}: ${p}`);
    }
    return problems;
  };

  it('the rule checks catch what each provider refuses (so a pass means something)', () => {
    const tool = (inputSchema: Schema, name = 'ok_name') => ({ name, inputSchema });
    const free = tool({ type: 'object', properties: { data: { type: 'object', description: 'anything' } } });
    assert.ok(geminiProblems(free).some((p) => /non-empty for OBJECT/.test(p)));
    assert.ok(openAIStrictProblems(free).some((p) => /can only send \{\}/.test(p)));
    assert.ok(geminiProblems(tool({ type: 'object', properties: { a: {} } })).some((p) => /one JSON type/.test(p)));
    assert.ok(
      geminiProblems(tool({ type: 'object', properties: { a: { type: 'array' } } })).some((p) => /without items/.test(p)),
    );
    assert.ok(
      geminiProblems(tool({ type: 'object', properties: { a: { type: 'integer', enum: [1, 2] } } })).some((p) => /enum/.test(p)),
    );
    assert.ok(
      geminiProblems(tool({ type: 'object', additionalProperties: false, properties: { a: { type: 'string' } } })).some((p) =>
        /unknown field additionalProperties/.test(p),
      ),
    );
    assert.ok(
      geminiProblems(tool({ type: 'object', properties: { 'a-b': { type: 'string' } } })).some((p) => /name a-b/.test(p)),
    );
    assert.ok(anthropicProblems(tool({ type: 'string' })).length > 0);
    assert.ok(anthropicProblems(tool({ type: 'object', properties: {} }, 'bad name')).length > 0);
    assert.ok(anthropicProblems(tool({ type: 'object', properties: { a: { type: 'strin' } } })).length > 0);
    assert.ok(
      openAIStrictProblems(
        tool({ type: 'object', properties: { a: { type: 'object', properties: {}, additionalProperties: true } } }),
      ).length > 0,
    );
    assert.ok(openAIStrictProblems(tool({ type: 'object', properties: { a: { type: 'string', minLength: 2 } } })).length > 0);
    assert.deepEqual(
      openAIStrictProblems(tool({ type: 'object', properties: { a: { type: 'string', default: 'x' } }, required: [] })),
      [],
      'optional props and defaults are what the conversion handles',
    );
  });

  it('serves a tool for every action of every shipped integration', () => {
    const registry = t.app.services.registry;
    const expected = registry.list().reduce((n, d) => n + Object.keys(d.actions).length, 0);
    assert.ok(expected > 400, `${expected} actions`);
    assert.equal(tools.length, expected);
    for (const def of registry.list())
      for (const action of Object.keys(def.actions))
        assert.ok(
          tools.some((tool) => tool.name.startsWith(toolNameFor(def.name, action, new Set()).slice(0, 60))),
          `${def.name}/${action}`,
        );
  });

  it('every TOOLS-mode tool is accepted by Anthropic, Gemini and OpenAI strict mode', () => {
    const problems = check(tools);
    assert.deepEqual(problems.slice(0, 25), [], `${problems.length} problems`);
  });

  it('every property has one JSON type, and MARKDOWN help text is in the description, not a parameter', () => {
    const untyped: string[] = [];
    const walk = (s: Schema, at: string) => {
      if (typeof s.type !== 'string') untyped.push(at);
      for (const [k, p] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) walk(p, `${at}.${k}`);
      if (s.items) walk(s.items as Schema, `${at}[]`);
    };
    for (const tool of tools) walk(tool.inputSchema, tool.name);
    assert.deepEqual(untyped, []);

    const markdownProps = t.app.services.registry.list().flatMap((d) =>
      Object.values(d.actions).flatMap((a) =>
        Object.entries(a.props)
          .filter(([, p]) => p.type === 'MARKDOWN')
          .map(([k]) => ({ tool: toolNameFor(d.name, a.name, new Set()), key: k })),
      ),
    );
    assert.ok(markdownProps.length >= 10, `${markdownProps.length} MARKDOWN props in the catalog`);
    for (const { tool, key: prop } of markdownProps) {
      const decl = tools.find((x) => x.name === tool)!;
      assert.ok(!(prop in (decl.inputSchema.properties ?? {})), `${tool}.${prop} is not a parameter`);
    }
    const findRows = tools.find((x) => x.name === 'mysql__find_rows') as ToolDecl & { description: string };
    const help = t.app.services.registry.get('mysql')!.actions.find_rows!.props.markdown!;
    assert.ok(findRows.description.includes((help.description ?? help.displayName).trim().slice(0, 40)));
  });

  it('Code Mode: its three tools pass the same rules, and the declarations are valid TypeScript with natural types', async () => {
    assert.deepEqual(codeTools.map((x) => x.name).sort(), ['switchboard_execute', 'switchboard_read_api', 'switchboard_search']);
    assert.deepEqual(check(codeTools), []);
    const declarations = textOf(await codeClient.callTool({ name: 'switchboard_read_api', arguments: {} }));
    assert.ok(declarations.includes('declare const switchboard'));
    const out = ts.transpileModule(declarations, { reportDiagnostics: true, compilerOptions: { strict: true } });
    assert.deepEqual(
      (out.diagnostics ?? []).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
      [],
      'the declarations parse',
    );
    // Code passes JavaScript values: an OBJECT prop is an object there, not JSON text.
    assert.ok(/transform_json\(input: \{[\s\S]*?mapping: Record<string, unknown>;/.test(declarations), 'objects stay objects');
    const findRows = /find_rows\(input: \{[\s\S]*?\}\): Promise/.exec(declarations)?.[0] ?? '';
    assert.ok(findRows.includes('table') && !/\bmarkdown\??:/.test(findRows), 'no MARKDOWN parameter in Code Mode either');
  });

  it('values a strict schema can only carry as JSON text are parsed; objects still work; bad JSON names the field', async () => {
    const schema = tools.find((x) => x.name === 'data_transformer__transform_json')!.inputSchema;
    assert.equal(schema.properties!.mapping.type, 'string');
    assert.match(schema.properties!.mapping.description, /JSON/);
    const call = (args: Record<string, unknown>) =>
      toolsClient.callTool({ name: 'data_transformer__transform_json', arguments: args }) as Promise<{
        isError?: boolean;
        structuredContent?: Record<string, unknown>;
        content: Array<{ text: string }>;
      }>;
    const asText = await call({ input: '{"user":{"name":"Ada"}}', mapping: '{"who":"$.user.name"}' });
    assert.equal(asText.isError, false, textOf(asText));
    assert.deepEqual(asText.structuredContent, { result: { who: 'Ada' } });
    const asObjects = await call({ input: { user: { name: 'Ada' } }, mapping: { who: '$.user.name' } });
    assert.deepEqual(asObjects.structuredContent, { result: { who: 'Ada' } });
    const bad = await call({ input: '{}', mapping: '{"who":' });
    assert.equal(bad.isError, true);
    assert.match(textOf(bad), /VALIDATION_ERROR: input\.mapping/);
    // A value of any shape (kv-store's value) given as plain text is that text, as before.
    const plain = await toolsClient.callTool({ name: 'kv_store__put', arguments: { key: 'plain-text', value: 'secret plan' } });
    assert.equal(plain.isError, false, textOf(plain));
    const stored = await toolsClient.callTool({ name: 'kv_store__get', arguments: { key: 'plain-text' } });
    assert.match(textOf(stored), /secret plan/);
    const notObject = await call({ input: '{}', mapping: '["not", "an", "object"]' });
    assert.equal(notObject.isError, true);
    assert.match(textOf(notObject), /input\.mapping/);
  });

  it('the README names tools the way the server does', () => {
    const readme = readFileSync('README.md', 'utf8');
    assert.match(readme, /`hash_encode__hash`/);
    assert.equal(toolNameFor('hash-encode', 'hash', new Set()), 'hash_encode__hash');
    assert.ok(tools.some((x) => x.name === 'hash_encode__hash'));
  });
});
