import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../platform/errors.js';
import { isUuid } from '../platform/ids.js';

/** The `org` subcommands for the monthly action quota (0122); the same service as the operator API. */
export const ACTION_PACKS_USAGE = `  org add-actions <orgId> <packs> [--recurring] [--actions]
                                          add action packs to the monthly quota, this month or (--recurring) every
                                          month; --actions: <packs> is an exact number of actions
  org action-packs <orgId>                list an organization's action packs
  org remove-actions <orgId> <packId>     delete an action pack (it stops counting at once)
  org usage <orgId>                       actions used this month against the quota with packs`;

type WithServices = <T>(fn: (app: FastifyInstance) => Promise<T>) => Promise<T>;

/** Runs `org <sub>` when it is one of these; false when it is not (the caller goes on). */
export async function orgActionPacksCommand(
  sub: string | undefined,
  rest: string[],
  withServices: WithServices,
  print: (value: unknown) => void,
): Promise<boolean> {
  if (!['add-actions', 'action-packs', 'remove-actions', 'usage'].includes(sub ?? '')) return false;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { recurring: { type: 'boolean' }, actions: { type: 'boolean' } },
  });
  const [orgId, arg] = positionals;
  if (!orgId || !isUuid(orgId)) throw new AppError('VALIDATION_ERROR', 'the organization id (a UUID) is required');
  if (sub === 'add-actions') {
    const n = Number(arg);
    if (!arg || !/^\d+$/.test(arg) || !Number.isSafeInteger(n) || n < 1) {
      throw new AppError('VALIDATION_ERROR', 'the number of packs (a positive integer) is required');
    }
    const input = { ...(values.actions ? { actions: n } : { count: n }), recurring: values.recurring ?? false };
    await withServices(async (app) => print({ actionPack: await app.services.actionPacks.add(orgId, input) }));
  } else if (sub === 'action-packs') {
    await withServices(async (app) => print(await app.services.actionPacks.list(orgId)));
  } else if (sub === 'remove-actions') {
    if (!arg || !isUuid(arg)) throw new AppError('VALIDATION_ERROR', 'the action pack id (a UUID) is required');
    await withServices(async (app) => print(await app.services.actionPacks.remove(orgId, arg)));
  } else {
    await withServices(async (app) => print(await app.services.actionPacks.usage(orgId, app.services.limits)));
  }
  return true;
}
