/**
 * A load generator in its own process (the pattern of bench/calls/charge-load.ts): the server
 * process forks the generator script, hands it a plan, and answers its questions about the
 * server's own CPU while the generator runs the load; the generator answers with a report.
 * Keeping the generator out of the server's process means it never shares the server's event loop,
 * and the server's `process.cpuUsage()` measures the server alone.
 */
import { fork } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

type ToGenerator<P> = { type: 'plan'; plan: P } | { type: 'cpu'; seq: number; cpuMs: number };
type FromGenerator<R> = { type: 'report'; report: R } | { type: 'error'; error: string } | { type: 'cpu'; seq: number };

/**
 * The server's side: forks `script`, sends `plan`, answers CPU questions, resolves with the report.
 * `databaseName` names the server's PostgreSQL database, so the generator counts only its backends.
 */
export function runGenerator<P, R>(script: string, plan: P, opts: { databaseName?: string | undefined } = {}): Promise<R> {
  const env = { ...process.env, ...(opts.databaseName ? { BENCH_DATABASE_NAME: opts.databaseName } : {}) };
  const child = fork(script, [], { execArgv: ['--import', 'tsx'], env });
  return new Promise<R>((resolve, reject) => {
    let settled = false;
    child.on('message', (raw) => {
      const message = raw as FromGenerator<R>;
      if (message.type === 'cpu') {
        const used = process.cpuUsage();
        child.send({ type: 'cpu', seq: message.seq, cpuMs: (used.user + used.system) / 1000 } satisfies ToGenerator<P>);
      } else if (message.type === 'report') {
        settled = true;
        resolve(message.report);
      } else {
        settled = true;
        reject(new Error(`load generator failed: ${message.error}`));
      }
    });
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`load generator exited with ${code} before reporting`));
    });
    child.send({ type: 'plan', plan } satisfies ToGenerator<P>);
  });
}

let seq = 0;
const waiting = new Map<number, (cpuMs: number) => void>();

/** The generator's side: the server process's CPU time so far (user + system, ms). */
export function serverCpuMs(): Promise<number> {
  const mine = ++seq;
  return new Promise((resolve) => {
    waiting.set(mine, resolve);
    process.send!({ type: 'cpu', seq: mine } satisfies FromGenerator<never>);
  });
}

/** The generator's side: waits for the plan, runs `main`, sends the report (or the error) and exits. */
export function serveGenerator<P, R>(main: (plan: P) => Promise<R>) {
  process.on('message', (raw) => {
    const message = raw as ToGenerator<P>;
    if (message.type === 'cpu') {
      waiting.get(message.seq)?.(message.cpuMs);
      waiting.delete(message.seq);
      return;
    }
    main(message.plan).then(
      (report) => process.send!({ type: 'report', report } satisfies FromGenerator<R>, () => process.exit(0)),
      (error: unknown) =>
        process.send!({ type: 'error', error: String(error instanceof Error ? error.stack : error) } satisfies FromGenerator<R>, () =>
          process.exit(1),
        ),
    );
  });
}

/** Linux's clock tick for /proc times (USER_HZ, 100 on every usual kernel). */
const TICK_MS = 10;
const DATABASE_PROCESSES = new Set(['postgres', 'redis-server']);

/**
 * A PostgreSQL process counts for the step unless it is a backend of another database: the server
 * names its own in BENCH_DATABASE_NAME before forking the generator; the background processes
 * (WAL writer, checkpointer…) serve everyone and count.
 */
function oursOrShared(cmdline: string): boolean {
  const ours = process.env.BENCH_DATABASE_NAME;
  // A backend's title: "postgres: 15/main: <user> <database> <client> <state>".
  const words = cmdline.replace(/\0/g, ' ').trim().split(/\s+/);
  if (!ours || words[0] !== 'postgres:' || words.length < 6) return true;
  return words[3] === ours;
}

export type CpuSnapshot = { databaseMs: Map<number, number>; machineBusyMs: number };

/**
 * CPU time so far (ms, user + system) of each PostgreSQL and Redis process on this machine, and of
 * the whole machine (all cores, busy): with the server's and the generator's own, what is left is
 * what something else took (tests, builds, another bench), which makes a step's numbers unfit to keep.
 * Null where /proc is missing.
 */
export function cpuSnapshot(): CpuSnapshot | null {
  const machine = machineCpu();
  if (!machine) return null;
  const databaseMs = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (!DATABASE_PROCESSES.has(comm)) continue;
      if (comm === 'postgres' && !oursOrShared(readFileSync(`/proc/${entry}/cmdline`, 'utf8'))) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      databaseMs.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      /* the process ended meanwhile */
    }
  }
  return { databaseMs, machineBusyMs: machine.busy * TICK_MS };
}

/**
 * The databases' CPU between two snapshots. Per process, because backends come and go (other
 * connections, dropped test databases): one that ended in between is left out (its time then
 * shows as "other"), one that started counts from zero.
 */
export function databaseMsBetween(a: CpuSnapshot, b: CpuSnapshot): number {
  let ms = 0;
  for (const [pid, end] of b.databaseMs) ms += Math.max(0, end - (a.databaseMs.get(pid) ?? 0));
  return ms;
}

/** The whole machine's busy and total CPU time so far (jiffies, Linux /proc/stat), or null elsewhere. */
export function machineCpu(): { busy: number; total: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}
