import type { AdminEarningList, adminEarningsQuerySchema } from '@cc/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import { createAdminEarningsRepository } from './admin-earnings.repository';
import { tipNoteOf } from './tip-note';

type Query = z.output<typeof adminEarningsQuerySchema>;

/** '2026-11-29' → the next midnight (UTC), so a bare `to` date includes that whole day. */
const endOf = (to: string) => (to.length === 10 ? new Date(Date.parse(to) + 86_400_000) : new Date(to));

/**
 * Every model's earnings for administrators (docs/product.md#earnings-for-administrators): the rows
 * the ledger wrote with each sale and refund, filtered, with the totals of the filtered set.
 * Amounts stay hundredths here; the contract turns them into tokens.
 */
export function createAdminEarningsService({ db }: { db: Db }) {
  const repo = createAdminEarningsRepository(db);

  async function list(query: Query): Promise<AdminEarningList> {
    if (query.modelId && !(await repo.isModel(query.modelId))) throw notFound('That model was not found.');
    const { rows, count, totals } = await repo.page(
      {
        modelId: query.modelId,
        q: query.q,
        source: query.source,
        from: query.from ? new Date(query.from) : undefined,
        until: query.to ? endOf(query.to) : undefined,
      },
      query,
    );
    return {
      items: rows.map(({ earning, model, payer, metadata }) => ({
        _id: earning.id,
        source: earning.source,
        gross: earning.gross,
        commission: earning.commission,
        net: earning.net,
        model: { _id: model.id, username: model.username, name: model.name },
        payer: payer ? { _id: payer.id, username: payer.username, name: payer.name } : null,
        note: tipNoteOf(earning.source, metadata),
        createdAt: earning.createdAt.toISOString(),
      })),
      count,
      totals,
    };
  }

  return { list };
}

export type AdminEarningsService = ReturnType<typeof createAdminEarningsService>;
