/**
 * Preloaded into each cluster node by bench/cluster/soak.bench.ts (NODE_OPTIONS=--import <this>),
 * so that the soak can read the node's V8 heap without the server exposing it: every
 * BENCH_HEAP_PROBE_MS (default 10 s) it appends the process's memoryUsage() as one JSON line to
 * <BENCH_HEAP_PROBE_DIR>/heap-<pid>.jsonl. RSS is read from /proc by the bench itself; this adds
 * what only the process can tell. The timer is unref'd: it never keeps a node alive.
 *
 * With --expose-gc (the soak passes it) each reading is also taken right after a full collection
 * (`heapAfterGc`): heap used between collections swings with the collector's timing, so only the
 * live heap says whether memory is flat or growing.
 */
import { appendFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.env.BENCH_HEAP_PROBE_DIR;
if (dir) {
  const file = path.join(dir, `heap-${process.pid}.jsonl`);
  const write = () => {
    const m = process.memoryUsage();
    let heapAfterGc;
    if (typeof globalThis.gc === 'function') {
      globalThis.gc();
      heapAfterGc = process.memoryUsage().heapUsed;
    }
    appendFileSync(
      file,
      `${JSON.stringify({ t: Date.now(), rss: m.rss, heapUsed: m.heapUsed, heapAfterGc, heapTotal: m.heapTotal, external: m.external })}\n`,
    );
  };
  setInterval(write, Number(process.env.BENCH_HEAP_PROBE_MS ?? 10_000)).unref();
  write();
}
