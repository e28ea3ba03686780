/**
 * Shared set-up of the outbound delivery tests (delivery*.test.ts): fast retry settings, and `deliveryWorld`, the
 * app with a receiver and a helper that enqueues a message in a transaction of its own.
 */
import { startApp, type TestApp } from '../../../test/harness.js';
import { Receiver } from '../../../test/receiver.js';

/** Short retry delays and polling so that retries and dead letters happen within a test. */
export const ENV = {
  SWITCHBOARD_EGRESS_ALLOW: '127.0.0.1',
  SWITCHBOARD_DELIVERY_RETRY_SCHEDULE: '0.05,0.05,0.05',
  SWITCHBOARD_DELIVERY_POLL_MS: '50',
  SWITCHBOARD_DELIVERY_TIMEOUT_MS: '2000',
};

/** `start` and `close` belong in the test file's before and after hooks; `t` and `rx` are read after `start`. */
export function deliveryWorld() {
  let t: TestApp;
  let rx: Receiver;
  const start = async () => {
    t = await startApp(ENV);
    rx = await new Receiver().start();
  };
  const close = async () => {
    await t.close();
    await rx.close();
  };

  const svc = () => t.app.services.delivery;
  async function enqueue(
    orgId: string,
    body: unknown,
    opts: { path?: string; streamKey?: string; headers?: Record<string, string>; subjectId?: string; maxAttempts?: number } = {},
  ) {
    return t.db.orm.transaction((tx) =>
      svc().enqueue(tx, {
        orgId,
        producer: 'test',
        subjectId: opts.subjectId ?? null,
        streamKey: opts.streamKey ?? null,
        url: rx.url(opts.path ?? '/hook'),
        headers: opts.headers ?? {},
        body,
        ...(opts.maxAttempts ? { maxAttempts: opts.maxAttempts } : {}),
      }),
    );
  }

  return {
    start,
    close,
    svc,
    enqueue,
    get t() {
      return t;
    },
    get rx() {
      return rx;
    },
  };
}
