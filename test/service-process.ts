import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** The package root, the working directory of the processes tests start. */
export const ROOT = path.resolve(import.meta.dirname, '..');

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

/** Waits until the process on `port` answers /readyz (up to a minute, for loaded machines). */
export async function waitReady(port: number, child: ChildProcess): Promise<void> {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready');
}
