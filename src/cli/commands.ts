import { parseArgs } from 'node:util';
import type { buildApp } from '../app.js';
import { loadConfig, ConfigError } from '../config.js';
import { openConfiguredDatabase, prepareConfig } from '../database-setup.js';
import { migrate } from '../platform/db/migrate.js';
import { rotateSecrets, SecretBox } from '../platform/secrets.js';
import { generateNewEncryptionKey } from '../bootstrap.js';
import { AppError } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';
import { isPlanName, PLAN_NAMES } from '../platform/plans.js';
import { ACTION_PACKS_USAGE, orgActionPacksCommand } from './action-packs.js';
import { addWithProgress } from './progress.js';

const USAGE = `switchboard <command>

  serve                                   start the service (default)
  migrate                                 apply pending database migrations and exit
  org create --name N [--plan P]          create an organization; prints its first API key once
  org list                                list organizations
  org set-plan <orgId> <plan>             change an organization's plan (${PLAN_NAMES.join(', ')})
  org suspend <orgId> | org resume <orgId>
${ACTION_PACKS_USAGE}
  keys create --org <orgId> [--name N] [--expires-at ISO]
                                          create an API key; prints it once
  keys rotate-encryption [--generate]     re-encrypt every stored secret with the current encryption key
                                          (--generate: embedded mode, make a new key first and keep the old one)
  users verify-email <email>              mark a person's email address verified (when no SMTP server can send
                                          the code; only for an address you know belongs to that person)
  users set-password <email>              set a person's password, read from standard input, and end their sessions
  integrations list                       list the pieces added at runtime
  integrations add <package>[@version]    add an Activepieces piece from npm (running nodes load it without a restart)
  storage migrate                         copy stored files from local disk to the configured S3 bucket and record
                                          the move (after setting SWITCHBOARD_STORAGE_S3_*; old copies stay)
  oauth-apps list                         list the service-managed OAuth apps
  oauth-apps set <integration> --client-id ID --client-secret SECRET|- [--scopes a,b] [--auth-url URL] [--token-url URL] [--name N]
                                          create or replace an integration's service-managed OAuth app
                                          (--client-secret - reads the secret from standard input)
  oauth-apps remove <integration>         remove an integration's service-managed OAuth app

Configuration comes from the environment (see README). With the embedded database, stop the server first
(the data directory is opened by one process at a time) or use the operator API instead.`;

async function withServices<T>(fn: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> {
  const config = await prepareConfig(loadConfig());
  const db = await openConfiguredDatabase(config);
  try {
    await migrate(db);
    // The service is loaded only by the commands that use it: `migrate` (an embedded first start's child, 0146) stays lean.
    const { buildApp } = await import('../app.js');
    const app = await buildApp({ config: { ...config, workers: false, logLevel: 'warn' }, db });
    try {
      return await fn(app);
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const print = (value: unknown) => process.stdout.write(JSON.stringify(value, null, 2) + '\n');

async function main(argv: string[], entry: string): Promise<number> {
  const [command = 'serve', sub, ...rest] = argv;
  switch (command) {
    case 'serve':
      // The CLI's own file: an embedded first start migrates in a child process (0146).
      await (await import('../main.js')).serve(undefined, entry);
      return -1; // keeps running
    case 'migrate': {
      const config = loadConfig();
      const db = await openConfiguredDatabase(config);
      try {
        const applied = await migrate(db);
        process.stdout.write(applied.length ? `applied: ${applied.join(', ')}\n` : 'database is up to date\n');
      } finally {
        await db.close();
      }
      return 0;
    }
    case 'org': {
      if (await orgActionPacksCommand(sub, rest, withServices, print)) return 0;
      if (sub === 'create') {
        const { values } = parseArgs({ args: rest, options: { name: { type: 'string' }, plan: { type: 'string' } } });
        if (!values.name) throw new AppError('VALIDATION_ERROR', '--name is required');
        const plan = values.plan ?? 'free';
        if (!isPlanName(plan)) throw new AppError('VALIDATION_ERROR', `--plan must be one of ${PLAN_NAMES.join(', ')}`);
        await withServices(async (app) => print(await app.services.organizations.create({ name: values.name!, plan })));
        return 0;
      }
      if (sub === 'list') {
        await withServices(async (app) => print(await app.services.organizations.list({ limit: 100, offset: 0 })));
        return 0;
      }
      if (sub === 'set-plan' || sub === 'suspend' || sub === 'resume') {
        const [orgId, plan] = rest;
        if (!orgId || !isUuid(orgId)) throw new AppError('VALIDATION_ERROR', 'the organization id (a UUID) is required');
        if (sub === 'set-plan' && (!plan || !isPlanName(plan))) {
          throw new AppError('VALIDATION_ERROR', `the plan must be one of ${PLAN_NAMES.join(', ')}`);
        }
        const patch = sub === 'set-plan' ? { plan: plan as (typeof PLAN_NAMES)[number] } : { suspended: sub === 'suspend' };
        await withServices(async (app) => print({ organization: await app.services.organizations.update(orgId, patch) }));
        return 0;
      }
      break;
    }
    case 'keys': {
      if (sub === 'create') {
        const { values } = parseArgs({
          args: rest,
          options: { org: { type: 'string' }, name: { type: 'string' }, 'expires-at': { type: 'string' } },
        });
        if (!values.org || !isUuid(values.org)) throw new AppError('VALIDATION_ERROR', '--org <organization UUID> is required');
        await withServices(async (app) => {
          await app.services.organizations.get(values.org!);
          print(
            await app.services.apiKeys.issue(values.org!, {
              name: values.name ?? 'cli',
              expiresAt: values['expires-at'] ?? null,
            }),
          );
        });
        return 0;
      }
      if (sub === 'rotate-encryption') {
        const { values } = parseArgs({ args: rest, options: { generate: { type: 'boolean' } } });
        if (values.generate) await generateNewEncryptionKey(loadConfig());
        const config = await prepareConfig(loadConfig());
        const db = await openConfiguredDatabase(config);
        try {
          await migrate(db);
          const box = SecretBox.fromKeys(config.encryptionKey!, config.previousEncryptionKeys);
          print({ keyId: box.primaryKeyId, reencrypted: await rotateSecrets(db, box) });
        } finally {
          await db.close();
        }
        return 0;
      }
      break;
    }
    case 'users': {
      if (sub === 'verify-email') {
        const [email] = rest;
        if (!email || !email.includes('@'))
          throw new AppError('VALIDATION_ERROR', 'the email address is required, e.g. users verify-email ada@example.com');
        await withServices(async (app) => print({ user: await app.services.emailVerification.markVerifiedByEmail(email) }));
        return 0;
      }
      if (sub === 'set-password') {
        const [email] = rest;
        if (!email || !email.includes('@'))
          throw new AppError(
            'VALIDATION_ERROR',
            'the email address is required, e.g. echo "new password" | users set-password ada@example.com',
          );
        const password = (await readStdin()).replace(/\r?\n$/, '');
        await withServices(async (app) => print({ user: await app.services.passwordReset.setByOperator(email, password) }));
        return 0;
      }
      break;
    }
    case 'integrations': {
      if (sub === 'list') {
        await withServices(async (app) => print({ integrations: await app.services.pieceInstaller.list() }));
        return 0;
      }
      if (sub === 'add') {
        const [spec] = rest;
        if (!spec)
          throw new AppError('VALIDATION_ERROR', 'the npm package to add is required, e.g. @activepieces/piece-github@0.5.0');
        await withServices(async (app) => print({ integration: await addWithProgress(app.services.pieceInstaller, spec) }));
        return 0;
      }
      break;
    }
    case 'storage': {
      if (sub === 'migrate') {
        await withServices(async (app) => print(await app.services.files.migrateToCurrent()));
        return 0;
      }
      break;
    }
    case 'oauth-apps': {
      if (sub === 'list') {
        await withServices(async (app) => print(await app.services.oauthApps.listPlatform({ limit: 100, offset: 0 })));
        return 0;
      }
      if (sub === 'set') {
        const [integrationName, ...flags] = rest;
        const { values } = parseArgs({
          args: flags,
          options: {
            'client-id': { type: 'string' },
            'client-secret': { type: 'string' },
            scopes: { type: 'string' },
            'auth-url': { type: 'string' },
            'token-url': { type: 'string' },
            name: { type: 'string' },
          },
        });
        if (!integrationName)
          throw new AppError(
            'VALIDATION_ERROR',
            'the integration name is required, e.g. oauth-apps set gmail --client-id ... --client-secret -',
          );
        if (!values['client-id']) throw new AppError('VALIDATION_ERROR', '--client-id is required');
        let secret = values['client-secret'];
        if (secret === '-') secret = (await readStdin()).trim();
        if (!secret) throw new AppError('VALIDATION_ERROR', '--client-secret is required (- reads it from standard input)');
        for (const flag of ['auth-url', 'token-url'] as const) {
          const v = values[flag];
          if (v !== undefined && !/^https?:\/\/\S+$/.test(v))
            throw new AppError('VALIDATION_ERROR', `--${flag} must be an http(s) URL`);
        }
        const input = {
          integrationName,
          clientId: values['client-id'],
          clientSecret: secret,
          ...(values.scopes !== undefined
            ? {
                scopes: values.scopes
                  .split(',')
                  .map((x) => x.trim())
                  .filter(Boolean),
              }
            : {}),
          ...(values['auth-url'] ? { authUrl: values['auth-url'] } : {}),
          ...(values['token-url'] ? { tokenUrl: values['token-url'] } : {}),
          ...(values.name ? { name: values.name } : {}),
        };
        await withServices(async (app) => print({ oauthApp: await app.services.oauthApps.setPlatform(input) }));
        return 0;
      }
      if (sub === 'remove') {
        const [integrationName] = rest;
        if (!integrationName) throw new AppError('VALIDATION_ERROR', 'the integration name is required');
        await withServices(async (app) => print(await app.services.oauthApps.deletePlatformByIntegration(integrationName)));
        return 0;
      }
      break;
    }
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE + '\n');
      return 0;
    default:
      break;
  }
  process.stderr.write(`unknown command: ${argv.join(' ')}\n\n${USAGE}\n`);
  return 2;
}

/** Runs the command in `argv`, then exits with its code (`serve` keeps running); `entry` is the command's own file. */
export function runCli(argv: string[], entry: string): void {
  main(argv, entry).then(
    (code) => {
      if (code >= 0) process.exit(code);
    },
    (err: unknown) => {
      if (err instanceof AppError || err instanceof ConfigError) process.stderr.write(`error: ${err.message}\n`);
      else process.stderr.write(`error: ${(err as Error).message ?? String(err)}\n`);
      process.exit(1);
    },
  );
}
