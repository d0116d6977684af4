/**
 * The open-loop offered-rate ladder of the suite (issue #11), run inside a load generator process.
 *
 * A step offers `rate` operations a second for `seconds`: operation n is due at start + n/rate and
 * goes out then whatever earlier ones are doing, and its latency counts from that due instant, so a
 * slow server shows as latency instead of quietly lowering the offered rate (no coordinated
 * omission). An operation is "delivered" when its recipient's socket gets it (or, for a plain HTTP
 * target, when its answer arrives). A step passes when every operation was delivered once with
 * p99 < 100 ms; the ladder climbs a 1-2-5 series until a step clearly fails, then bisects between
 * the highest pass and the lowest failure, and calls the highest pass "sustained".
 */
import { randomUUID } from 'node:crypto';
import { cpuSnapshot, databaseMsBetween, machineCpu, serverCpuMs } from './loadgen';

export const P99_LIMIT_MS = 100;
/**
 * CPU (% of one core) that neither the server, the generator nor PostgreSQL/Redis used during a
 * step: above this something else ran beside the step (tests, a build, another bench), and the
 * step is measured again once the machine is quiet (at most twice).
 */
export const DISTURBED_PCT = 15;
/** Offered rates the ladder climbs: 1,000 is on it, for "p50/p99 at 1,000/s". */
export const SERIES = [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000];

export type Target = {
  /** Sends operation `id` now; resolves true when the sender's side was accepted (HTTP 201, or an emit). */
  send: (id: string, n: number) => Promise<boolean>;
  /** 'answer': the sender's answer is the delivery (a plain HTTP route); 'socket': call `delivered(id)` from the recipient's socket. */
  delivery: 'answer' | 'socket';
};

export type StepResult = {
  offered: number;
  seconds: number;
  warmUp: boolean;
  sent: number;
  /** Sender's side not accepted (HTTP status other than expected, or an error). */
  failed: number;
  /** Not sent: the generator's own bound on operations in flight was reached. */
  dropped: number;
  delivered: number;
  /** Accepted but not delivered within the step's grace period. */
  undelivered: number;
  duplicates: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** How late the generator itself sent (p99, ms): if this is large, the generator was the limit. */
  sendLagP99: number;
  serverCpuMsPerOp: number;
  /** CPU of the PostgreSQL and Redis processes per operation (null with PGlite or without /proc). */
  databaseCpuMsPerOp: number | null;
  /** Share of one core each used during the step, and the whole machine's busy share (all cores). */
  serverCpuPct: number;
  generatorCpuPct: number;
  /** PostgreSQL and Redis processes (PGlite is inside the server). */
  databaseCpuPct: number | null;
  /** Everything else on the machine: should be near 0 for the step to count. */
  otherCpuPct: number | null;
  machineBusyPct: number | null;
  /** Times this step was measured again because something else ran beside it. */
  retries: number;
  pass: boolean;
};

export type LadderResult = {
  /** CPU (% of a core) with everyone connected and nothing sent, over 3 s before the warm-up. */
  idle: { serverCpuPct: number; databaseCpuPct: number | null };
  steps: StepResult[];
  sustained: number | null;
  at1000: StepResult | null;
  /** The ladder stopped because requests stayed unanswered 30 s after a step. */
  swamped: boolean;
  /** Operations delivered after their step's grace period (counted as undelivered in their step). */
  lateDeliveries: number;
  /** Accepted operations never delivered at all by the end of the ladder. */
  neverDelivered: number;
  /** Operations sent, warm-up included, and how many of them the sender's side accepted. */
  operations: number;
  accepted: number;
  /** With `keepIds`: ids of every operation the sender's side accepted, for the server's checks afterwards. */
  acceptedIds: string[];
  /** With `keepIds`: ids sent whose acceptance failed (they may or may not be stored; never twice). */
  failedIds: string[];
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

type Op = { due: number; accepted?: boolean; deliveredAt?: number; step: StepState };
type StepState = {
  ops: Map<string, Op>;
  pendingAnswers: number;
  pendingDeliveries: number;
  duplicates: number;
  late: number;
  closed: boolean;
};

/** Tracks operations across the steps of one ladder, so deliveries arriving late are still attributed. */
export class Ladder {
  private readonly all = new Map<string, Op>();
  private readonly steps: StepState[] = [];
  private n = 0;
  private readonly maxInFlight: number;
  private readonly graceMs: number;

  constructor(
    private readonly target: Target,
    opts: { maxInFlight?: number; graceSeconds?: number } = {},
  ) {
    this.maxInFlight = opts.maxInFlight ?? 20_000;
    this.graceMs = (opts.graceSeconds ?? 5) * 1000;
  }

  /** The recipient's socket got operation `id`. */
  delivered(id: string) {
    const op = this.all.get(id);
    if (!op) return;
    if (op.deliveredAt !== undefined) {
      op.step.duplicates++;
      return;
    }
    op.deliveredAt = performance.now();
    op.step.pendingDeliveries--;
    if (op.step.closed) op.step.late++;
  }

  /** Operations whose answer is awaited, and deliveries awaited within their step's grace period. */
  private inFlight() {
    let n = 0;
    for (const s of this.steps) n += s.pendingAnswers + (s.closed ? 0 : s.pendingDeliveries);
    return n;
  }

  /**
   * Before a step: waits until every earlier request has been answered (at most `seconds`) and
   * stragglers of deliveries had a few seconds more, so a step never measures the previous one's
   * backlog. Answers false when requests are still unanswered: the server is swamped.
   */
  async drain(seconds = 30) {
    const deadline = performance.now() + seconds * 1000;
    const answers = () => this.steps.reduce((n, s) => n + s.pendingAnswers, 0);
    const deliveries = () => this.steps.reduce((n, s) => n + s.pendingDeliveries, 0);
    while (answers() > 0 && performance.now() < deadline) await sleep(20);
    const stragglers = Math.min(deadline, performance.now() + 5000);
    while (deliveries() > 0 && performance.now() < stragglers) await sleep(20);
    return answers() === 0;
  }

  /** Waits (at most `seconds`) until nothing but the server, this generator and the databases uses the CPU. */
  async quiet(seconds: number) {
    const deadline = performance.now() + seconds * 1000;
    for (;;) {
      const server0 = await serverCpuMs();
      const split0 = cpuSnapshot();
      const mine0 = process.cpuUsage();
      const wall0 = performance.now();
      await sleep(1000);
      const server1 = await serverCpuMs();
      const split1 = cpuSnapshot();
      const mine = process.cpuUsage(mine0);
      if (!split0 || !split1) return;
      const others =
        split1.machineBusyMs -
        split0.machineBusyMs -
        (server1 - server0) -
        (mine.user + mine.system) / 1000 -
        databaseMsBetween(split0, split1);
      const pct = (100 * others) / (performance.now() - wall0);
      if (pct < DISTURBED_PCT / 2 || performance.now() > deadline) return;
    }
  }

  /** The server's and the databases' CPU while nothing is offered (sockets' pings, timers, pollers). */
  async idle(seconds: number) {
    const cpu0 = await serverCpuMs();
    const split0 = cpuSnapshot();
    const wall0 = performance.now();
    await sleep(seconds * 1000);
    const cpu1 = await serverCpuMs();
    const split1 = cpuSnapshot();
    const wallMs = performance.now() - wall0;
    return {
      serverCpuPct: (100 * (cpu1 - cpu0)) / wallMs,
      databaseCpuPct: split0 && split1 ? (100 * databaseMsBetween(split0, split1)) / wallMs : null,
    };
  }

  async step(rate: number, seconds: number, warmUp = false): Promise<StepResult> {
    const state: StepState = { ops: new Map(), pendingAnswers: 0, pendingDeliveries: 0, duplicates: 0, late: 0, closed: false };
    this.steps.push(state);
    const cpu0 = await serverCpuMs();
    const machine0 = machineCpu();
    const split0 = cpuSnapshot();
    const mine0 = process.cpuUsage();
    const wall0 = performance.now();

    const total = Math.round(rate * seconds);
    const interval = 1000 / rate;
    const start = performance.now() + 2;
    const sendLags: number[] = [];
    let dropped = 0;
    let i = 0;
    while (i < total) {
      const now = performance.now();
      while (i < total && start + i * interval <= now) {
        const due = start + i * interval;
        i++;
        if (this.inFlight() >= this.maxInFlight) {
          dropped++;
          continue;
        }
        const id = randomUUID();
        const op: Op = { due, step: state };
        this.all.set(id, op);
        state.ops.set(id, op);
        state.pendingAnswers++;
        if (this.target.delivery === 'socket') state.pendingDeliveries++;
        sendLags.push(now - due);
        const answered = (ok: boolean) => {
          op.accepted = ok;
          state.pendingAnswers--;
          if (this.target.delivery === 'answer') {
            if (ok) op.deliveredAt = performance.now();
          } else if (!ok && op.deliveredAt === undefined) state.pendingDeliveries--;
        };
        this.target.send(id, this.n++).then(answered, () => answered(false));
      }
      if (i < total) await sleep(Math.max(0, Math.min(start + i * interval - performance.now(), 5)));
    }
    const lastDue = start + (total - 1) * interval;
    while (state.pendingAnswers + state.pendingDeliveries > 0 && performance.now() < lastDue + this.graceMs) await sleep(10);
    state.closed = true;

    const wallMs = performance.now() - wall0;
    const cpu1 = await serverCpuMs();
    const machine1 = machineCpu();
    const split1 = cpuSnapshot();
    const mine = process.cpuUsage(mine0);
    const mineMs = (mine.user + mine.system) / 1000;

    const latencies: number[] = [];
    let failed = 0;
    let undelivered = 0;
    for (const op of state.ops.values()) {
      if (op.accepted === false) failed++;
      else if (op.deliveredAt === undefined) undelivered++;
      else latencies.push(op.deliveredAt - op.due);
    }
    latencies.sort((a, b) => a - b);
    sendLags.sort((a, b) => a - b);
    const delivered = latencies.length;
    const serverCpu = cpu1 - cpu0;
    const p99 = percentile(latencies, 99);
    return {
      offered: rate,
      seconds,
      warmUp,
      sent: state.ops.size,
      failed,
      dropped,
      delivered,
      undelivered,
      duplicates: state.duplicates,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      p99,
      max: latencies.at(-1) ?? NaN,
      sendLagP99: percentile(sendLags, 99),
      serverCpuMsPerOp: delivered > 0 ? serverCpu / delivered : NaN,
      databaseCpuMsPerOp: split0 && split1 && delivered > 0 ? databaseMsBetween(split0, split1) / delivered : null,
      serverCpuPct: (100 * serverCpu) / wallMs,
      generatorCpuPct: (100 * mineMs) / wallMs,
      databaseCpuPct: split0 && split1 ? (100 * databaseMsBetween(split0, split1)) / wallMs : null,
      otherCpuPct:
        split0 && split1
          ? (100 * Math.max(0, split1.machineBusyMs - split0.machineBusyMs - serverCpu - mineMs - databaseMsBetween(split0, split1))) /
            wallMs
          : null,
      machineBusyPct: machine0 && machine1 ? (100 * (machine1.busy - machine0.busy)) / (machine1.total - machine0.total) : null,
      retries: 0,
      pass: failed === 0 && dropped === 0 && undelivered === 0 && state.duplicates === 0 && delivered > 0 && p99 < P99_LIMIT_MS,
    };
  }

  /**
   * Warm-up, then climbs SERIES from `startAt` until a step clearly fails (p99 over 1 s, more than
   * 1 % not delivered, the generator itself 50 ms late, or two failures in a row), then bisects `refine` times between the highest
   * pass and the lowest failure above it. If the first step fails it walks down instead.
   */
  async climb(opts: {
    startAt: number;
    stepSeconds: number;
    warmUp?: { rate: number; seconds: number };
    refine?: number;
    maxRate?: number;
    keepIds?: boolean;
    log?: (s: StepResult) => void;
  }): Promise<LadderResult> {
    const log = opts.log ?? (() => {});
    const steps: StepResult[] = [];
    let swamped = false;
    const run = async (rate: number) => {
      if (!(await this.drain())) {
        // Requests of the previous step still unanswered after 30 s: measuring on would measure that backlog.
        swamped = true;
        return null;
      }
      let s = await this.step(rate, opts.stepSeconds);
      for (let retry = 1; retry <= 2 && (s.otherCpuPct ?? 0) > DISTURBED_PCT; retry++) {
        log(s);
        console.log(`  something else used ${s.otherCpuPct!.toFixed(0)} % of a core beside that step: measuring it again once quiet`);
        await this.quiet(60);
        if (!(await this.drain())) break;
        s = { ...(await this.step(rate, opts.stepSeconds)), retries: retry };
      }
      steps.push(s);
      log(s);
      return s;
    };
    await this.quiet(60);
    const idle = await this.idle(3);
    console.log(`idle for 3 s: server ${idle.serverCpuPct.toFixed(0)} % of a core, databases ${idle.databaseCpuPct?.toFixed(0) ?? '–'} %`);
    if (opts.warmUp) {
      const w = await this.step(opts.warmUp.rate, opts.warmUp.seconds, true);
      log(w);
    }
    // Past any of these, higher rates only measure the backlog (or the generator's own limit).
    const clearlyFails = (s: StepResult) =>
      s.p99 > 1000 ||
      s.failed + s.dropped + s.undelivered > 0.01 * Math.round(s.offered * s.seconds) ||
      s.delivered === 0 ||
      s.sendLagP99 > 50;
    const series = SERIES.filter((r) => r <= (opts.maxRate ?? Infinity));
    let at = Math.max(0, series.indexOf(opts.startAt));
    let first = await run(series[at]!);
    if (first && !first.pass) {
      while (first && !first.pass && at > 0) first = await run(series[--at]!);
    } else if (first) {
      let failuresInARow = 0;
      while (at + 1 < series.length) {
        const s = await run(series[++at]!);
        if (!s) break;
        failuresInARow = s.pass ? 0 : failuresInARow + 1;
        if (clearlyFails(s) || failuresInARow >= 2) break;
      }
    }
    for (let k = 0; k < (opts.refine ?? 2) && !swamped; k++) {
      const passes = steps.filter((s) => s.pass).map((s) => s.offered);
      const best = passes.length > 0 ? Math.max(...passes) : null;
      const above = steps.filter((s) => !s.pass && (best === null || s.offered > best)).map((s) => s.offered);
      if (best === null || above.length === 0) break;
      const worst = Math.min(...above);
      const middle = Number(Math.sqrt(best * worst).toPrecision(2));
      if (middle <= best || middle >= worst) break;
      await run(middle);
    }
    await this.drain();
    const passes = steps.filter((s) => s.pass).map((s) => s.offered);
    let late = 0;
    let never = 0;
    const acceptedIds: string[] = [];
    const failedIds: string[] = [];
    let accepted = 0;
    for (const [id, op] of this.all) {
      if (op.accepted) accepted++;
      if (opts.keepIds) (op.accepted ? acceptedIds : failedIds).push(id);
      if (op.accepted && op.deliveredAt === undefined) never++;
    }
    for (const s of this.steps) late += s.late;
    return {
      idle,
      steps,
      sustained: passes.length > 0 ? Math.max(...passes) : null,
      swamped,
      at1000: steps.find((s) => s.offered === 1000) ?? null,
      lateDeliveries: late,
      neverDelivered: never,
      operations: this.all.size,
      accepted,
      acceptedIds,
      failedIds,
    };
  }
}

/** A latency for a table: one decimal under 10 ms, whole milliseconds above. */
export const ms = (v: number) => (Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(1) : v.toFixed(0));
const pct = (v: number | null) => (v === null ? '–' : `${v.toFixed(0)} %`);
const num = (v: number | null) => (v === null ? '–' : v.toFixed(0));

/** The ladder as a markdown table, one line per step (the warm-up left out). */
export function ladderTable(result: LadderResult): string {
  const rows = [...result.steps].sort((a, b) => a.offered - b.offered);
  return [
    '| offered /s | sent | delivered | failed / dropped / not delivered / twice | p50 / p99 / max ms | server CPU per op | CPU % of a core: server / generator / databases / other | generator lag p99 | pass |',
    '| ---: | ---: | ---: | --- | --- | ---: | --- | ---: | :---: |',
    ...rows.map(
      (s) =>
        `| ${s.offered.toLocaleString('en-US')} | ${s.sent.toLocaleString('en-US')} | ${s.delivered.toLocaleString('en-US')} | ` +
        `${s.failed} / ${s.dropped} / ${s.undelivered} / ${s.duplicates} | ${ms(s.p50)} / ${ms(s.p99)} / ${ms(s.max)} | ` +
        `${Number.isNaN(s.serverCpuMsPerOp) ? '–' : `${s.serverCpuMsPerOp.toFixed(2)} ms`} | ` +
        `${num(s.serverCpuPct)} / ${num(s.generatorCpuPct)} / ${num(s.databaseCpuPct)} / ${num(s.otherCpuPct)}${s.retries > 0 ? ` (measured ${s.retries + 1}×)` : ''} | ` +
        `${ms(s.sendLagP99)} ms | ${s.pass ? 'yes' : 'no'} |`,
    ),
  ].join('\n');
}

/** "server 14 % of a core, databases 3 %" while idle. */
export function idleCell(result: LadderResult, databasesApart = true): string {
  const { serverCpuPct, databaseCpuPct } = result.idle;
  return `server ${serverCpuPct.toFixed(0)} % of a core${databasesApart && databaseCpuPct !== null ? `, PostgreSQL + Redis ${databaseCpuPct.toFixed(0)} %` : ''}`;
}

/** One console line per step while the ladder runs. */
export function logStep(label: string) {
  return (s: StepResult) =>
    console.log(
      `${label} ${s.warmUp ? 'warm-up ' : ''}${String(s.offered).padStart(6)}/s: sent ${s.sent}, delivered ${s.delivered}, ` +
        `failed ${s.failed}, dropped ${s.dropped}, not delivered ${s.undelivered}, twice ${s.duplicates}; ` +
        `p50 ${ms(s.p50)} p99 ${ms(s.p99)} max ${ms(s.max)} ms; server ${s.serverCpuMsPerOp.toFixed(2)} ms/op ${pct(s.serverCpuPct)}, ` +
        `generator ${pct(s.generatorCpuPct)}, databases ${pct(s.databaseCpuPct)}, other ${pct(s.otherCpuPct)}, machine ${pct(s.machineBusyPct)}, ` +
        `lag p99 ${ms(s.sendLagP99)} ms → ${s.pass ? 'pass' : 'FAIL'}`,
    );
}

/** "p50 / p99 ms" at 1,000/s, or why there is none. */
export function at1000Cell(result: LadderResult): string {
  const s = result.at1000;
  if (!s) return 'not reached';
  const lost = s.failed + s.dropped + s.undelivered;
  return `${ms(s.p50)} / ${ms(s.p99)} ms${lost > 0 ? ` (${lost.toLocaleString('en-US')} not delivered)` : ''}`;
}

/**
 * Server CPU per operation at the sustained rate (or the lowest step if none passed), with the
 * PostgreSQL and Redis processes' when they do the database's work (not with PGlite, which is inside the server).
 */
export function cpuAtSustained(result: LadderResult, databasesApart = true): string {
  const s = result.steps.find((x) => x.offered === result.sustained) ?? [...result.steps].sort((a, b) => a.offered - b.offered)[0];
  if (!s || Number.isNaN(s.serverCpuMsPerOp)) return '–';
  const db =
    databasesApart && s.databaseCpuMsPerOp !== null && s.databaseCpuMsPerOp > 0.005
      ? ` (+ ${s.databaseCpuMsPerOp.toFixed(2)} ms databases)`
      : '';
  return `${s.serverCpuMsPerOp.toFixed(2)} ms${db}`;
}
