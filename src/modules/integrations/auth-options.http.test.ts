import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startApp, type TestApp } from '../../../test/harness.js';

interface CatalogProp {
  type: string;
  displayName: string;
  required: boolean;
  description?: string;
  defaultValue?: unknown;
  options?: { options: Array<{ label: string; value: unknown }> };
  secret?: boolean;
  field: string;
}
interface CatalogAuthOption {
  key: string;
  type: string;
  displayName: string;
  description?: string;
  props: Record<string, CatalogProp>;
}
interface CatalogEntry {
  name: string;
  authOptions: CatalogAuthOption[];
}

/** A value of the prop's type, as a client that knows only the catalog would make one. */
function sample(p: CatalogProp): unknown {
  if (p.defaultValue !== undefined) return p.defaultValue;
  switch (p.type) {
    case 'NUMBER':
      return 1;
    case 'CHECKBOX':
      return true;
    case 'STATIC_DROPDOWN':
      return p.options!.options[0]!.value;
    case 'STATIC_MULTI_SELECT_DROPDOWN':
      return [p.options!.options[0]!.value];
    case 'JSON':
    case 'OBJECT':
      return {};
    case 'DATE_TIME':
      return '2026-01-01T00:00:00Z';
    default:
      return 'sample-value-1';
  }
}

/** The POST /api/v1/connections fields of an auth option, from nothing but its catalog description. */
function connectionFields(option: CatalogAuthOption): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const p of Object.values(option.props)) {
    if (!p.required && p.defaultValue === undefined) continue;
    const [head, sub] = p.field.split('.') as [string, string | undefined];
    if (sub === undefined) body[head] = sample(p);
    else body[head] = { ...(body[head] ?? {}), [sub]: sample(p) };
  }
  return body;
}

describe('catalog auth options describe their props', () => {
  let t: TestApp;
  let catalog: CatalogEntry[];
  before(async () => {
    t = await startApp();
    catalog = (await t.get('/api/v1/integrations')).body.integrations as CatalogEntry[];
  });
  after(async () => t.close());

  const entry = (name: string) => catalog.find((i) => i.name === name)!;
  const option = (name: string, key: string) => entry(name).authOptions.find((o) => o.key === key)!;

  it('every auth option of every shipped integration lists its props like action props, secrets marked', () => {
    const registry = t.app.services.registry;
    let options = 0;
    for (const integration of catalog) {
      const def = registry.get(integration.name)!;
      assert.equal(integration.authOptions.length, def.auth.length, integration.name);
      for (const o of integration.authOptions) {
        options++;
        const where = `${integration.name}/${o.key}`;
        assert.equal(typeof o.props, 'object', `${where} has props`);
        const defined = def.auth.find((a) => a.key === o.key)!;
        if (o.type === 'SECRET_TEXT') assert.deepEqual(Object.keys(o.props), ['secretText'], where);
        if (o.type === 'BASIC_AUTH') assert.deepEqual(Object.keys(o.props), ['username', 'password'], where);
        if (o.type === 'CUSTOM_AUTH' || o.type === 'OAUTH2')
          assert.deepEqual(Object.keys(o.props), Object.keys(defined.props ?? {}), where);
        if (o.type !== 'OAUTH2') assert.ok(Object.keys(o.props).length > 0, `${where} has at least one field`);
        for (const [name, p] of Object.entries(o.props)) {
          const at = `${where}.${name}`;
          assert.equal(typeof p.type, 'string', at);
          assert.ok(p.displayName, `${at} displayName`);
          assert.equal(typeof p.required, 'boolean', at);
          assert.equal(p.field, o.type === 'CUSTOM_AUTH' || o.type === 'OAUTH2' ? `props.${name}` : name, at);
          const secret = p.type === 'SECRET_TEXT' || name === 'password' || name === 'secretText';
          assert.equal(p.secret === true, secret, `${at} secret flag`);
          if (p.type === 'STATIC_DROPDOWN') assert.ok(p.options!.options.length > 0, `${at} options`);
          if (p.description !== undefined) assert.equal(typeof p.description, 'string');
        }
      }
    }
    assert.ok(options >= 55, `${options} auth options`);
  });

  it('a client that reads only the catalog can create a connection for every form auth option', async () => {
    const { key } = await t.tenant();
    let created = 0;
    for (const integration of catalog) {
      for (const o of integration.authOptions) {
        if (o.type === 'OAUTH2') continue;
        const res = await t.post('/api/v1/connections', key, {
          type: o.type,
          integrationName: integration.name,
          authMethodKey: o.key,
          externalId: `from-catalog-${integration.name}-${o.key}`,
          displayName: `${integration.name} ${o.key}`,
          ...connectionFields(o),
        });
        assert.equal(res.status, 201, `${integration.name}/${o.key}: ${res.text}`);
        assert.equal(res.body.connection.authMethodKey, o.key);
        created++;
      }
    }
    assert.ok(created >= 30, `${created} connections`);
  });

  it("slack's custom auth names botToken as a required secret and userToken as an optional one", () => {
    const custom = option('slack', 'custom_auth');
    assert.equal(custom.type, 'CUSTOM_AUTH');
    assert.deepEqual(custom.props.botToken, {
      type: 'SECRET_TEXT',
      displayName: 'Bot Token',
      required: true,
      description: 'The bot token for your Slack app (starts with xoxb-)',
      secret: true,
      field: 'props.botToken',
    });
    assert.equal(custom.props.userToken!.required, false);
    assert.equal(custom.props.userToken!.secret, true);
    // The same description comes with the one-entry answer.
    return t.get('/api/v1/integrations?name=slack').then((one) => {
      const byName = (one.body.integration as CatalogEntry).authOptions.find((o) => o.key === 'custom_auth')!;
      assert.deepEqual(byName.props, custom.props);
    });
  });

  it('SECRET_TEXT, BASIC_AUTH and OAUTH2 options: labels from the integration, dropdown options, defaults', () => {
    assert.deepEqual(option('airtable', 'secret_text').props.secretText, {
      type: 'SECRET_TEXT',
      displayName: 'Personal Token',
      required: true,
      description: 'Visit https://airtable.com/create/tokens/ to create one',
      secret: true,
      field: 'secretText',
    });
    const trello = option('trello', 'basic_auth').props;
    assert.deepEqual(
      [trello.username!.displayName, trello.username!.secret, trello.password!.displayName, trello.password!.secret],
      ['API Key', undefined, 'Token', true],
    );
    assert.equal(trello.username!.description, 'Trello API Key');
    const location = option('zoho-books', 'oauth2').props.location!;
    assert.equal(location.type, 'STATIC_DROPDOWN');
    assert.equal(location.field, 'props.location');
    assert.ok(location.options!.options.some((o) => o.value === 'zoho.eu'));
    assert.equal(option('mysql', 'custom_auth').props.port!.defaultValue, 3306);
    assert.equal(option('mysql', 'custom_auth').props.password!.secret, true);
  });

  it('the summary entries carry the same auth options', async () => {
    const summary = (await t.get('/api/v1/integrations?summary=true')).body.integrations as CatalogEntry[];
    assert.deepEqual(summary.find((i) => i.name === 'slack')!.authOptions, entry('slack').authOptions);
  });

  it('an OAUTH2 connection created through the API keeps the props the catalog describes', async () => {
    const { key, orgId } = await t.tenant();
    const res = await t.post('/api/v1/connections', key, {
      type: 'OAUTH2',
      integrationName: 'zoho-books',
      externalId: 'zoho-eu',
      displayName: 'Zoho EU',
      accessToken: 'zoho-access-token',
      props: { location: 'zoho.eu' },
    });
    assert.equal(res.status, 201, res.text);
    const connections = t.app.services.connections;
    const stored = await connections.credentials((await connections.find(orgId, res.body.connection.id))!);
    assert.deepEqual(stored.value.props, { location: 'zoho.eu' }, 'the piece reads auth.props.location');
    const bad = await t.post('/api/v1/connections', key, {
      type: 'OAUTH2',
      integrationName: 'zoho-books',
      externalId: 'zoho-mars',
      displayName: 'Zoho Mars',
      accessToken: 'zoho-access-token',
      props: { location: 'zoho.mars' },
    });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.error, 'VALIDATION_ERROR');
    assert.match(bad.body.message, /props\.location/);
  });
});
