/** The report of the benchmark suite (bench/run.ts): one Markdown table of every row, headed by the machine. */
import os from 'node:os';
import { CONNECTIONS, DURATION } from './load-driver.js';

export interface Row {
  scenario: string;
  rps?: number | undefined;
  p50?: number | undefined;
  p99?: number | undefined;
  ratio?: string | undefined;
  target?: string | undefined;
  note?: string | undefined;
}

/** Prints the table of `rows`, measured on `dbKind`. */
export function printReport(rows: Row[], dbKind: string): void {
  const cpu = os.cpus();
  console.log(`\nSwitchboard benchmark — ${new Date().toISOString().slice(0, 10)}`);
  console.log(
    `machine: ${cpu.length} × ${cpu[0]?.model.trim()}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.release()}, Node ${process.version}`,
  );
  console.log(
    `database: ${dbKind}; load: autocannon, ${CONNECTIONS} connections, ${DURATION} s, from a separate process on the same machine\n`,
  );
  console.log('| scenario | req/s | p50 ms | p99 ms | ratio | target |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) {
    const first = r.rps !== undefined ? `${Math.round(r.rps)}${r.note ? ` (${r.note})` : ''}` : (r.note ?? '');
    console.log(`| ${r.scenario} | ${first} | ${r.p50 ?? ''} | ${r.p99 ?? ''} | ${r.ratio ?? ''} | ${r.target ?? ''} |`);
  }
}
