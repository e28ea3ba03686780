import { Worker, type WorkerOptions } from 'node:worker_threads';

/** A module next to `base` by name: its .ts source under tsx (tests, dev), its .js once built. */
export function siblingModule(base: string, name: string): URL {
  return new URL(`./${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base);
}

/**
 * A worker thread running `entry`. Under tsx the thread gets no loader hooks of its own: it registers tsx first, then
 * loads the entry; an entry that imports nothing but types from TypeScript files says `typesOnly`, and Node's own
 * type stripping loads it, which starts the thread faster. No inherited execArgv (the service's flags are not the
 * thread's).
 */
export function startThread(entry: URL, options: WorkerOptions = {}, { typesOnly = false } = {}): Worker {
  const base = { execArgv: [] as string[], ...options };
  return entry.pathname.endsWith('.ts') && !typesOnly
    ? new Worker(`import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); })`, {
        ...base,
        eval: true,
      })
    : new Worker(entry, base);
}
