import { and, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { earnings, ledgerTransactions, users } from '../../db/schema';
import type { Db } from '../../platform/db';
import type { EarningSource } from './ledger.service';

/** What an administrator narrows every model's earnings by (docs/product.md#earnings-for-administrators). */
export type AdminEarningsFilter = {
  modelId?: string | undefined;
  q?: string | undefined;
  source?: EarningSource | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
};

const models = alias(users, 'model');
const payers = alias(users, 'payer');
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every model's earning rows, read with their model and payer; the totals are summed in SQL. */
export function createAdminEarningsRepository(db: Db) {
  function whereOf(filter: AdminEarningsFilter): SQL | undefined {
    const where: SQL[] = [];
    if (filter.modelId) where.push(eq(earnings.modelId, filter.modelId));
    if (filter.source) where.push(eq(earnings.source, filter.source));
    if (filter.from) where.push(gte(earnings.createdAt, filter.from));
    if (filter.until) where.push(lt(earnings.createdAt, filter.until));
    if (filter.q) {
      // '@anna' finds the model anna as well, as on the sell items page.
      const username = filter.q.replace(/^@/, '') || filter.q;
      where.push(or(ilike(models.name, likePattern(filter.q)), ilike(models.username, likePattern(username)))!);
    }
    return where.length ? and(...where) : undefined;
  }

  /** A page of rows, newest first, with how many rows match and their sums (the whole filtered set). */
  async function page(filter: AdminEarningsFilter, opts: { limit: number; skip: number }) {
    const where = whereOf(filter);
    const [rows, [totals]] = await Promise.all([
      db
        .select({
          earning: earnings,
          model: { id: models.id, username: models.username, name: models.name },
          payer: { id: payers.id, username: payers.username, name: payers.name },
          metadata: ledgerTransactions.metadata,
        })
        .from(earnings)
        .innerJoin(models, eq(models.id, earnings.modelId))
        .leftJoin(payers, eq(payers.id, earnings.payerId))
        // The sale's transaction carries what the payer added to it (a tip's note).
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, earnings.transactionId))
        .where(where)
        .orderBy(desc(earnings.createdAt), desc(earnings.id))
        .limit(opts.limit)
        .offset(opts.skip),
      db
        .select({
          n: count(),
          gross: sql`coalesce(sum(${earnings.gross}), 0)`.mapWith(Number),
          commission: sql`coalesce(sum(${earnings.commission}), 0)`.mapWith(Number),
          net: sql`coalesce(sum(${earnings.net}), 0)`.mapWith(Number),
        })
        .from(earnings)
        .innerJoin(models, eq(models.id, earnings.modelId))
        .where(where),
    ]);
    return {
      rows,
      count: totals?.n ?? 0,
      totals: { gross: totals?.gross ?? 0, commission: totals?.commission ?? 0, net: totals?.net ?? 0 },
    };
  }

  /** Whether the id is a model's (a filter naming anyone else is a 404, not an empty page). */
  async function isModel(id: string): Promise<boolean> {
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.type, 'model')));
    return Boolean(row);
  }

  return { page, isModel };
}
