/**
 * Load and soak across two nodes (issue #13, Build 3): 2,000 signed-in sockets and a steady message
 * load for 5 minutes; nothing lost, memory flat, latencies written down (docs/architecture.md:
 * several server processes on one PostgreSQL and a shared Redis).
 *
 * This process only orchestrates and measures. First the machine's ceilings are measured in the same
 * run (bench/ceilings/ceilings.bench.ts as a child process, before the soak so they do not share the
 * CPU with it). Then a cluster: the server bundle twice behind HAProxy on a fresh database
 * (apps/server/src/test-support/cluster.ts), a preload in each node (bench/cluster/heap-probe.mjs)
 * writing its V8 heap to a file every 10 s, before and after a full collection. BENCH_SOCKETS / 2
 * pairs of members, each pair with a conversation; the load generators (bench/cluster/soak-load.ts,
 * own processes) put each pair's sender on one node and recipient on the other, directly (so every
 * message crosses nodes through Redis), and send BENCH_SOAK_RATE free messages per second in all (POST /api/messages, as the web
 * client sends) on an open-loop schedule for BENCH_SOAK_SECONDS.
 *
 * Every message is tracked by client id: sent, answered 201, stored (rows counted afterwards),
 * delivered to the recipient's socket once, twice or never. Delivery latency (from the instant the
 * send was due) per minute, and the slowest deliveries; each node's RSS (/proc/<pid>/status VmRSS)
 * and heap every 10 s, first minute against last, and the live heap's trend after the first minute
 * (memory flat or growing); each node's CPU and warnings; the generators' event-loop delay; the load
 * average and the machine's busy share over the run.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npm run bench:soak
 *   BENCH_SOAK_SECONDS=30 BENCH_SOCKETS=200 …   # a quick look
 *   BENCH_SOAK_RATE=20 (msg/s, all generators together)  BENCH_GENERATORS=2  BENCH_SOAK_CEILINGS=0 (skip ceilings)
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { messages, users } from '../../apps/server/src/db/schema';
import { startCluster, type Cluster } from '../../apps/server/src/test-support/cluster';
import { TEST_PASSWORD } from '../../apps/server/src/test-support/factories';
import type { TestApp } from '../../apps/server/src/test-support/harness';
import { hashPassword } from '../../apps/server/src/platform/passwords';
import { machineCpu } from '../support/loadgen';
import { percentiles } from '../support/open-loop';
import { databaseLabel, readValue, runLabel, sectionName, writeSection } from '../support/results';
import { softwareVersions } from '../support/versions';
import type { FromSoak, SoakConnected, SoakMinute, SoakPair, SoakReport, SoakSlow, ToSoak } from './soak-load';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 2000);
const PAIRS = Math.floor(SOCKETS / 2);
const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const RATE = Number(process.env.BENCH_SOAK_RATE ?? 20);
const GENERATORS = Number(process.env.BENCH_GENERATORS ?? 2);
const SAMPLE_MS = 10_000;
const GRACE_SECONDS = 15;
const WITH_CEILINGS = process.env.BENCH_SOAK_CEILINGS !== '0';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => (Number.isFinite(bytes) ? (bytes / 1048576).toFixed(0) : '–');
const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(0) : '–');
const n = (v: number) => v.toLocaleString('en-US');

/**
 * The warnings and errors a node logged (LOG_LEVEL=warn), less the start-up's notice that it created
 * the first administrator (the fresh database has none): what an operator would have to look at.
 */
function warnings(output: string): string[] {
  return output.split('\n').filter((line) => {
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string };
      return (entry.level ?? 0) >= 40 && !entry.msg?.startsWith('first administrator created');
    } catch {
      // Plain text is not the logger's: a crash's stack counts, the frame around the first
      // administrator's password does not.
      return line.trim() !== '' && !/^[+|]/.test(line);
    }
  });
}

const average = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

/** The machine's ceilings, measured now into this run's block (their own section), as bench/run.ts would. */
async function measureCeilings(): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '..', 'ceilings', 'ceilings.bench.ts')], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_RUN: runLabel(), BENCH_STEP_SECONDS: process.env.BENCH_CEILING_STEP_SECONDS ?? '5' },
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) console.warn(`ceilings exited with ${code}: the soak goes on without them`);
}

async function inBatches<T, R>(items: T[], size: number, work: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map((x, k) => work(x, i + k)))));
  return out;
}

/** 2 × PAIRS members straight into the table (one password hash), each with a session, and a conversation per pair. */
async function makePairs(app: TestApp): Promise<SoakPair[]> {
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const ids: string[] = [];
  for (let from = 0; from < 2 * PAIRS; from += 500) {
    const rows = Array.from({ length: Math.min(500, 2 * PAIRS - from) }, () => {
      const suffix = randomBytes(5).toString('hex');
      return {
        email: `soak-${suffix}@example.test`,
        username: `soak_${suffix}`,
        name: `Soak ${suffix}`,
        passwordHash,
        emailVerifiedAt: new Date(),
      };
    });
    ids.push(...(await app.ctx.db.insert(users).values(rows).returning({ id: users.id })).map((r) => r.id));
  }
  const tokens = await inBatches(ids, 20, async (id) => (await app.ctx.sessions.issue({ userId: id, keepLogin: true })).token);
  return inBatches(Array.from({ length: PAIRS }), 20, async (_, k) => {
    const [s, r] = [2 * k, 2 * k + 1];
    const res = await app.request('POST', '/api/conversation', { token: tokens[s], body: { userId: ids[r] } });
    if (res.status !== 201 && res.status !== 200) throw new Error(`conversation failed: ${res.status} ${JSON.stringify(res.body)}`);
    // Half the pairs send from node 0 to node 1, the other half the other way.
    return {
      senderToken: tokens[s]!,
      recipientToken: tokens[r]!,
      recipientId: ids[r]!,
      conversationId: res.body.data._id as string,
      senderNode: k % 2,
    };
  });
}

function ask(child: ChildProcess, message: ToSoak): Promise<FromSoak> {
  return new Promise((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`a load generator exited (${code})`));
    child.once('exit', exited);
    child.once('message', (answer: FromSoak) => {
      child.off('exit', exited);
      if (answer.type === 'error') reject(new Error(answer.error));
      else resolve(answer);
    });
    child.send(message);
  });
}

/** What the node's probe last wrote: heap used as it stood, and after a full collection (the live heap). */
type HeapReading = { heapUsed: number; heapAfterGc?: number };
type Sample = { t: number; rss: number[]; heap: (HeapReading | undefined)[] };

function vmRss(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const kb = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Number(kb) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

/** CPU time so far (ms) of one process, from /proc/<pid>/stat (USER_HZ 100). */
function processCpuMs(pid: number | undefined): number {
  if (!pid) return NaN;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

/** The newest reading the node's probe wrote (bench/cluster/heap-probe.mjs). */
function probedHeap(dir: string, pid: number | undefined): HeapReading | undefined {
  if (!pid) return undefined;
  try {
    const lines = readFileSync(path.join(dir, `heap-${pid}.jsonl`), 'utf8')
      .trim()
      .split('\n');
    return JSON.parse(lines.at(-1)!) as HeapReading;
  } catch {
    return undefined;
  }
}

/** Least-squares slope of y over x (y's unit per x's unit); NaN with fewer than two points. */
function slope(points: { x: number; y: number }[]): number {
  const usable = points.filter((p) => Number.isFinite(p.y));
  if (usable.length < 2) return NaN;
  const mx = average(usable.map((p) => p.x));
  const my = average(usable.map((p) => p.y));
  const cov = usable.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const varX = usable.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  return varX === 0 ? NaN : cov / varX;
}

function mergeMinutes(reports: SoakReport[]): SoakMinute[] {
  const out: SoakMinute[] = [];
  for (const r of reports)
    r.minutes.forEach((m, i) => {
      if (!m) return;
      const o = (out[i] ??= { sent: 0, accepted: 0, delivered: 0, latencies: [], answerLatencies: [] });
      o.sent += m.sent;
      o.accepted += m.accepted;
      o.delivered += m.delivered;
      o.latencies.push(...m.latencies);
      o.answerLatencies.push(...m.answerLatencies);
    });
  return out;
}

async function main() {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL)
    throw new Error('the soak needs DATABASE_URL and REDIS_URL (a cluster shares both)');
  const loadBefore = os.loadavg();
  if (WITH_CEILINGS) await measureCeilings();

  const probeDir = mkdtempSync(path.join(os.tmpdir(), 'cc-soak-heap-'));
  const cluster: Cluster = await startCluster({
    nodes: 2,
    proxy: 'haproxy',
    env: {
      // Every client comes from 127.0.0.1 straight to a node: no per-address cap, limits raised (docs/operations.md#limits).
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      RATE_LIMIT_SCALE: '100000',
      NODE_OPTIONS: `--expose-gc --import ${path.join(import.meta.dirname, 'heap-probe.mjs')}`,
      BENCH_HEAP_PROBE_DIR: probeDir,
      BENCH_HEAP_PROBE_MS: String(SAMPLE_MS),
    },
  });
  const generators: ChildProcess[] = [];
  try {
    const app = await cluster.app();
    const preparing = performance.now();
    const pairs = await makePairs(app);
    const prepSeconds = (performance.now() - preparing) / 1000;
    console.log(`${PAIRS} pairs (${2 * PAIRS} members, a session and a conversation each pair) made in ${prepSeconds.toFixed(1)} s`);

    for (let g = 0; g < GENERATORS; g++) {
      generators.push(fork(path.join(import.meta.dirname, 'soak-load.ts'), [], { execArgv: ['--import', 'tsx'] }));
    }
    await sleep(2000); // the generators load their modules
    const share = Math.ceil(PAIRS / GENERATORS);
    const nodeUrls = cluster.nodes.map((node) => node.url);
    const connecting = performance.now();
    const connected = (await Promise.all(
      generators.map((child, g) =>
        ask(child, { type: 'connect', nodeUrls, pairs: pairs.slice(g * share, (g + 1) * share), concurrency: 25 }),
      ),
    )) as SoakConnected[];
    const connectSeconds = (performance.now() - connecting) / 1000;
    const sockets = connected.reduce((s, c) => s + c.sockets, 0);
    console.log(`${sockets} sockets connected in ${connectSeconds.toFixed(1)} s; soak: ${RATE} msg/s for ${SECONDS} s`);
    await sleep(3000);

    // Memory every 10 s from the start of the load (the first sample is the baseline), CPU around it.
    const pids = cluster.nodes.map((node) => node.pid());
    const samples: Sample[] = [];
    const started = Date.now();
    const sample = () =>
      samples.push({ t: (Date.now() - started) / 1000, rss: pids.map(vmRss), heap: pids.map((pid) => probedHeap(probeDir, pid)) });
    sample();
    const sampler = setInterval(sample, SAMPLE_MS);
    const cpuBefore = pids.map(processCpuMs);
    const machineBefore = machineCpu();
    const loadAtStart = os.loadavg();
    const loadSamples: number[] = [];
    const loadSampler = setInterval(() => loadSamples.push(os.loadavg()[0]!), SAMPLE_MS);

    const reports = (await Promise.all(
      generators.map((child) =>
        ask(child, { type: 'run', ratePerSecond: RATE / GENERATORS, seconds: SECONDS, graceSeconds: GRACE_SECONDS }),
      ),
    )) as SoakReport[];
    clearInterval(sampler);
    clearInterval(loadSampler);
    sample();
    const runSeconds = (Date.now() - started) / 1000;
    const cpuAfter = pids.map(processCpuMs);
    const machineAfter = machineCpu();
    const loadAtEnd = os.loadavg();
    const alive = cluster.nodes.map((node) => node.alive());
    const nodeLogs = cluster.nodes.map((node) => warnings(node.output()));
    nodeLogs.forEach((lines, i) => lines.forEach((line) => console.log(`node ${i}: ${line}`)));

    // Stored: the rows for the accepted client ids, and every row of the soak's conversations.
    const acceptedIds = reports.flatMap((r) => r.acceptedIds);
    const [stored] = (
      (await app.ctx.db.execute(
        sql`select count(*)::int as n, count(distinct ${messages.clientId})::int as ids from ${messages}
            where ${messages.clientId} = any(string_to_array(${acceptedIds.join(',') || '00000000-0000-0000-0000-000000000000'}, ',')::uuid[])`,
      )) as unknown as { rows: { n: number; ids: number }[] }
    ).rows;
    const [allRows] = ((await app.ctx.db.execute(sql`select count(*)::int as n from ${messages}`)) as unknown as { rows: { n: number }[] })
      .rows;
    const versions = await softwareVersions();

    const sum = (
      key:
        | 'sent'
        | 'accepted'
        | 'failed'
        | 'dropped'
        | 'deliveredOnce'
        | 'duplicates'
        | 'neverDelivered'
        | 'deliveredUnaccepted'
        | 'disconnects',
    ) => reports.reduce((s, r) => s + r[key], 0);
    const sent = sum('sent');
    const delivered = sum('deliveredOnce');
    const lost = sent - delivered;
    const duplicates = sum('duplicates');
    const minutes = mergeMinutes(reports);
    const all = percentiles(minutes.flatMap((m) => m.latencies));
    const answers = percentiles(minutes.flatMap((m) => m.answerLatencies));
    const slowest: SoakSlow[] = reports
      .flatMap((r) => r.slowest)
      .sort((a, b) => b.deliveryMs - a.deliveryMs)
      .slice(0, 5);

    const failureCounts: Record<string, number> = {};
    for (const r of reports) for (const [k, v] of Object.entries(r.failures)) failureCounts[k] = (failureCounts[k] ?? 0) + v;
    const failureNote =
      Object.keys(failureCounts).length > 0
        ? ` (${Object.entries(failureCounts)
            .map(([k, v]) => `${k} × ${v}`)
            .join(', ')})`
        : '';
    const problems: string[] = [];
    if (lost > 0) problems.push(`${n(lost)} sent but not delivered`);
    if (duplicates > 0) problems.push(`${n(duplicates)} delivered twice`);
    if (stored!.n !== acceptedIds.length || stored!.ids !== stored!.n) problems.push('rows by client id do not match the accepted sends');
    if (sum('disconnects') > 0) problems.push(`${sum('disconnects')} sockets dropped during the soak`);
    if (alive.some((a) => !a)) problems.push('a node died');

    // Memory: mean of the first minute's samples against the last minute's.
    const firstMinute = samples.filter((s) => s.t <= 60);
    const lastMinute = samples.filter((s) => s.t >= runSeconds - 60);
    const afterFirstMinute = samples.filter((s) => s.t >= 60);
    const memoryOf = (i: number) => {
      const over = (rows: Sample[], read: (s: Sample) => number | undefined) => average(rows.map((s) => read(s) ?? NaN));
      const rss = (s: Sample) => s.rss[i];
      const heap = (s: Sample) => s.heap[i]?.heapUsed;
      const live = (s: Sample) => s.heap[i]?.heapAfterGc;
      const rssAll = samples.map((s) => s.rss[i]!);
      return {
        rssFirst: over(firstMinute, rss),
        rssLast: over(lastMinute, rss),
        rssMin: Math.min(...rssAll),
        rssMax: Math.max(...rssAll),
        heapFirst: over(firstMinute, heap),
        heapLast: over(lastMinute, heap),
        liveFirst: over(firstMinute, live),
        liveLast: over(lastMinute, live),
        // The first minute fills caches and pools; growth after it is what would keep going.
        liveTrendMbPerMin: slope(afterFirstMinute.map((s) => ({ x: s.t / 60, y: (live(s) ?? NaN) / 1048576 }))),
        cpuPct: (100 * (cpuAfter[i]! - cpuBefore[i]!)) / (runSeconds * 1000),
      };
    };
    const memory = cluster.nodes.map((_, i) => memoryOf(i));
    const memRow = (m: ReturnType<typeof memoryOf>, i: number) =>
      `| node ${i} | ${mb(m.rssFirst)} MB | ${mb(m.rssLast)} MB | ${((m.rssLast - m.rssFirst) / 1048576).toFixed(1)} MB | ${mb(m.rssMin)}–${mb(m.rssMax)} MB | ` +
      `${mb(m.heapFirst)} MB | ${mb(m.heapLast)} MB | ${mb(m.liveFirst)} MB | ${mb(m.liveLast)} MB | ${m.liveTrendMbPerMin.toFixed(2)} MB/min | ${m.cpuPct.toFixed(1)} % |`;
    const busyPct =
      machineBefore && machineAfter ? (100 * (machineAfter.busy - machineBefore.busy)) / (machineAfter.total - machineBefore.total) : null;
    const loadDuring = loadSamples.length > 0 ? average(loadSamples) : loadAtEnd[0]!;
    const cores = os.cpus().length;
    const busyNote =
      loadDuring > cores
        ? ` **Other work was running on this ${cores}-core machine at the same time** (other sessions' tests and builds): the load average was ` +
          `${loadDuring.toFixed(1)} during the soak, so the latencies are those of an oversubscribed machine, not of the cluster alone.`
        : '';
    const ceiling = readValue('ceiling.relayInsert');
    const database = databaseLabel();
    const title = `${n(sockets)} sockets, ${RATE} msg/s for ${SECONDS >= 60 ? `${(SECONDS / 60).toFixed(SECONDS % 60 ? 1 : 0)} min` : `${SECONDS} s`} across two nodes`;

    const markdown = [
      `### Soak: ${title} — ${database} (\`soak\`, bench/cluster/soak.bench.ts)`,
      '',
      `The server bundle twice (\`node dist/main.mjs\`, NODE_ENV=production) on one fresh PostgreSQL database and the shared Redis,`,
      `HAProxy in front (apps/server/src/test-support/cluster.ts); ${n(PAIRS)} member pairs, each with a conversation, made in ${prepSeconds.toFixed(0)} s.`,
      `${GENERATORS} load-generator processes (bench/cluster/soak-load.ts) hold ${n(sockets)} signed-in websocket clients, connected in`,
      `${connectSeconds.toFixed(1)} s: each pair's sender on one node and recipient on the other (directly, half each way), so every`,
      `message crosses nodes through the Redis adapter. Senders \`POST /api/messages\` to their own node (free, member → member) on an`,
      `open-loop schedule of ${RATE}/s in all; delivered = the recipient socket's \`message:created\`, latency from the instant the send was due.`,
      '',
      `**${n(sent)} sent, ${n(delivered)} delivered, lost ${n(lost)}, ${n(duplicates)} duplicates.** Delivery p50 ${ms(all.p50)} ms, ` +
        `p95 ${ms(all.p95)} ms, p99 ${ms(all.p99)} ms, max ${ms(all.max)} ms; the send's answer p50 ${ms(answers.p50)} ms, p99 ${ms(answers.p99)} ms.` +
        (ceiling
          ? ` Ceiling (c), the relay + one INSERT, was ${n(ceiling)}/s in this run's block: the soak's ${RATE}/s is ${((100 * RATE) / ceiling).toFixed(1)} % of it.`
          : ''),
      '',
      '| minute | sent | answered 201 | delivered | delivery p50 | p95 | p99 | max |',
      '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...minutes.map((m, i) => {
        const q = percentiles(m.latencies);
        return `| ${i + 1} | ${n(m.sent)} | ${n(m.accepted)} | ${n(m.delivered)} | ${ms(q.p50)} ms | ${ms(q.p95)} ms | ${ms(q.p99)} ms | ${ms(q.max)} ms |`;
      }),
      '',
      `Memory of each node, sampled every ${SAMPLE_MS / 1000} s (${samples.length} samples; RSS from /proc/<pid>/status VmRSS, V8 heap used from a`,
      'preloaded probe, bench/cluster/heap-probe.mjs, as it stood and right after a full collection: the live heap), the first minute of the soak',
      'against the last, the live heap’s least-squares trend from the end of the first minute on, and the node’s CPU over the soak:',
      '',
      '| node | RSS first min | RSS last min | Δ RSS | RSS range | heap first min | heap last min | live heap first min | live heap last min | live heap trend | CPU (of one core) |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...memory.map(memRow),
      '',
      'The slowest deliveries (when each was due, the node its sender posted to, and how long until the send was answered and the',
      "recipient's socket had it), and each load generator's own event-loop delay over the soak (a stalled generator would read as latency):",
      '',
      '| due at | sender on | answered after | delivered after |',
      '| ---: | --- | ---: | ---: |',
      ...slowest.map((s) => `| ${s.atSeconds.toFixed(1)} s | node ${s.node} | ${ms(s.answerMs)} ms | ${ms(s.deliveryMs)} ms |`),
      '',
      `Generators' event-loop delay p99 ${reports.map((r) => r.lagP99Ms.toFixed(0)).join(' / ')} ms, max ${reports.map((r) => r.lagMaxMs.toFixed(0)).join(' / ')} ms. ` +
        `Warnings and errors in the nodes' logs over the whole run: ${nodeLogs.map((lines) => lines.length).join(' / ')}` +
        (nodeLogs.some((lines) => lines.length > 0) ? ' (printed by the bench).' : '.'),
      '',
      `Verified afterwards: ${n(sent)} sends, ${n(sum('accepted'))} answered 201, ${n(sum('failed'))} failed${failureNote}, ${n(sum('dropped'))} not started ` +
        `(generator bound); ${n(stored!.n)} rows for the accepted client ids (${n(stored!.ids)} distinct), ${n(allRows!.n)} messages in the database; ` +
        `${n(sum('neverDelivered'))} accepted but never delivered (grace ${GRACE_SECONDS} s), ${n(sum('deliveredUnaccepted'))} delivered without a 201; ` +
        `${sum('disconnects')} sockets dropped during the soak; both nodes ${alive.every(Boolean) ? 'alive' : 'NOT alive'} at the end.` +
        (problems.length > 0 ? ` **Broken: ${problems.join('; ')}.**` : ''),
      '',
      `Machine: load average ${loadBefore.map((l) => l.toFixed(1)).join(' / ')} before the run, ${loadAtStart[0]!.toFixed(1)} when the soak started, ` +
        `${loadDuring.toFixed(1)} on average during it (1-min, every ${SAMPLE_MS / 1000} s), ${loadAtEnd[0]!.toFixed(1)} at the end` +
        (busyPct === null ? '' : `; all ${cores} cores ${busyPct.toFixed(0)} % busy over the soak`) +
        `. Load generators' RSS ${reports.map((r) => r.rssMb).join(' + ')} MB, CPU ${reports.map((r) => (r.cpuMs / 1000).toFixed(0)).join(' + ')} s.` +
        busyNote,
    ].join('\n');
    writeSection(sectionName('soak'), markdown, {
      meta: versions,
      rows: [
        {
          key: sectionName('soak'),
          what: `soak: ${title}`,
          database,
          note:
            `lost ${lost}, ${duplicates} twice; delivery p99 ${ms(all.p99)} ms; RSS Δ ` +
            memory.map((m) => `${((m.rssLast - m.rssFirst) / 1048576).toFixed(0)} MB`).join(' / ') +
            '; live heap trend ' +
            memory.map((m) => `${m.liveTrendMbPerMin.toFixed(2)}`).join(' / ') +
            ' MB/min' +
            (problems.length > 0 ? '; BROKEN' : ''),
        },
      ],
    });
    console.log(markdown);
    return problems.length === 0;
  } finally {
    for (const child of generators) if (child.exitCode === null) child.kill('SIGKILL');
    await cluster.stop();
    rmSync(probeDir, { recursive: true, force: true });
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
