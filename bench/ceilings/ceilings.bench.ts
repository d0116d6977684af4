/**
 * The machine's own ceilings (issue #11), measured in the same run as the scenarios so that those
 * can be read as ratios, not as absolute numbers that move 2× between machines of this kind:
 *  (a) a bare Fastify route doing one INSERT into a scratch table in PostgreSQL (`pg` Pool);
 *  (b) a bare Socket.IO relay: a sender socket emits, the server emits to the receiver's room;
 *  (c) the same relay doing one INSERT per message before relaying it.
 * 200 online sender/receiver pairs (400 websocket clients) held by the load generator
 * (bench/ceilings/ceilings-load.ts, its own process), each ceiling an open-loop ladder.
 *
 * This process is the server: bare on purpose (no logging, no validation, no auth, no adapter), so
 * the ceilings say what the machine, Node, Socket.IO and PostgreSQL can do, and the distance from
 * them to the real server is the real server's own cost. The INSERT has the shape of a message row
 * (identity key, a unique client id, two ids, text, time), in autocommit, on a pool the size of the
 * app's (10, apps/server/src/platform/db.ts).
 *
 *   DATABASE_URL=postgres://… node --import tsx bench/ceilings/ceilings.bench.ts
 *   BENCH_CEILING_DATABASE_URL=postgres://… …   # ceilings on PostgreSQL while the app runs on PGlite
 * Without either, (a) and (c) are skipped. BENCH_STEP_SECONDS (default 5) sets each step's length.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { Server } from 'socket.io';
import { at1000Cell, cpuAtSustained, ladderTable, type LadderResult } from '../support/ladder';
import { runGenerator } from '../support/loadgen';
import { writeSection, type OverviewRow } from '../support/results';
import { softwareVersions } from '../support/versions';
import type { CeilingName, CeilingsPlan, CeilingsReport } from './ceilings-load';

const PAIRS = 200;
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 5);
const POSTGRES_URL = process.env.DATABASE_URL ?? process.env.BENCH_CEILING_DATABASE_URL;

const RELAY_PATH = '/socket.io';
const INSERT = 'insert into scratch_messages (client_id, sender, recipient, body) values ($1, $2, $3, $4)';
type Relayed = { id: string; from: number; to: number; text: string };

/** A database of its own for the scratch table, dropped afterwards (never the one DATABASE_URL names). */
async function scratchDatabase(base: string) {
  const name = `cc_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  // Dropping the database with (force) may end a connection that is still closing; that is no error here.
  pool.on('error', () => {});
  await pool.query(`create table scratch_messages (
    id bigint generated always as identity primary key,
    client_id uuid not null unique,
    sender integer not null,
    recipient integer not null,
    body text not null,
    created_at timestamptz not null default now())`);
  return {
    pool,
    name,
    async drop() {
      await pool.end();
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function main() {
  const db = POSTGRES_URL ? await scratchDatabase(POSTGRES_URL) : undefined;
  const app = Fastify({ logger: false });
  app.post('/ceiling/insert', async (request) => {
    const m = request.body as Relayed;
    await db!.pool.query(INSERT, [m.id, m.from, m.to, m.text]);
    return { ok: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const io = new Server(app.server, { path: RELAY_PATH, serveClient: false });
  io.on('connection', (socket) => {
    void socket.join(`u:${String(socket.handshake.query.user)}`);
    socket.on('relay', (m: Relayed) => void io.to(`u:r${m.to}`).emit('relayed', m));
    socket.on('relay-insert', (m: Relayed) => {
      db!.pool.query(INSERT, [m.id, m.from, m.to, m.text]).then(
        () => io.to(`u:r${m.to}`).emit('relayed', m),
        () => {}, // not relayed: the generator counts it as not delivered
      );
    });
  });

  const ceilings: CeilingName[] = db ? ['fastify-insert', 'relay', 'relay-insert'] : ['relay'];
  const plan: CeilingsPlan = {
    base: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
    pairs: PAIRS,
    stepSeconds: STEP_SECONDS,
    ceilings,
  };
  console.log(`ceilings on ${POSTGRES_URL ? 'PostgreSQL' : 'no database (relay only)'}; ${PAIRS} pairs; steps of ${STEP_SECONDS} s`);
  const report = await runGenerator<CeilingsPlan, CeilingsReport>(path.join(import.meta.dirname, 'ceilings-load.ts'), plan, {
    databaseName: db?.name,
  });

  let stored: number | undefined;
  if (db) {
    const { rows } = await db.pool.query<{ n: number }>('select count(*)::int as n from scratch_messages');
    stored = rows[0]!.n;
  }
  const versions = await softwareVersions(POSTGRES_URL);
  // Written before the clean-up, so that nothing going wrong there loses what was measured.
  writeResults(report, stored, versions);
  io.close();
  await app.close();
  await db?.drop();
  process.exit(0);
}

const TITLES: Record<CeilingName, string> = {
  'fastify-insert': '(a) bare Fastify route, one INSERT',
  relay: '(b) bare Socket.IO relay',
  'relay-insert': '(c) Socket.IO relay + one INSERT',
};
const VALUE_KEYS: Record<CeilingName, string> = {
  'fastify-insert': 'ceiling.fastifyInsert',
  relay: 'ceiling.relay',
  'relay-insert': 'ceiling.relayInsert',
};

function generatorBound(r: LadderResult) {
  const top = [...r.steps].sort((a, b) => b.offered - a.offered).find((s) => !s.pass);
  return top !== undefined && (top.generatorCpuPct > 85 || top.sendLagP99 > 50);
}

function writeResults(report: CeilingsReport, stored: number | undefined, versions: Record<string, string>) {
  const values: Record<string, number> = {};
  const rows: OverviewRow[] = [];
  const parts: string[] = [
    `### Ceilings${versions.postgresql ? ` — PostgreSQL ${versions.postgresql}` : ' — without PostgreSQL (relay only)'} (\`ceilings\`, bench/ceilings/ceilings.bench.ts)`,
    '',
    `${PAIRS} online sender/receiver pairs (${2 * PAIRS} websocket clients) in the load generator's process; the server is`,
    'bare (no logging, validation, auth or adapter). (a) is offered over a keep-alive HTTP agent and counts',
    "the answer; (b) and (c) count the receiver socket's event. INSERTs go to a scratch table shaped like a",
    `message row, autocommit, pool of 10. Steps of ${STEP_SECONDS} s after a 2 s warm-up.`,
    '',
    '| ceiling | sustained /s | p50 / p99 at 1,000/s | server CPU per op at sustained |',
    '| --- | ---: | --- | ---: |',
  ];
  for (const [name, r] of Object.entries(report.ladders) as [CeilingName, LadderResult][]) {
    const bound = generatorBound(r) ? ' (the generator was the limit: see its CPU and lag below)' : '';
    parts.push(`| ${TITLES[name]}${bound} | ${r.sustained?.toLocaleString('en-US') ?? 'none'} | ${at1000Cell(r)} | ${cpuAtSustained(r)} |`);
    if (r.sustained !== null) values[VALUE_KEYS[name]] = r.sustained;
    rows.push({
      key: `ceiling/${name}`,
      what: `ceiling ${TITLES[name]}`,
      database: name === 'relay' ? '–' : `PostgreSQL ${versions.postgresql ?? ''}`.trim(),
      ...(r.sustained !== null ? { sustained: r.sustained } : {}),
      at1000: at1000Cell(r),
      cpuPerOp: cpuAtSustained(r),
      ...(bound ? { note: 'generator-bound' } : {}),
    });
  }
  for (const [name, r] of Object.entries(report.ladders) as [CeilingName, LadderResult][]) {
    parts.push('', `${TITLES[name]}:`, '', ladderTable(r));
  }
  const ladders = Object.values(report.ladders);
  const never = ladders.reduce((n, r) => n + r.neverDelivered, 0);
  const late = ladders.reduce((n, r) => n + r.lateDeliveries, 0);
  // Every answered (a) request and every (c) emit inserted one row, warm-ups included.
  const expected = (report.ladders['fastify-insert']?.accepted ?? 0) + (report.ladders['relay-insert']?.operations ?? 0);
  parts.push(
    '',
    `Afterwards: ${never} operations never delivered, ${late} delivered only after their step's 5 s grace` +
      (stored === undefined
        ? '.'
        : `; ${stored.toLocaleString('en-US')} rows in the scratch table for ${expected.toLocaleString('en-US')} answered (a) requests and (c) emits, warm-ups included.`),
  );
  writeSection(versions.postgresql ? 'ceilings' : 'ceilings/without-postgresql', parts.join('\n'), { values, rows, meta: versions });
  console.log(parts.join('\n'));
}

void main();
