/**
 * What else ran beside a measurement. The ladder steps (bench/support/ladder.ts) tell their own CPU
 * from the databases' and from everything else and measure a step again when something else took
 * over 15 % of a core; the start-up and browser benchmarks measure single loads, which need the same
 * care: on this 2-core machine a test run beside a start-up moves it by a second (bench/RESULTS.md).
 * Here "ours" is this process and every process under it (the spawned server, Chromium), plus the
 * PostgreSQL and Redis processes (bench/support/loadgen.ts `cpuSnapshot`); "other" is the rest of
 * the machine's busy time. A process of ours that ended in between counts as other, which errs on
 * the side of measuring again. Linux only (/proc); elsewhere nothing is known and nothing is retried.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpuSnapshot, databaseMsBetween, machineCpu, type CpuSnapshot } from '../support/loadgen';

const TICK_MS = 10;
export const OTHER_LIMIT_PCT = 15;

type Snapshot = { at: number; ours: number; shared: CpuSnapshot };

/** CPU time (ms) of this process and all its descendants. */
function ourTreeMs(): number {
  const parents = new Map<number, number>();
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
      cpu.set(Number(entry), (Number(fields[11]) + Number(fields[12])) * TICK_MS);
    } catch {
      /* the process ended meanwhile */
    }
  }
  let ms = 0;
  for (const [pid, used] of cpu) {
    for (let p: number | undefined = pid, depth = 0; p && depth < 20; p = parents.get(p), depth++) {
      if (p === process.pid) {
        ms += used;
        break;
      }
    }
  }
  return ms;
}

export function snapshot(): Snapshot | null {
  const shared = cpuSnapshot();
  if (!shared) return null;
  return { at: performance.now(), ours: ourTreeMs(), shared };
}

/** Share of one core (%) that processes other than ours and the databases used between two snapshots. */
export function otherPct(a: Snapshot | null, b: Snapshot | null): number | null {
  if (!a || !b) return null;
  const busy = b.shared.machineBusyMs - a.shared.machineBusyMs;
  const other = busy - (b.ours - a.ours) - databaseMsBetween(a.shared, b.shared);
  return Math.max(0, (100 * other) / Math.max(1, b.at - a.at));
}

/** Waits (at most `maxSeconds`) until the whole machine is at most 15 % busy over a second. */
export async function quiet(maxSeconds = 30): Promise<void> {
  const deadline = performance.now() + maxSeconds * 1000;
  while (performance.now() < deadline) {
    const a = machineCpu();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const b = machineCpu();
    if (!a || !b || (100 * (b.busy - a.busy)) / Math.max(1, b.total - a.total) <= OTHER_LIMIT_PCT) return;
  }
}
