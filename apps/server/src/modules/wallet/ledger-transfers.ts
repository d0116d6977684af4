import type { Db, Tx } from '../../platform/db';
import { badRequest } from '../../platform/errors';
import { perTurnBatch } from '../../platform/turn-batch';
import type { SettingsService } from '../system';
import { splitCommission } from './commission';
import {
  assertAmount,
  claimOf,
  isAmount,
  movesOf,
  postedOf,
  refsOf,
  strip,
  type Leg,
  type LedgerMovements,
  type Posted,
  type Transferred,
  type TransferInput,
} from './ledger-movement';
import { revenueShardOf, type LedgerRepository } from './ledger.repository';

// Transfers with commission: a member pays a model (messages, tips, items, calls). The hot path of
// every paid action, so transfers of their own that arrive together are posted as one group.

type Deps = {
  db: Db;
  repo: LedgerRepository;
  settings: Pick<SettingsService, 'cached'>;
  movements: LedgerMovements;
  announce: (posted: Posted) => void;
};

/** Transfers one at a time (`transferWithCommission`) and many in one statement (`transfersWithCommission`). */
export function createLedgerTransfers({ db, repo, settings, movements, announce }: Deps) {
  const { within, post } = movements;

  /**
   * A member pays a model: the payer loses the gross, the model gains the net, the site keeps the
   * commission (`siteCommission` unless given), and the earning row is written in the same
   * transaction, so there is never money without its earning or the other way round. On its own
   * (no `tx`), it is posted with the others that arrive with it (`transferTogether`).
   */
  async function transferWithCommission(input: TransferInput & { commissionPercent?: number }, tx?: Tx): Promise<Transferred> {
    assertAmount(input.gross, 'The amount');
    if (input.payerId === input.modelId) throw badRequest('You cannot pay yourself.');
    if (!tx && input.commissionPercent === undefined) {
      const grouped = await transferTogether({ ...input });
      if (grouped) {
        announce(grouped);
        return grouped;
      }
    }
    // The commission setting changes rarely: read through the settings cache (modules/system).
    const percent = input.commissionPercent ?? (await settings.cached('siteCommission', tx));
    const split = splitCommission(input.gross, percent);
    return within(tx, async (q) => {
      const claim = claimOf(input.source, { ...input, metadata: { ...input.metadata, commissionPercent: percent } });
      const posted = await post(q, claim, 'payer', transferLegs(input, split), {
        modelId: input.modelId,
        payerId: input.payerId,
        source: input.source,
        ...split,
      });
      if (posted.replayed) {
        const earning = await repo.earningOfTransaction(posted.transactionId, q);
        return { ...strip(posted), earningId: earning?.id ?? null, commission: earning?.commission ?? 0, net: earning?.net ?? 0 };
      }
      return { ...strip(posted), earningId: posted.earningId, commission: split.commission, net: split.net };
    });
  }

  /**
   * Many transfers in one transaction, in one statement (`repo.postMany`), then `andThen` in the
   * same transaction with, for each transfer, what `transferWithCommission` answers when it was
   * posted, or undefined when it was not (refused, a replay, or anything unusual): the caller asks
   * that one again alone, for the exact answer. An error thrown by `andThen` rolls every transfer
   * back. Accounts not known yet are made first, before the transaction (an empty wallet made for
   * nothing is harmless; `openSiteAccounts` tells why a paying transaction should make none).
   */
  async function transfersWithCommission<T>(
    inputs: TransferInput[],
    andThen: (transferred: (Transferred | undefined)[], tx: Tx) => Promise<T>,
  ): Promise<T> {
    const group = groupOf(inputs, await settings.cached('siteCommission'));
    const ids = await repo.accountIds(
      group.flatMap((movement) => refsOf(movement.legs)),
      db,
    );
    return db.transaction(async (tx) => {
      const outcomes = await repo.postMany(
        group.map(({ claim, legs, earning }) => ({ claim, moves: movesOf(legs, ids), earning })),
        tx,
      );
      const transferred = new Map<TransferInput, Transferred>();
      outcomes.forEach((outcome, index) => {
        if (!outcome) return;
        const { input, split } = group[index]!;
        transferred.set(input, { ...strip(postedOf(outcome)), earningId: outcome.earningId, commission: split.commission, net: split.net });
      });
      return andThen(
        inputs.map((input) => transferred.get(input)),
        tx,
      );
    });
  }

  // Transfers of their own (a tip; not inside a caller's transaction) that arrive together, in one
  // turn or while a group is being posted, are posted together, one group at a time
  // (platform/turn-batch.ts): many payers of one model then change her wallet once per group, not
  // once each. What a group leaves, or all of it when it fails, goes alone.
  const transferTogether = perTurnBatch(
    async (inputs: TransferInput[]) => {
      try {
        const transferred = await transfersWithCommission(inputs, async (result) => result);
        return new Map(inputs.flatMap((input, index) => (transferred[index] ? [[input, transferred[index]] as const] : [])));
      } catch (error) {
        if (inputs.length === 1) throw error;
        return new Map<TransferInput, Transferred>();
      }
    },
    { callsAtOnce: 1 },
  );

  return { transferWithCommission, transfersWithCommission };
}

/** The payer loses the gross, the model gains the net, the site's revenue (the payer's shard) keeps the commission. */
function transferLegs(input: TransferInput, split: { gross: number; commission: number; net: number }): Leg[] {
  return [
    { account: { userId: input.payerId }, amount: -split.gross },
    { account: { userId: input.modelId }, amount: split.net },
    { account: { site: 'platform_revenue', shard: revenueShardOf(input.payerId) }, amount: split.commission },
  ];
}

/**
 * The transfers of a group as movements at one commission percent. What `transferWithCommission`
 * would refuse, and a key already among them, are left out: the caller sends those alone.
 */
function groupOf(inputs: TransferInput[], percent: number) {
  const keys = new Set<string>();
  const together = inputs.filter((input) => {
    const fits = input.payerId !== input.modelId && isAmount(input.gross) && !keys.has(input.idempotencyKey);
    keys.add(input.idempotencyKey);
    return fits;
  });
  return together.map((input) => {
    const split = splitCommission(input.gross, percent);
    return {
      input,
      split,
      claim: claimOf(input.source, { ...input, metadata: { ...input.metadata, commissionPercent: percent } }),
      legs: transferLegs(input, split).filter((leg) => leg.amount !== 0),
      earning: { modelId: input.modelId, payerId: input.payerId, source: input.source, ...split },
    };
  });
}
