/**
 * 10,000 idle signed-in sockets (issue #11: ≤ 30 KB of server memory each). This process is the
 * server (run with --expose-gc: it re-runs itself with the flag when started without it, so that
 * memory is read after a full collection); the clients are in load-generator processes of their own
 * (bench/sockets/idle-load.ts), several so that none needs more than `ulimit -n` descriptors. Each
 * socket is a different member with a session of their own, connected as the web client connects
 * (websocket, token in the query): authenticated against the session row, joined to its user and
 * session rooms, counted online in presence.
 *
 * Measures: connect time (each connection from `io()` to `connect`, and the wall time for all,
 * with a bounded number in flight), server memory before and after (RSS, V8 heap, external; after
 * GC) ÷ the number of sockets, again after one ping round of idling, the server's CPU while idle,
 * and what is left after they all disconnect.
 *
 *   DATABASE_URL=postgres://… REDIS_URL=redis://… node --import tsx bench/sockets/idle.bench.ts
 *   BENCH_SOCKETS=2000 BENCH_IDLE_SECONDS=5 …                  # a quicker look
 */
import { benchServerConfig } from '../support/server-config';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { users } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/platform/passwords';
import { TEST_PASSWORD } from '../../apps/server/src/test-support/factories';
import { createTestApp } from '../../apps/server/src/test-support/harness';
import { percentiles } from '../support/open-loop';
import { databaseLabel, sectionName, writeSection } from '../support/results';
import { softwareVersions } from '../support/versions';
import type { FromIdle, IdleConnected, ToIdle } from './idle-load';

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
/** Load-generator processes; each holds SOCKETS / GENERATORS descriptors. */
const GENERATORS = Number(process.env.BENCH_GENERATORS ?? 2);
/** Connections being opened at once, per generator (a reconnect storm after a restart, bounded). */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
/** Longer than one ping interval (20 s, platform/socket.ts), so every socket has been pinged once. */
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 25);

const gc = (globalThis as { gc?: () => void }).gc;

type Memory = { rss: number; heapUsed: number; external: number };
async function memory(): Promise<Memory> {
  // Twice, with a turn of the event loop between, so that what the first pass finalised is freed too.
  for (let i = 0; i < 2; i++) {
    gc!();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external };
}
const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
const perSocket = (after: Memory, before: Memory, key: keyof Memory) => ((after[key] - before[key]) / SOCKETS / 1024).toFixed(1);

async function main() {
  const app = await createTestApp({ config: benchServerConfig() });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  const io = app.ctx.io();

  // SOCKETS members straight into the table (one password hash for all), each with a session.
  const made = performance.now();
  const passwordHash = await hashPassword(TEST_PASSWORD);
  const ids: string[] = [];
  for (let from = 0; from < SOCKETS; from += 500) {
    const rows = Array.from({ length: Math.min(500, SOCKETS - from) }, () => {
      const suffix = randomBytes(5).toString('hex');
      return {
        email: `idle-${suffix}@example.test`,
        username: `idle_${suffix}`,
        name: `Idle ${suffix}`,
        passwordHash,
        emailVerifiedAt: new Date(),
      };
    });
    ids.push(...(await app.ctx.db.insert(users).values(rows).returning({ id: users.id })).map((r) => r.id));
  }
  const tokens: string[] = new Array(SOCKETS);
  let next = 0;
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (next < ids.length) {
        const i = next++;
        tokens[i] = (await app.ctx.sessions.issue({ userId: ids[i]!, keepLogin: true })).token;
      }
    }),
  );
  console.log(
    `database: ${app.ctx.database.kind}; sockets: ${app.config.redisUrl ? 'Redis streams adapter' : 'in-process'}; ${os.cpus().length} cores; ` +
      `${SOCKETS} members with a session each made in ${((performance.now() - made) / 1000).toFixed(1)} s; ` +
      `${GENERATORS} load generators, ${CONCURRENCY} connections opening at once in each`,
  );

  const generators: ChildProcess[] = [];
  const ask = (child: ChildProcess, message: ToIdle) =>
    new Promise<FromIdle>((resolve, reject) => {
      const exited = (code: number | null) => reject(new Error(`a load generator exited (${code})`));
      child.once('exit', exited);
      child.once('message', (answer: FromIdle) => {
        child.off('exit', exited);
        if (answer.type === 'error') reject(new Error(answer.error));
        else resolve(answer);
      });
      child.send(message);
    });
  for (let g = 0; g < GENERATORS; g++) {
    generators.push(fork(path.join(import.meta.dirname, 'idle-load.ts'), [], { execArgv: ['--import', 'tsx'] }));
  }
  // Let the generators load their modules before the clock starts.
  await new Promise((resolve) => setTimeout(resolve, 2000));

  const before = await memory();
  const connecting = performance.now();
  const cpuConnect = process.cpuUsage();
  const share = Math.ceil(SOCKETS / GENERATORS);
  const connected = (await Promise.all(
    generators.map((child, g) =>
      ask(child, { type: 'connect', base, tokens: tokens.slice(g * share, (g + 1) * share), concurrency: CONCURRENCY }),
    ),
  )) as IdleConnected[];
  const connectSeconds = (performance.now() - connecting) / 1000;
  const connectCpu = process.cpuUsage(cpuConnect);
  const latencies = connected.flatMap((c) => c.latencies);
  const failed = connected.reduce((n, c) => n + c.failed, 0);
  const q = percentiles(latencies);
  const onServer = io.sockets.sockets.size;
  const authenticated = [...io.sockets.sockets.values()].filter((s) => s.data.userId && s.rooms.size === 3).length;
  console.log(
    `connected ${latencies.length} of ${SOCKETS} (${failed} failed) in ${connectSeconds.toFixed(1)} s = ${(latencies.length / connectSeconds).toFixed(0)}/s; ` +
      `each: p50 ${q.p50.toFixed(1)} ms, p95 ${q.p95.toFixed(1)} ms, p99 ${q.p99.toFixed(1)} ms, max ${q.max.toFixed(0)} ms; ` +
      `server CPU ${((connectCpu.user + connectCpu.system) / 1000 / Math.max(1, latencies.length)).toFixed(2)} ms per connection; ` +
      `on the server: ${onServer} sockets, ${authenticated} signed in and in their user and session rooms; ` +
      `load generators' RSS ${connected.map((c) => c.rssMb).join(' + ')} MB`,
  );

  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = await memory();
  const idleCpu = process.cpuUsage();
  const idleStarted = performance.now();
  await new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000));
  const idleUsed = process.cpuUsage(idleCpu);
  const idleMs = performance.now() - idleStarted;
  const stillOpen = io.sockets.sockets.size;
  const afterIdle = await memory();

  // Each generator closes its sockets and exits; its exit is the answer.
  await Promise.all(
    generators.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.send({ type: 'close' } satisfies ToIdle);
        }),
    ),
  );
  const deadline = Date.now() + 30_000;
  while (io.sockets.sockets.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  const afterClose = await memory();

  const left = io.sockets.sockets.size;
  const versions = await softwareVersions();
  await app.close();

  const ok = latencies.length === SOCKETS && authenticated === SOCKETS && stillOpen === SOCKETS && left === 0;
  const database = databaseLabel();
  const kbEach = (m: Memory, key: keyof Memory) => `${perSocket(m, before, key)} KB`;
  const memoryRow = (label: string, m: Memory) =>
    `| ${label} | ${mb(m.rss)} MB | ${mb(m.heapUsed)} MB | ${mb(m.external)} MB | ` +
    (m === before ? '– | – | – |' : `${kbEach(m, 'rss')} | ${kbEach(m, 'heapUsed')} | ${kbEach(m, 'external')} |`);
  const connectCpuMs = (connectCpu.user + connectCpu.system) / 1000 / Math.max(1, latencies.length);
  const idleCpuPct = (100 * (idleUsed.user + idleUsed.system)) / 1000 / idleMs;
  const worst = Math.max(Number(perSocket(after, before, 'rss')), Number(perSocket(afterIdle, before, 'rss')));
  const markdown = [
    `### ${SOCKETS.toLocaleString('en-US')} idle signed-in sockets — ${database} (\`idle-sockets\`, bench/sockets/idle.bench.ts)`,
    '',
    `The real server (buildApp through the test harness, fresh database) in a process run with \`--expose-gc\`; the clients in`,
    `${GENERATORS} load-generator processes of their own (bench/sockets/idle-load.ts), ${CONCURRENCY} connections opening at once in each.`,
    `Each socket is a different member with a session of their own, connected as the web client connects (websocket, token in the`,
    `query): session checked, joined to its user and session rooms, counted online in presence. Memory is read after two full GCs.`,
    '',
    `**${worst.toFixed(1)} KB of server RSS per idle socket** (target ≤ 30 KB). Connecting all ${SOCKETS.toLocaleString('en-US')} took ` +
      `${connectSeconds.toFixed(1)} s (${(latencies.length / connectSeconds).toFixed(0)}/s); each connection p50 ${q.p50.toFixed(0)} ms, ` +
      `p95 ${q.p95.toFixed(0)} ms, p99 ${q.p99.toFixed(0)} ms, max ${q.max.toFixed(0)} ms, and ${connectCpuMs.toFixed(2)} ms of server CPU. ` +
      `While idle the server used ${idleCpuPct.toFixed(1)} % of a core (${SOCKETS.toLocaleString('en-US')} pings every 20 s).`,
    '',
    '| server process | RSS | V8 heap used | external | RSS per socket | heap per socket | external per socket |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    memoryRow('before: no sockets', before),
    memoryRow(`${SOCKETS.toLocaleString('en-US')} sockets open`, after),
    memoryRow(`after ${IDLE_SECONDS} s idle (one ping round)`, afterIdle),
    memoryRow('all disconnected again', afterClose),
    '',
    `Verified: ${latencies.length.toLocaleString('en-US')} of ${SOCKETS.toLocaleString('en-US')} connected (${failed} refused); the server held ` +
      `${onServer.toLocaleString('en-US')} sockets, ${authenticated.toLocaleString('en-US')} signed in and in their user and session rooms; ` +
      `${stillOpen.toLocaleString('en-US')} still open after ${IDLE_SECONDS} s idle; ${left} left after the clients closed.` +
      (ok ? '' : ' **Broken: not every socket connected, authenticated and stayed.**'),
  ].join('\n');
  writeSection(sectionName('idle-sockets'), markdown, {
    meta: versions,
    rows: [
      {
        key: sectionName('idle-sockets'),
        what: `${SOCKETS.toLocaleString('en-US')} idle signed-in sockets`,
        database,
        note: `${worst.toFixed(1)} KB RSS per socket (heap ${perSocket(after, before, 'heapUsed')} KB); connect p99 ${q.p99.toFixed(0)} ms${ok ? '' : '; BROKEN'}`,
      },
    ],
  });
  console.log(markdown);
  process.exit(ok ? 0 : 1);
}

if (gc) void main();
else {
  // Re-run with --expose-gc (a V8 flag NODE_OPTIONS does not take on Node 20), keeping --import tsx.
  const self = spawn(process.execPath, ['--expose-gc', ...process.execArgv, ...process.argv.slice(1)], { stdio: 'inherit' });
  self.on('exit', (code) => process.exit(code ?? 1));
}
