import { ActionError } from '../../framework.js';

/** Time limits and error text shared by the browser sessions, their launcher and their egress proxy. */

export const NAVIGATION_TIMEOUT_MS = 30_000;
export const ACTION_TIMEOUT_MS = 10_000;

export const firstLine = (err: unknown) =>
  String((err as Error)?.message ?? err)
    .split('\n')[0]!
    .trim();

export function withTimeout<T>(p: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const t = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ActionError(message)), ms);
    timer.unref();
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}
