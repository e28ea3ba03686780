import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A helper server run as its own process (test/fixtures/*.mjs): it prints {"port"} first, then JSON lines. */
export class FixtureProcess {
  readonly lines: Array<Record<string, unknown>> = [];
  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {}

  static async start(script: string, timeoutMs = 15_000): Promise<FixtureProcess> {
    const child = spawn(process.execPath, [path.join(here, 'fixtures', script)], { stdio: ['ignore', 'pipe', 'inherit'] });
    const rl = createInterface({ input: child.stdout });
    let fixture: FixtureProcess | null = null;
    const pending: Array<Record<string, unknown>> = [];
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${script} did not start`)), timeoutMs);
      child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
      rl.on('line', (line) => {
        let parsed: Record<string, unknown>;
        try {
          parsed = JSON.parse(line) as Record<string, unknown>;
        } catch {
          return;
        }
        if (!fixture && typeof parsed.port === 'number') {
          clearTimeout(timer);
          fixture = new FixtureProcess(child, parsed.port);
          fixture.lines.push(...pending);
          resolve(fixture);
        } else if (fixture) fixture.lines.push(parsed);
        else pending.push(parsed);
      });
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Polls (no fixed sleeps) until a printed line matches. */
  async waitForLine(match: (line: Record<string, unknown>) => boolean, timeoutMs = 10_000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error('no matching line from the fixture process');
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGTERM');
    await exited;
  }
}

export { freePort } from './service-process.js';
