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
 *
 * `concurrency` may be a function of the key, read each time a call arrives or ends: when it falls, calls already
 * running finish and no waiting one starts until fewer run than the new share; when it rises, the next call that
 * ends starts as many waiting ones as the new share allows.
 */
export class KeyedLimiter {
  private readonly keys = new Map<string, KeyState>();
  private readonly share: (key: string) => number;

  constructor(private readonly opts: { concurrency: number | ((key: string) => number); maxWaiting: number }) {
    const { concurrency } = opts;
    if (typeof concurrency === 'number' && !(concurrency >= 1)) throw new Error('concurrency must be at least 1');
    this.share = typeof concurrency === 'number' ? () => concurrency : (key) => Math.max(1, concurrency(key));
  }

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    let state = this.keys.get(key);
    if (!state) {
      state = { running: 0, waiting: [] };
      this.keys.set(key, state);
    }
    const share = this.share(key);
    this.startWaiting(state, share); // a share that rose since the last call ended: the waiting go first
    if (state.running < share && state.waiting.length === 0) state.running++;
    else {
      if (state.waiting.length >= this.opts.maxWaiting) throw new LimiterFullError(key);
      const s = state;
      await new Promise<void>((resolve) => s.waiting.push(resolve)); // woken with a slot (counted in `running`)
    }
    try {
      return await fn();
    } finally {
      state.running--;
      if (state.waiting.length > 0) this.startWaiting(state, this.share(key));
      else if (state.running === 0) this.keys.delete(key);
    }
  }

  /** Wakes waiting calls, in arrival order, while fewer than `share` run. */
  private startWaiting(state: KeyState, share: number): void {
    while (state.running < share && state.waiting.length > 0) {
      state.running++;
      state.waiting.shift()!();
    }
  }

  /** Calls running and waiting for a key (0 and 0 for one with none). */
  stats(key: string): { running: number; waiting: number } {
    const state = this.keys.get(key);
    return { running: state?.running ?? 0, waiting: state?.waiting.length ?? 0 };
  }
}
