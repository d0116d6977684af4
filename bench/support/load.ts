/** A bounded load loop and its report, shared by the benchmarks. */
export type Result = { name: string; ok: number; failed: number; seconds: number; latencies: number[] };

/** Runs `count` calls of `one` with `concurrency` in flight; each answers whether it succeeded. */
export async function run(name: string, count: number, concurrency: number, one: (i: number) => Promise<boolean>): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  let ok = 0;
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t = performance.now();
        if (await one(i)) ok++;
        else failed++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { name, ok, failed, seconds: (performance.now() - started) / 1000, latencies };
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

export function report(r: Result, latencies: number[] = r.latencies, label = r.name) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => percentile(sorted, p).toFixed(1);
  console.log(
    `${label.padEnd(30)} ${String(r.ok).padStart(6)} ok ${String(r.failed).padStart(4)} failed  ${(r.ok / r.seconds).toFixed(0).padStart(6)} /s  p50 ${at(50)} ms  p95 ${at(95)} ms  p99 ${at(99)} ms`,
  );
}

export const rssMb = () => (process.memoryUsage().rss / 1048576).toFixed(0);
