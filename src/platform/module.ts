import type { FastifyPluginAsync } from 'fastify';
import type { TSchema } from '@sinclair/typebox';
import type { Config } from '../config.js';
import type { OAuthAppDependent } from '../modules/oauth-apps/oauth-apps.service.js';
import type { StrictPerUserGuard } from '../modules/workspace-integrations/workspace-integrations.service.js';
import type { WorkspaceDeletionParticipant } from '../modules/workspaces/workspaces.service.js';
import type { Database, Orm } from './db/database.js';
import type { JobCatalogOf, JobDefinition, JobRunner } from './jobs/runner.js';
import type { Suspendable } from './suspension.js';

/** The logger every module gets (the app's pino logger in production, a capture in tests). */
export interface Log {
  info(o: object, m?: string): void;
  error(o: object, m?: string): void;
  warn(o: object, m?: string): void;
}

/**
 * What the composition holds before any module is built: the app's inputs, plus the lists it collects from the
 * modules' declarations. `suspendable` is complete before the first build (it is static data); the hook lists are
 * filled as each declaring module is built, so a service receives the list in its constructor and reads it at
 * call time, never at construction.
 */
export interface Platform {
  config: Readonly<Config>;
  db: Database;
  orm: Orm;
  log: Log;
  /** The time for the monthly quota and action packs (tests cross a month boundary with it); Date.now by default. */
  now?: () => number;
  /** Tables a plan limits, from every module's `suspendable` (applied when an organization's plan changes). */
  suspendable: readonly Suspendable[];
  /** Every module's declared participation in other modules' use cases (see AppModule.hooks). */
  moduleHooks: ModuleHookLists;
}

/** The use cases of one module that others take part in, by name; the owning module calls them. */
export interface ModuleHooks {
  /** Work before a workspace is deleted, and a check in its deleting transaction (WorkspacesService.delete). */
  workspaceDeletion: WorkspaceDeletionParticipant;
  /** Rows that still use an organization's OAuth app, counted before it is deleted (OAuthAppsService.delete). */
  oauthAppUsage: OAuthAppDependent;
  /** A check before a workspace integration becomes strict per-user; it may refuse (WorkspaceIntegrationsService). */
  strictPerUser: StrictPerUserGuard;
}
export type ModuleHookLists = { [K in keyof ModuleHooks]: Array<ModuleHooks[K]> };

/**
 * Start and stop of a module's background parts, mapped to the app's hooks (app.ts):
 * onReady runs every `start` in list order, then every `ready`; preClose runs every `interrupt` in list order,
 * every `stop` in reverse order, then every `release` in list order; onClose runs every `close` in reverse order.
 */
export interface Lifecycle {
  start?(): Promise<void> | void;
  /** After every module started; for work readiness must not wait for (it handles its own failures). */
  ready?(): void;
  /** Before anything stops: work this node cannot finish records that it stopped. */
  interrupt?(): Promise<void>;
  /** Background work (timers, listeners, workers); also run after a failed start, so nothing keeps running. */
  stop?(): Promise<void>;
  /** Pools background work used until it stopped (worker processes, browsers). */
  release?(): Promise<void>;
  /** After in-flight requests finished: flush buffers, close clients. */
  close?(): Promise<void> | void;
}

/** A route plugin as modules export it (some with the TypeBox type provider, some without). */
export type RoutePlugin = FastifyPluginAsync<any, any, any, any>;

/**
 * One module: what it needs (the type parameter), what it provides (`build`'s result, merged into the app's
 * services under those names) and what it contributes to the app. `build` is a function-typed property, not a
 * method, so a module whose needs the composition does not yet provide fails to type-check (strictFunctionTypes).
 */
export interface AppModule<Needs, Provides extends object, Jobs extends JobDefinition<any> = never> {
  readonly name: string;
  readonly build: (deps: Needs) => Provides;
  /** Registered in module-list order. */
  readonly routes?: readonly RoutePlugin[];
  /** Shared schemas that routes reference by $ref (also OpenAPI components). */
  readonly schemas?: readonly TSchema[];
  /** Tables whose rows the plan limits; suspended (not deleted) beyond the limit on a downgrade. */
  readonly suspendable?: readonly Suspendable[];
  /** Its jobs; their names and payloads make the app's job catalog (the type of `services.jobs`). */
  readonly jobs?: (s: NoInfer<Needs & Provides>) => readonly Jobs[];
  /** Its part in other modules' use cases; each is added to `moduleHooks` once this module is built. */
  readonly hooks?: { readonly [K in keyof ModuleHooks]?: (s: NoInfer<Needs & Provides>) => ModuleHooks[K] };
  readonly lifecycle?: (s: NoInfer<Needs & Provides>) => Lifecycle;
}

/** `defineModule<Needs>()({...})`: Needs is written out, Provides is inferred from `build`. */
export function defineModule<Needs>() {
  return <Provides extends object, Jobs extends JobDefinition<any> = never>(
    m: AppModule<Needs, Provides, Jobs>,
  ): AppModule<Needs, Provides, Jobs> => m;
}

/** What the composition gives the app: the services and everything the modules contribute, in list order. */
export interface Composed<S> {
  services: S;
  routes: RoutePlugin[];
  jobs: Array<JobDefinition<any>>;
  lifecycle: Lifecycle[];
}

type AnyModule = AppModule<any, object, JobDefinition<any>>;

/** The services of a composition: its job runner is typed by the catalog of every module's jobs. */
export type ServicesOf<S, J extends JobDefinition<any>> = Omit<S, 'jobs'> & { jobs: JobRunner<JobCatalogOf<J>> };

/**
 * The module list: `compose(inputs).use(a).use(b)`. Each `use` type-checks only when the modules before it (and
 * the platform) provide what the module needs, so the list order is the dependency order. Nothing is built until
 * `build()`, which builds the modules in list order.
 */
export class Composition<S extends object, J extends JobDefinition<any> = never> {
  private constructor(
    private readonly inputs: object,
    private readonly modules: readonly AnyModule[],
  ) {}

  static of<I extends object>(inputs: I): Composition<I & Pick<Platform, 'suspendable' | 'moduleHooks'>, never> {
    return new Composition(inputs, []);
  }

  use<P extends object, MJ extends JobDefinition<any>>(m: AppModule<S, P, MJ>): Composition<S & P, J | MJ> {
    return new Composition<S & P, J | MJ>(this.inputs, [...this.modules, m as unknown as AnyModule]);
  }

  /** Shared schemas of every module, in list order (static: the validators get them before anything is built). */
  get schemas(): TSchema[] {
    return this.modules.flatMap((m) => m.schemas ?? []);
  }

  build(): Composed<ServicesOf<S, J>> {
    const moduleHooks: ModuleHookLists = { workspaceDeletion: [], oauthAppUsage: [], strictPerUser: [] };
    const suspendable = this.modules.flatMap((m) => m.suspendable ?? []);
    const services: Record<string, unknown> = { ...this.inputs, suspendable, moduleHooks };
    for (const m of this.modules) {
      const provided = m.build(services);
      for (const name of Object.keys(provided))
        if (name in services) throw new Error(`Module ${m.name} provides ${name}, which is already provided.`);
      Object.assign(services, provided);
      for (const name of Object.keys(moduleHooks) as Array<keyof ModuleHooks>) addHook(moduleHooks, name, m, services);
    }
    return {
      services: services as unknown as ServicesOf<S, J>,
      routes: this.modules.flatMap((m) => m.routes ?? []),
      jobs: this.modules.flatMap((m) => m.jobs?.(services) ?? []),
      lifecycle: this.modules.flatMap((m) => (m.lifecycle ? [m.lifecycle(services)] : [])),
    };
  }
}

/** Adds a module's declared part in one use case to that use case's list. */
function addHook<K extends keyof ModuleHooks>(lists: ModuleHookLists, name: K, m: AnyModule, services: object): void {
  const declared = m.hooks?.[name];
  if (declared) lists[name].push(declared(services));
}

export const compose = <I extends object>(inputs: I) => Composition.of(inputs);
