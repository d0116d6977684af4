/**
 * Messages through the real server (issue #11): 200 online sender/receiver pairs, the sender
 * `POST /api/messages` over a keep-alive HTTP agent, delivered = the recipient's socket's
 * `message:created`. Free: member → member. Paid: member → model at 1.00 token, a ledger transfer
 * with commission in the send's transaction (docs/decisions/0007-messaging.md, 0005-ledger.md).
 *
 * The load generator (bench/messaging/messages-load.ts) runs in its own process and offers an
 * open-loop ladder (bench/support/ladder.ts); this process is the server (buildApp through the test
 * harness, on a fresh database: PostgreSQL + Redis when DATABASE_URL / REDIS_URL are set, else
 * PGlite), and reports its own CPU per step. Afterwards it checks every guarantee: every accepted
 * send stored exactly once (rows counted by client id), nothing lost or delivered twice, and for
 * paid messages every payer debited exactly 1.00 per stored message and `ledger.check()` clean.
 * It writes its section of RESULTS.md, comparing the sustained rate with ceiling (c) of this run.
 *
 *   node --import tsx bench/messaging/send-and-deliver.bench.ts free|paid   (both when omitted)
 *   DATABASE_URL=postgres://… REDIS_URL=redis://… npm run bench:messaging
 *   BENCH_STEP_SECONDS=8 (default)
 *   BENCH_CPU_PROF=/tmp/messages.cpuprofile …   # V8 CPU profile of the server over each ladder (messages-free.cpuprofile, …)
 */
import { benchServerConfig } from '../support/server-config';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { tokensToHundredths } from '@cc/contracts';
import { messages } from '../../apps/server/src/db/schema';
import { createAdmin, createMember, createModel, giveTokens } from '../../apps/server/src/test-support/factories';
import { createTestApp, type TestApp } from '../../apps/server/src/test-support/harness';
import { at1000Cell, cpuAtSustained, idleCell, ladderTable } from '../support/ladder';
import { runGenerator } from '../support/loadgen';
import { profileIfAsked } from '../support/profile';
import { databaseLabel, readValue, sectionName, writeSection } from '../support/results';
import { softwareVersions } from '../support/versions';
import type { MessagesPair, MessagesPlan, MessagesReport } from './messages-load';

type Kind = 'free' | 'paid';
const PAIRS = 200;
const STEP_SECONDS = Number(process.env.BENCH_STEP_SECONDS ?? 8);
const FUNDS = 100_000; // tokens per payer: far more than a ladder sends
const PRICE = tokensToHundredths(1);

async function inBatches<T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(work))));
  return out;
}

async function rows<T>(app: TestApp, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await app.ctx.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** One uuid[] parameter, however many ids (a list of parameters stops at 65,535). */
const uuidArray = (ids: string[]) => sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;

async function scenario(kind: Kind) {
  const app = await createTestApp({ config: benchServerConfig() });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
  const preparing = performance.now();
  await createAdmin(app);
  const senders = await inBatches(Array.from({ length: PAIRS }), 20, () => createMember(app));
  const recipients = await inBatches(Array.from({ length: PAIRS }), 20, () =>
    kind === 'paid' ? createModel(app, { tokenPerMessage: PRICE }) : createMember(app),
  );
  if (kind === 'paid') await inBatches(senders, 20, (s) => giveTokens(app, s.user.id, FUNDS));
  const pairs: MessagesPair[] = await inBatches(
    senders.map((s, k) => ({ s, r: recipients[k]! })),
    20,
    async ({ s, r }) => {
      const res = await app.request('POST', '/api/conversation', { token: s.token, body: { userId: r.user.id } });
      if (res.status !== 201 && res.status !== 200) throw new Error(`conversation failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { senderToken: s.token, recipientToken: r.token, recipientId: r.user.id, conversationId: res.body.data._id as string };
    },
  );
  const database = databaseLabel();
  console.log(`${kind} messages on ${database}; ${PAIRS} pairs ready in ${((performance.now() - preparing) / 1000).toFixed(1)} s`);

  const profile = await profileIfAsked(kind);
  const report = await runGenerator<MessagesPlan, MessagesReport>(
    path.join(import.meta.dirname, 'messages-load.ts'),
    { base, kind, pairs, stepSeconds: STEP_SECONDS, startAt: 50 },
    { databaseName: app.config.databaseUrl ? new URL(app.config.databaseUrl).pathname.slice(1) : undefined },
  );
  await profile.stop();
  const { ladder } = report;

  // Every accepted send is stored exactly once; a failed one at most once.
  const [accepted] = await rows<{ n: number; ids: number }>(
    app,
    sql`select count(*)::int as n, count(distinct ${messages.clientId})::int as ids from ${messages} where ${messages.clientId} = any(${uuidArray(ladder.acceptedIds)})`,
  );
  const [failed] = await rows<{ n: number; ids: number }>(
    app,
    sql`select count(*)::int as n, count(distinct ${messages.clientId})::int as ids from ${messages} where ${messages.clientId} = any(${uuidArray(ladder.failedIds)})`,
  );
  const storedOnce = accepted!.n === ladder.acceptedIds.length && accepted!.ids === accepted!.n && failed!.ids === failed!.n;
  const duplicates = ladder.steps.reduce((n, s) => n + s.duplicates, 0);
  const problems: string[] = [];
  if (!storedOnce) problems.push('rows by client id do not match the accepted sends');
  if (ladder.neverDelivered > 0) problems.push(`${ladder.neverDelivered} accepted messages never delivered`);
  if (duplicates > 0) problems.push(`${duplicates} delivered twice`);

  const checks = [
    `${ladder.acceptedIds.length.toLocaleString('en-US')} sends answered 201 → ${accepted!.n.toLocaleString('en-US')} rows for their client ids, ${accepted!.ids.toLocaleString('en-US')} distinct`,
    `${ladder.failedIds.length.toLocaleString('en-US')} sends not answered 201 (failed or dropped) → ${failed!.n} rows`,
    `${ladder.neverDelivered} accepted but never delivered (${ladder.lateDeliveries} delivered only after their step's 5 s grace)`,
    `${duplicates} delivered twice`,
  ];
  const ledger = await app.ctx.ledger.check();
  if (!ledger.ok) problems.push('ledger check not clean');
  if (kind === 'paid') {
    // Each payer paid exactly the price of the messages stored for them: no double charge, none free.
    const stored = await rows<{ sender: string; n: number; price: number }>(
      app,
      sql`select ${messages.senderId} as sender, count(*)::int as n, coalesce(sum(${messages.price}), 0)::int as price from ${messages}
          where ${messages.senderId} = any(${uuidArray(senders.map((s) => s.user.id))}) group by ${messages.senderId}`,
    );
    const bySender = new Map(stored.map((r) => [r.sender, r]));
    let wrong = 0;
    for (const s of senders) {
      const paid = tokensToHundredths(FUNDS) - (await app.ctx.ledger.balanceOf(s.user.id));
      const r = bySender.get(s.user.id);
      if (paid !== (r?.n ?? 0) * PRICE || (r?.price ?? 0) !== paid) wrong++;
    }
    if (wrong > 0) problems.push(`${wrong} payers charged other than 1.00 per stored message`);
    checks.push(`${wrong} of ${PAIRS} payers debited other than 1.00 × their stored messages`);
  }
  checks.push(`ledger.check() ${ledger.ok ? 'clean' : 'NOT CLEAN'}`);

  const versions = await softwareVersions();
  await app.close();

  const ceiling = readValue('ceiling.relayInsert');
  const ofCeiling = ceiling && ladder.sustained !== null ? `${((100 * ladder.sustained) / ceiling).toFixed(1)} %` : undefined;
  const title = kind === 'free' ? 'Free messages (member → member)' : 'Paid messages (member → model at 1.00 token)';
  const sustained = ladder.sustained === null ? 'none (every step failed)' : `${ladder.sustained.toLocaleString('en-US')} msg/s`;
  const markdown = [
    `### ${title} — ${database} (\`messages-${kind}\`, bench/messaging/send-and-deliver.bench.ts ${kind})`,
    '',
    `The real server (buildApp through the test harness, fresh database, rate limits raised), ${PAIRS} online pairs`,
    `(${report.sockets} websocket clients, connected in ${report.connectSeconds.toFixed(1)} s). Senders \`POST /api/messages\` over a keep-alive`,
    `agent (up to ${PAIRS} connections); delivered = the recipient socket's \`message:created\`. Steps of ${STEP_SECONDS} s after a 3 s warm-up at 20/s.`,
    '',
    `**Sustained: ${sustained}**` +
      (ceiling
        ? ` — ${ofCeiling ?? '0 %'} of ceiling (c), the relay + one INSERT (${ceiling.toLocaleString('en-US')}/s in this run's block).`
        : ' — ceiling (c) not measured in this run.') +
      ` At 1,000 msg/s: ${at1000Cell(ladder)}. Server CPU at the sustained rate: ${cpuAtSustained(ladder, app.config.databaseUrl !== undefined)} per message;` +
      ` with everyone online and nothing sent: ${idleCell(ladder, app.config.databaseUrl !== undefined)}.`,
    '',
    ladderTable(ladder),
    '',
    `Verified afterwards: ${checks.join('; ')}.${problems.length > 0 ? ` **Broken: ${problems.join('; ')}.**` : ''}`,
  ].join('\n');
  writeSection(sectionName(`messages-${kind}`), markdown, {
    meta: versions,
    rows: [
      {
        key: sectionName(`messages-${kind}`),
        what: `${kind} messages: POST /api/messages → recipient's socket`,
        database,
        ...(ladder.sustained !== null ? { sustained: ladder.sustained } : {}),
        at1000: at1000Cell(ladder),
        cpuPerOp: cpuAtSustained(ladder, app.config.databaseUrl !== undefined),
        ...(ofCeiling ? { ofCeiling } : {}),
        note:
          problems.length > 0 ? `BROKEN: ${problems.join('; ')}` : `stored once, 0 lost, 0 twice${kind === 'paid' ? ', ledger clean' : ''}`,
      },
    ],
  });
  console.log(markdown);
  return problems.length === 0;
}

async function main() {
  const asked = process.argv.slice(2);
  const kinds: Kind[] = asked.length > 0 ? (asked as Kind[]) : ['free', 'paid'];
  for (const k of kinds) if (k !== 'free' && k !== 'paid') throw new Error(`unknown kind ${k}: free or paid`);
  let ok = true;
  for (const kind of kinds) ok = (await scenario(kind)) && ok;
  process.exit(ok ? 0 : 1);
}

void main();
