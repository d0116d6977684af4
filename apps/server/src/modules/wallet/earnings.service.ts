import { ErrorCode, type EarningList } from '@cc/contracts';
import { forbidden } from '../../platform/errors';
import type { Db } from '../../platform/db';
import { createLedgerRepository } from './ledger.repository';
import { tipNoteOf } from './tip-note';

/** A model's earnings: one row per sale (and a negative row per refund), with totals. */
export function createEarningsService({ db }: { db: Db }) {
  const repo = createLedgerRepository(db);

  async function listForModel({
    user,
    page,
  }: {
    user: { id: string; type: string };
    page: { limit: number; skip: number };
  }): Promise<EarningList> {
    if (user.type !== 'model') throw forbidden('Only models have earnings.', ErrorCode.NOT_A_MODEL);
    const { rows, count, totals } = await repo.earningsPage(user.id, page);
    return {
      items: rows.map(({ earning, payer, metadata }) => ({
        _id: earning.id,
        source: earning.source,
        gross: earning.gross,
        commission: earning.commission,
        net: earning.net,
        payer: payer ? { _id: payer.id, username: payer.username, name: payer.name } : null,
        note: tipNoteOf(earning.source, metadata),
        createdAt: earning.createdAt.toISOString(),
      })),
      count,
      totals,
    };
  }

  return { listForModel };
}

export type EarningsService = ReturnType<typeof createEarningsService>;
