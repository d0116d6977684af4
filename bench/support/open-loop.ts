/**
 * Open-loop load: requests start on a fixed schedule whatever the answers do, and each latency is
 * measured from the instant the request was due, not from when it went out, so a slow server shows
 * up as latency instead of quietly lowering the offered rate (coordinated omission).
 */
export type OpenLoopResult = { offered: number; seconds: number; ok: number; failed: number; dropped: number; latencies: number[] };

export async function openLoop(opts: {
  ratePerSecond: number;
  seconds: number;
  /** Requests allowed in flight before new ones are counted as dropped (a bound on the generator itself). */
  maxInFlight?: number;
  one: (i: number) => Promise<boolean>;
}): Promise<OpenLoopResult> {
  const total = Math.round(opts.ratePerSecond * opts.seconds);
  const interval = 1000 / opts.ratePerSecond;
  const maxInFlight = opts.maxInFlight ?? 1000;
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let dropped = 0;
  let inFlight = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if (inFlight >= maxInFlight) {
      dropped++;
      continue;
    }
    inFlight++;
    pending.push(
      opts
        .one(i)
        .then((success) => (success ? ok++ : failed++))
        .catch(() => failed++)
        .finally(() => {
          inFlight--;
          latencies.push(performance.now() - due);
        })
        .then(() => undefined),
    );
  }
  await Promise.all(pending);
  return { offered: opts.ratePerSecond, seconds: (performance.now() - started) / 1000, ok, failed, dropped, latencies };
}

export function percentiles(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return { p50: at(50), p95: at(95), p99: at(99), max: sorted.at(-1) ?? NaN };
}
