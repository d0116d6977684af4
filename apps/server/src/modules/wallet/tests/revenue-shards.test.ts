import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as schema from '../../../db/schema';
import { earnings, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../../db/schema';
import type { Db } from '../../../platform/db';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, freshDatabase, type TestApp } from '../../../test-support/harness';
import { createLedgerRepository, REVENUE_SHARDS, revenueShardOf } from '../ledger.repository';
import { fund, ledgerOf, tip } from './helpers';

/**
 * The site's revenue is spread over REVENUE_SHARDS rows so that members paying at once do not queue
 * on one row (docs/decisions/0005-ledger.md, bench/PROFILE.md). Nothing about the money may change:
 * every payment lands once, balances are exact, readers sum the shards, and the migration keeps the
 * revenue earned before it.
 */
let app: TestApp;
beforeAll(async () => {
  // Many tips from each member within a minute: raise the per-member limit so only the ledger decides.
  app = await createTestApp({ config: { rateLimitScale: 10 } });
});
afterAll(() => app.close());

/** Every revenue account: its shard and balance. */
const revenueRows = () =>
  app.ctx.db
    .select({ id: ledgerAccounts.id, shard: ledgerAccounts.shard, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.kind, 'platform_revenue'), isNull(ledgerAccounts.userId)));

it('many members paying one model at once all land: exact balances, revenue summed over its shards, ledger clean', async () => {
  const ledger = ledgerOf(app);
  const model = await createModel(app);
  const members = await Promise.all(Array.from({ length: 40 }, () => createMember(app)));
  await Promise.all(members.map((m) => fund(app, m.user.id, 1_000)));
  const revenueBefore = await ledger.siteBalance('platform_revenue');

  // Two tips of 2.50 each, all 80 at once: 0.50 commission and 2.00 for the model per tip.
  const answers = await Promise.all(members.flatMap((m) => [1, 2].map(() => tip(app, m.token, { modelId: model.user.id, amount: 2.5 }))));
  expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));

  for (const m of members) expect(await ledger.balanceOf(m.user.id)).toBe(500);
  expect(await ledger.balanceOf(model.user.id)).toBe(80 * 200);
  expect(await app.ctx.db.select().from(earnings).where(eq(earnings.modelId, model.user.id))).toHaveLength(80);
  expect(await ledger.siteBalance('platform_revenue')).toBe(revenueBefore + 80 * 50);
  const rows = await revenueRows();
  expect(rows.reduce((sum, r) => sum + r.balance, 0)).toBe(revenueBefore + 80 * 50);
  // Forty payers spread over the shards (the chance they all share one is about 16^-39).
  expect(rows.length).toBeGreaterThan(1);
  expect(rows.every((r) => r.shard >= 0 && r.shard < REVENUE_SHARDS)).toBe(true);

  // Each payer's commission went to the payer's own shard.
  const landed = await app.ctx.db
    .select({ payerId: earnings.payerId, shard: ledgerAccounts.shard })
    .from(earnings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, earnings.transactionId))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(earnings.modelId, model.user.id), eq(ledgerAccounts.kind, 'platform_revenue')));
  expect(landed).toHaveLength(80);
  for (const row of landed) expect(row.shard).toBe(revenueShardOf(row.payerId!));

  expect(await ledger.check()).toEqual({ ok: true, unbalancedTransactions: [], driftedAccounts: [] });
});

it("a charge to the site and a refund of a sale use the payer's shard, so no revenue row goes below zero", async () => {
  const ledger = ledgerOf(app);
  const [member, model] = [await createMember(app), await createModel(app)];
  await fund(app, member.user.id, 2_000);
  const shard = revenueShardOf(member.user.id);
  const shardBalance = async () => (await revenueRows()).find((r) => r.shard === shard)?.balance ?? 0;
  const [totalBefore, shardBefore] = [await ledger.siteBalance('platform_revenue'), await shardBalance()];

  await ledger.charge({ userId: member.user.id, amount: 300, kind: 'item', idempotencyKey: `charge:${member.user.id}`, memo: 'Site item' });
  const sale = await ledger.transferWithCommission({
    payerId: member.user.id,
    modelId: model.user.id,
    gross: 1_000,
    source: 'tip',
    idempotencyKey: `sale:${member.user.id}`,
    memo: 'Tip',
  });
  expect(await shardBalance()).toBe(shardBefore + 300 + 200);
  await ledger.refund({ transactionId: sale.transactionId, idempotencyKey: `refund:${member.user.id}`, memo: 'Refund' });
  expect(await shardBalance()).toBe(shardBefore + 300);
  expect(await ledger.siteBalance('platform_revenue')).toBe(totalBefore + 300);
  expect(await ledger.balanceOf(member.user.id)).toBe(1_700);
  expect((await ledger.check()).ok).toBe(true);
});

it('the payer decides the shard: stable, within range and spread over all of them', () => {
  const ids = Array.from({ length: 1_600 }, () => crypto.randomUUID());
  for (const id of ids.slice(0, 20)) expect(revenueShardOf(id)).toBe(revenueShardOf(id));
  const counts = new Array<number>(REVENUE_SHARDS).fill(0);
  for (const id of ids) counts[revenueShardOf(id)]!++;
  // 100 expected per shard; a fair hash stays far inside 40..160.
  expect(Math.min(...counts)).toBeGreaterThan(40);
  expect(Math.max(...counts)).toBeLessThan(160);
});

it('the migration keeps the revenue earned before it: the old row becomes shard 0 and the total reads the same', async () => {
  const migrations = path.join(import.meta.dirname, '../../../db/migrations');
  // The migrations up to the one that shards revenue, in a folder of their own.
  const before = mkdtempSync(path.join(os.tmpdir(), 'cc-migrations-'));
  cpSync(migrations, before, { recursive: true });
  const journalFile = path.join(before, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const upTo = journal.entries.findIndex((e) => e.tag.endsWith('_revenue_shards'));
  expect(upTo).toBeGreaterThan(0);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));

  const database = await openBare();
  try {
    await database.migrate(before);
    // The site before sharding: one revenue row holding 123.45 tokens from one sale, balanced by card clearing.
    const { db } = database;
    // Written in SQL: the schema in code already has the `shard` column this database lacks.
    const inserted = (await db.execute(
      sql`insert into ledger_accounts (kind, balance, allow_negative) values ('platform_revenue', 12345, false), ('card_clearing', -12345, true) returning id`,
    )) as unknown as { rows: { id: string }[] };
    const [revenue, clearing] = inserted.rows;
    const [sale] = await db
      .insert(ledgerTransactions)
      .values({ kind: 'item', idempotencyKey: 'before-shards' })
      .returning({ id: ledgerTransactions.id });
    await db.insert(ledgerEntries).values([
      { transactionId: sale!.id, accountId: revenue!.id, amount: 12_345 },
      { transactionId: sale!.id, accountId: clearing!.id, amount: -12_345 },
    ]);

    await database.migrate(migrations);
    const repo = createLedgerRepository(db);
    expect(await repo.siteBalance('platform_revenue')).toBe(12_345);
    const [row] = await db.select({ shard: ledgerAccounts.shard }).from(ledgerAccounts).where(eq(ledgerAccounts.id, revenue!.id));
    expect(row).toEqual({ shard: 0 });
    // Payers of shard 0 keep using the old row; other shards are new rows beside it.
    const ids = await db.transaction((tx) =>
      repo.resolveAccounts(
        [
          { site: 'platform_revenue', shard: 0 },
          { site: 'platform_revenue', shard: 7 },
        ],
        tx,
      ),
    );
    expect(ids.get('site:platform_revenue:0')).toBe(revenue!.id);
    expect(ids.get('site:platform_revenue:7')).not.toBe(revenue!.id);
    const revenueIds = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, [...ids.values()]));
    expect(revenueIds).toHaveLength(2);
    expect(await repo.siteBalance('platform_revenue')).toBe(12_345);
    expect(await repo.unbalancedTransactions()).toEqual([]);
    expect(await repo.driftedAccounts()).toEqual([]);
  } finally {
    await database.close();
    rmSync(before, { recursive: true, force: true });
  }
});

/** An empty database of the kind the suite runs on (PGlite, or PostgreSQL when DATABASE_URL is set), migrated on demand. */
async function openBare(): Promise<{ db: Db; migrate: (folder: string) => Promise<void>; close: () => Promise<void> }> {
  const fresh = await freshDatabase();
  if (fresh.url) {
    const pool = new pg.Pool({ connectionString: fresh.url, max: 2 });
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      migrate: (migrationsFolder) => migratePg(drizzlePg(pool), { migrationsFolder }),
      close: async () => {
        await pool.end();
        await fresh.drop();
      },
    };
  }
  const client = await PGlite.create();
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    migrate: (migrationsFolder) => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
  };
}
