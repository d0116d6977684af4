/**
 * V8 CPU profiles of the server process in a benchmark (BENCH_CPU_PROF=file.cpuprofile): open the
 * file in Chrome DevTools; the top functions by self time are printed to the log.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

export type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[] | undefined;
  timeDeltas?: number[] | undefined;
};

/** The 15 functions with the most self time in a V8 CPU profile, as shares of all samples. */
export function printTopSelfTime(profile: CpuProfile) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  let total = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const frame = byNode.get(id)!;
    const where = frame.url
      ? `${frame.url.replace(/^file:\/\/.*?\/node_modules\//, '').replace(/^file:\/\/.*?\/apps\//, 'apps/')}:${frame.lineNumber + 1}`
      : '';
    const key = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    const dt = profile.timeDeltas?.[i] ?? 0;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  console.log(`\nserver CPU profile (${(total / 1e6).toFixed(1)} s sampled), top 15 by self time:`);
  for (const [key, us] of [...self].sort(([, a], [, b]) => b - a).slice(0, 15))
    console.log(`  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
  console.log('by package:');
  for (const [key, us] of [...selfByPackage(profile)].sort(([, a], [, b]) => b - a).slice(0, 12))
    console.log(`  ${((us / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

/** Self time per npm package (the app's own code, Node's, and native/idle/GC each as one). */
function selfByPackage(profile: CpuProfile) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  (profile.samples ?? []).forEach((id, i) => {
    const { url, functionName } = byNode.get(id)!;
    const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    const key =
      inModules ??
      (url.includes('/apps/') || url.includes('/packages/') ? 'the app' : url.startsWith('node:') ? 'Node' : functionName || 'native');
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas?.[i] ?? 0));
  });
  return self;
}

/** Starts profiling this process when BENCH_CPU_PROF names a file; `stop` writes it and prints the top. */
export async function profileIfAsked(): Promise<{ stop(): Promise<void> }> {
  const file = process.env.BENCH_CPU_PROF;
  if (!file) return { stop: async () => undefined };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      printTopSelfTime(profile);
      session.disconnect();
    },
  };
}
