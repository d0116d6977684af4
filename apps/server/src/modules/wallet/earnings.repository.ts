import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { EarningPeriod } from '@cc/contracts';
import { earnings, ledgerTransactions, users } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';
import type { EarningSource } from './ledger.service';

export type Sums = { gross: number; commission: number; net: number };

const sums = {
  gross: sql`coalesce(sum(${earnings.gross}), 0)`.mapWith(Number),
  commission: sql`coalesce(sum(${earnings.commission}), 0)`.mapWith(Number),
  net: sql`coalesce(sum(${earnings.net}), 0)`.mapWith(Number),
};

/**
 * The first day (YYYY-MM-DD) of the UTC day, ISO week or month an earning falls in. The unit is one
 * of three fixed words, written into the statement so GROUP BY sees the same expression as SELECT.
 */
const periodOf = (period: EarningPeriod): SQL<string> =>
  sql<string>`to_char(date_trunc(${sql.raw(`'${{ day: 'day', week: 'week', month: 'month' }[period]}'`)}, ${earnings.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;

/** Reads a model's earnings (the rows `ledger.transferWithCommission` and `ledger.refund` write). */
export function createEarningsRepository(db: Db) {
  /** A page of rows with the payer's public names, newest first, and how many rows match (`source` narrows both). */
  async function page(modelId: string, opts: { limit: number; skip: number; source?: EarningSource | undefined }, tx: DbOrTx = db) {
    const where = and(eq(earnings.modelId, modelId), opts.source ? eq(earnings.source, opts.source) : undefined);
    const [rows, [total]] = await Promise.all([
      tx
        .select({
          earning: earnings,
          payer: { id: users.id, username: users.username, name: users.name },
          metadata: ledgerTransactions.metadata,
        })
        .from(earnings)
        // The payer's public names only; the accounts module exposes no batch lookup to go through.
        .leftJoin(users, eq(users.id, earnings.payerId))
        // The sale's transaction carries what the payer added to it (a tip's note).
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, earnings.transactionId))
        .where(where)
        .orderBy(desc(earnings.createdAt), desc(earnings.id))
        .limit(opts.limit)
        .offset(opts.skip),
      tx.select({ n: count() }).from(earnings).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  }

  /** Every row of the model summed per source (sources without rows are absent). */
  async function totalsBySource(modelId: string, tx: DbOrTx = db) {
    return tx
      .select({ source: earnings.source, ...sums })
      .from(earnings)
      .where(eq(earnings.modelId, modelId))
      .groupBy(earnings.source);
  }

  /** The model's rows since `from`, summed per period (periods without rows are absent). */
  async function totalsByPeriod(modelId: string, period: EarningPeriod, from: Date, tx: DbOrTx = db) {
    const start = periodOf(period);
    return tx
      .select({ start, count: count(), ...sums })
      .from(earnings)
      .where(and(eq(earnings.modelId, modelId), gte(earnings.createdAt, from)))
      .groupBy(start);
  }

  return { page, totalsBySource, totalsByPeriod };
}

export type EarningsRepository = ReturnType<typeof createEarningsRepository>;
