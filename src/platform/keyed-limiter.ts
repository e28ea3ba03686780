/** Thrown by {@link KeyedLimiter.run} when a key already has as many calls waiting as it may. */
export class LimiterFullError extends Error {
  constructor(readonly key: string) {
    super(`too many calls are waiting for ${key}`);
    this.name = 'LimiterFullError';
  }
}

interface KeyState {
  running: number;
  waiting: Array<() => void>;
}

/**
 * At most `concurrency` calls per key run at once; the others wait in arrival order, at most `maxWaiting` per key
 * (the next one is refused with {@link LimiterFullError}). A slot passes straight to the next waiting call, so a key
 * never runs more than its share even while calls keep arriving. Keys with nothing running or waiting hold no memory.
 */
export class KeyedLimiter {
  private readonly keys = new Map<string, KeyState>();

  constructor(private readonly opts: { concurrency: number; maxWaiting: number }) {
    if (!(opts.concurrency >= 1)) throw new Error('concurrency must be at least 1');
  }

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    let state = this.keys.get(key);
    if (!state) {
      state = { running: 0, waiting: [] };
      this.keys.set(key, state);
    }
    if (state.running < this.opts.concurrency) state.running++;
    else {
      if (state.waiting.length >= this.opts.maxWaiting) throw new LimiterFullError(key);
      const s = state;
      await new Promise<void>((resolve) => s.waiting.push(resolve)); // woken with the slot of a call that ended
    }
    try {
      return await fn();
    } finally {
      const next = state.waiting.shift();
      if (next) next();
      else if (--state.running === 0) this.keys.delete(key);
    }
  }

  /** Calls running and waiting for a key (0 and 0 for one with none). */
  stats(key: string): { running: number; waiting: number } {
    const state = this.keys.get(key);
    return { running: state?.running ?? 0, waiting: state?.waiting.length ?? 0 };
  }
}
