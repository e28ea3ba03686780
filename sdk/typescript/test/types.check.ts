/**
 * Compile-time checks of the typed catalog and methods (never run): `npx tsc -p sdk/typescript/tsconfig.test.json`
 * must pass, so every @ts-expect-error below must still be an error (types.test.ts runs it).
 */
import { Switchboard, type ExecuteResult } from '../src/index.js';
import { validateInput } from '../src/catalog.js';

export async function typeChecks(client: Switchboard, workspaceId: string): Promise<void> {
  // The right input of hash-encode/hash compiles.
  const ok: ExecuteResult = await client.actions.execute({
    body: { integrationName: 'hash-encode', actionName: 'hash', workspaceId, input: { text: 'hello', algorithm: 'md5' } },
  });
  if (ok.status === 'approval_required') await ok.waitForApproval({ timeoutMs: 1000 });
  else if (ok.status === 'failed') ok.output.error.toUpperCase();

  // A wrong type, an unknown option, a missing required prop, an unknown prop: rejected.
  await client.actions.execute({
    // @ts-expect-error text must be a string
    body: { integrationName: 'hash-encode', actionName: 'hash', workspaceId, input: { text: 42 } },
  });
  await client.actions.execute({
    // @ts-expect-error sha3 is not one of the algorithm's options
    body: { integrationName: 'hash-encode', actionName: 'hash', workspaceId, input: { text: 'a', algorithm: 'sha3' } },
  });
  await client.actions.execute({
    // @ts-expect-error text is required
    body: { integrationName: 'hash-encode', actionName: 'hash', workspaceId, input: { algorithm: 'md5' } },
  });
  await client.actions.execute({
    // @ts-expect-error hash has no prop named txt
    body: { integrationName: 'hash-encode', actionName: 'hash', workspaceId, input: { text: 'a', txt: 'a' } },
  });
  await client.actions.execute({
    // @ts-expect-error hash-encode has no action named hsah
    body: { integrationName: 'hash-encode', actionName: 'hsah', workspaceId, input: {} },
  });

  // An integration added at run time takes any object.
  await client.actions.execute({
    body: { integrationName: 'my-runtime-piece', actionName: 'anything', workspaceId, input: { x: 1 } },
  });

  // Path parameters, query and body are typed from the OpenAPI document.
  const ws = await client.workspaces.create({ body: { name: 'A', slug: 'a' } });
  ws.workspace.slug.toUpperCase();
  // @ts-expect-error slug is required
  await client.workspaces.create({ body: { name: 'A' } });
  // @ts-expect-error the id is required
  await client.workspaces.get({});
  await client.workspaces.list({ query: { limit: 10 } });
  // @ts-expect-error limit is a number
  await client.workspaces.list({ query: { limit: 'ten' } });
  for await (const approval of client.approvals.iterate({ query: { status: 'pending' } })) approval.id.toUpperCase();

  validateInput('hash-encode', 'hash', { text: 'a' });
  // @ts-expect-error the input must be an object
  validateInput('hash-encode', 'hash', 'not an object');
}
