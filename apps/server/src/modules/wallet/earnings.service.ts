import { earningSourceSchema, type EarningList, type EarningPeriod } from '@cc/contracts';
import type { Db } from '../../platform/db';
import { shownPeriods } from './earning-periods';
import { createEarningsRepository, type Sums } from './earnings.repository';
import type { EarningSource } from './ledger.service';
import { tipNoteOf } from './tip-note';

const zero = (): Sums => ({ gross: 0, commission: 0, net: 0 });

/**
 * A model's earnings (docs/product.md#earnings): one row per sale (and a negative row per refund),
 * the totals of every row, the totals per source and per period. Sums are grouped in SQL.
 */
export function createEarningsService({ db, now = () => new Date() }: { db: Db; now?: () => Date }) {
  const repo = createEarningsRepository(db);

  async function listForModel({
    user,
    query,
  }: {
    user: { id: string; type: string };
    query: { limit: number; skip: number; source?: EarningSource | undefined; period: EarningPeriod };
  }): Promise<EarningList> {
    const periods = shownPeriods(query.period, now());
    // A member who is not a model has earned nothing: the same answer, empty (docs/product.md#earnings).
    const [{ rows, count }, sources, byPeriod] =
      user.type === 'model'
        ? await Promise.all([
            repo.page(user.id, query),
            repo.totalsBySource(user.id),
            repo.totalsByPeriod(user.id, query.period, periods.from),
          ])
        : [{ rows: [], count: 0 }, [], []];

    // Every source and every period is present, 0 when nothing was earned from it.
    const bySource = Object.fromEntries(earningSourceSchema.options.map((s) => [s, zero()])) as Record<EarningSource, Sums>;
    const totals = zero();
    for (const { source, gross, commission, net } of sources) {
      bySource[source] = { gross, commission, net };
      totals.gross += gross;
      totals.commission += commission;
      totals.net += net;
    }
    const perStart = new Map(byPeriod.map((p) => [p.start, p]));

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
      // The xChat client's name for the net total.
      totalEarnings: totals.net,
      bySource,
      byPeriod: periods.starts.map((start) => {
        const found = perStart.get(start);
        return { start, count: found?.count ?? 0, gross: found?.gross ?? 0, commission: found?.commission ?? 0, net: found?.net ?? 0 };
      }),
    };
  }

  return { listForModel };
}

export type EarningsService = ReturnType<typeof createEarningsService>;
