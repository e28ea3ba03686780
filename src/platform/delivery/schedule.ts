/**
 * When to try a failed delivery again. `schedule[i]` is the delay (seconds) after the (i+1)-th failed attempt, so a
 * delivery gets `schedule.length + 1` attempts before it is dead-lettered. Each delay is spread by ±20 % jitter so
 * that deliveries which failed together (a receiver outage) do not all come back at the same instant.
 */
export function retryDelayMs(schedule: readonly number[], failedAttempts: number, random: () => number = Math.random): number {
  const base = schedule[Math.min(Math.max(failedAttempts, 1), schedule.length) - 1] ?? 0;
  const jitter = 0.8 + 0.4 * random();
  return Math.round(base * 1000 * jitter);
}

/** Attempts a delivery gets with this schedule: the first one plus one per delay. */
export const defaultMaxAttempts = (schedule: readonly number[]): number => schedule.length + 1;
