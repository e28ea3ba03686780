import { readlinkSync } from 'node:fs';
import os from 'node:os';

/**
 * The nice value of threads that run tenants' code (0172): CPU the serving threads want goes to them first (Linux's
 * scheduler gives a nice-10 thread about a tenth of a contended core against a nice-0 one), and idle CPU still goes to
 * the tenant's run.
 */
export const TENANT_CODE_NICE = 10;

/**
 * Lowers the calling thread's scheduling priority to `nice` (never raises it: a thread already nicer stays so).
 * Linux keeps a nice value per thread, and `/proc/thread-self` names the calling one. Elsewhere, or where the
 * value cannot be read or set, it does nothing and says so.
 */
export function lowerThisThreadsPriority(nice = TENANT_CODE_NICE): boolean {
  if (process.platform !== 'linux') return false;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    if (os.getPriority(tid) < nice) os.setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
