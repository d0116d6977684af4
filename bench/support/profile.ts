/**
 * V8 CPU profiles of the server process in a benchmark (BENCH_CPU_PROF=file.cpuprofile): open the
 * file in Chrome DevTools; the top functions by self time are printed to the log.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

type CpuProfile = {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[] | undefined;
  timeDeltas?: number[] | undefined;
};

/** Self time summed by `keyOf` each sample's function, and the total sampled (µs). */
function selfTimes(profile: CpuProfile, keyOf: (frame: CpuProfile['nodes'][number]['callFrame']) => string) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const self = new Map<string, number>();
  let total = 0;
  (profile.samples ?? []).forEach((id, i) => {
    const key = keyOf(byNode.get(id)!);
    const dt = profile.timeDeltas?.[i] ?? 0;
    self.set(key, (self.get(key) ?? 0) + dt);
    total += dt;
  });
  return { self, total };
}

const functionOf = ({ functionName, url, lineNumber }: CpuProfile['nodes'][number]['callFrame']) => {
  const where = url
    ? `${url.replace(/^file:\/\/.*?\/node_modules\//, '').replace(/^file:\/\/.*?\/apps\//, 'apps/')}:${lineNumber + 1}`
    : '';
  return `${functionName || '(anonymous)'} ${where}`.trim();
};

/** The npm package a function is in; the app's own code, Node's, other files, and idle/GC/native each as one. */
function packageOf({ functionName, url }: CpuProfile['nodes'][number]['callFrame']) {
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (inModules) return inModules;
  if (url.startsWith('node:')) return 'Node';
  if (url.startsWith('wasm:')) return 'wasm (PGlite)';
  if (url.includes('/apps/') || url.includes('/packages/')) return 'the app';
  if (url) return 'other files';
  return functionName || 'native';
}

/** The 15 functions and the 12 packages with the most self time in a V8 CPU profile, as shares of all samples. */
function printTopSelfTime(profile: CpuProfile) {
  const functions = selfTimes(profile, functionOf);
  console.log(`\nserver CPU profile (${(functions.total / 1e6).toFixed(1)} s sampled), top 15 by self time:`);
  for (const [key, us] of [...functions.self].sort(([, a], [, b]) => b - a).slice(0, 15))
    console.log(`  ${((us / functions.total) * 100).toFixed(1).padStart(5)} %  ${key}`);
  const packages = selfTimes(profile, packageOf);
  console.log('by package:');
  for (const [key, us] of [...packages.self].sort(([, a], [, b]) => b - a).slice(0, 12))
    console.log(`  ${((us / packages.total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

export type Profiling = { stop(): Promise<void> };

/**
 * Starts profiling this process when BENCH_CPU_PROF names a file; `stop` writes it and prints the
 * top. A `label` goes into the file's name, so two scenarios of one run keep a profile each.
 */
export async function profileIfAsked(label?: string): Promise<Profiling> {
  const asked = process.env.BENCH_CPU_PROF;
  if (!asked) return { stop: async () => undefined };
  const file = label ? asked.replace(/(\.cpuprofile)?$/, `-${label}$1`) : asked;
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
