/**
 * A serving process outlives any fault that no handler caught (decision 0107). Node's default ends the process on
 * an uncaught exception or an unhandled rejection; with one process and no supervisor that turns one request's bug
 * into an outage for every tenant. Request state is per request, third-party code runs in worker processes and
 * sandboxes, and shared resources (database pool, caches, worker pool) recover from a failed call, so the process
 * logs the fault, counts it (`switchboard_process_faults_total`) and keeps serving. Faults of start-up still end it:
 * these handlers are installed once the app is built and listening is next.
 */

export type FaultKind = 'uncaughtException' | 'unhandledRejection';

const counts: Record<FaultKind, number> = { uncaughtException: 0, unhandledRejection: 0 };

/** Faults survived since the process started, by kind (for metrics). */
export const processFaults = (): Readonly<Record<FaultKind, number>> => counts;

interface FaultLog {
  error(o: object, msg: string): void;
}

/** What is logged of a fault: its type, message and stack (code locations), as the error handler logs a 500. */
function describe(reason: unknown): { type: string; message: string; stack?: string } {
  if (reason instanceof Error)
    return { type: reason.name, message: reason.message, ...(reason.stack ? { stack: reason.stack } : {}) };
  return { type: typeof reason, message: String(reason).slice(0, 500) };
}

/** Installs the handlers; returns a function that removes them. */
export function keepServingThroughFaults(log: FaultLog): () => void {
  const fault = (kind: FaultKind) => (reason: unknown) => {
    counts[kind]++;
    log.error({ fault: kind, err: describe(reason) }, `process fault (${kind}) survived; the process keeps serving`);
  };
  const onException = fault('uncaughtException');
  const onRejection = fault('unhandledRejection');
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
  return () => {
    process.off('uncaughtException', onException);
    process.off('unhandledRejection', onRejection);
  };
}
