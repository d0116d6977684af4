import { WalletErrorCode } from '@cc/contracts';
import type { Tx } from '../../platform/db';
import { badRequest, conflict, notFound } from '../../platform/errors';
import {
  assertAmount,
  claimOf,
  SIGNUP_TOKENS_MEMO,
  strip,
  type ChargeKind,
  type LedgerMovements,
  type Metadata,
  type PayoutMovement,
  type Posted,
} from './ledger-movement';
import { revenueShardOf, type LedgerRepository } from './ledger.repository';

// The ledger's movements other than transfers (ledger-transfers.ts): tokens bought and spent at
// the site, corrections and grants, refunds, and payouts. Each is one `post` of balanced legs.

/** Tokens coming in and going to the site: card purchases, charges, corrections and sign-up grants. */
export function createLedgerPostings({ within, post }: LedgerMovements) {
  /** Tokens bought with a card: the card clearing account pays the member's wallet. */
  async function creditCardPurchase(
    input: { userId: string; amount: number; idempotencyKey: string; memo: string; metadata?: Metadata },
    tx?: Tx,
  ): Promise<Posted> {
    assertAmount(input.amount, 'The amount');
    return within(tx, (q) =>
      post(q, claimOf('card_purchase', input), 'payer', [
        { account: { site: 'card_clearing' }, amount: -input.amount },
        { account: { userId: input.userId }, amount: input.amount },
      ]).then(strip),
    );
  }

  /** The member pays the site itself (nothing for a model). */
  async function charge(
    input: { userId: string; amount: number; kind: ChargeKind; idempotencyKey: string; memo: string; metadata?: Metadata },
    tx?: Tx,
  ): Promise<Posted> {
    assertAmount(input.amount, 'The amount');
    return within(tx, (q) =>
      post(q, claimOf(input.kind, input), 'payer', [
        { account: { userId: input.userId }, amount: -input.amount },
        { account: { site: 'platform_revenue', shard: revenueShardOf(input.userId) }, amount: input.amount },
      ]).then(strip),
    );
  }

  /** An administrator's correction, positive or negative, with the reason as the memo. */
  async function adjust(
    input: { userId: string; amount: number; reason: string; adminId: string; idempotencyKey: string; request?: string },
    tx?: Tx,
  ): Promise<Posted> {
    if (input.amount === 0) throw badRequest('Amount cannot be zero.');
    assertAmount(Math.abs(input.amount), 'The amount');
    const metadata = input.request === undefined ? null : { request: input.request };
    return within(tx, (q) =>
      post(
        q,
        { kind: 'adjustment', idempotencyKey: input.idempotencyKey, memo: input.reason, createdBy: input.adminId, metadata },
        'adjustment',
        [
          { account: { site: 'adjustments' }, amount: -input.amount },
          { account: { userId: input.userId }, amount: input.amount },
        ],
      ).then(strip),
    );
  }

  /**
   * The site gives a new member tokens at sign-up (docs/product.md#welcome-tokens), from its
   * `promotions` account. Keyed `signup:<userId>`, so one member is given them once, whatever retries.
   */
  async function grantSignupTokens(input: { userId: string; amount: number }, tx?: Tx): Promise<Posted> {
    assertAmount(input.amount, 'The amount');
    return within(tx, (q) =>
      post(q, claimOf('signup_bonus', { idempotencyKey: `signup:${input.userId}`, memo: SIGNUP_TOKENS_MEMO }), 'adjustment', [
        { account: { site: 'promotions' }, amount: -input.amount },
        { account: { userId: input.userId }, amount: input.amount },
      ]).then(strip),
    );
  }

  return { creditCardPurchase, charge, adjust, grantSignupTokens };
}

/** Refunds: a transaction's entries (and its earning) reversed, once. */
export function createLedgerReversals({ repo, movements: { within, post } }: { repo: LedgerRepository; movements: LedgerMovements }) {
  /**
   * Reverses a transaction's entries. A transaction is refunded at most once: the refund claims the
   * key `refund:<transactionId>`, and the caller's key is kept to tell their retry (answered as a
   * replay) from a second refund (409). An earning is reversed by a negative earning row, written
   * with the refund, so a model's earnings keep matching what the ledger paid them.
   */
  async function refund(input: { transactionId: string; idempotencyKey: string; memo: string }, tx?: Tx): Promise<Posted> {
    return within(tx, async (q) => {
      const original = await repo.findTransaction(input.transactionId, q);
      if (!original) throw notFound('That transaction does not exist.');
      if (original.kind === 'refund') throw badRequest('A refund cannot be refunded.');
      const claim = {
        kind: 'refund' as const,
        idempotencyKey: `refund:${original.id}`,
        memo: input.memo,
        createdBy: null,
        metadata: { refundOf: original.id, requestKey: input.idempotencyKey },
      };
      // Entries and earnings are never changed once written, so reading them before the claim is safe.
      const reversed = (await repo.entriesOf(original.id, q)).map((e) => ({ account: { accountId: e.accountId }, amount: -e.amount }));
      const earning = await repo.earningOfTransaction(original.id, q);
      const posted = await post(
        q,
        claim,
        'refund',
        reversed,
        earning
          ? {
              modelId: earning.modelId,
              payerId: earning.payerId,
              source: earning.source,
              gross: -earning.gross,
              commission: -earning.commission,
              net: -earning.net,
            }
          : null,
      );
      if (posted.existing) {
        const requestKey = (posted.existing.metadata as Metadata | null)?.requestKey;
        if (requestKey !== input.idempotencyKey) throw conflict('That transaction was already refunded.', WalletErrorCode.ALREADY_REFUNDED);
      }
      return strip(posted);
    });
  }

  return { refund };
}

/** Payouts (docs/product.md#payouts): held from the model's wallet, then released back or settled. */
export function createLedgerPayouts({ within, post }: LedgerMovements) {
  /**
   * A model asks to be paid (docs/product.md#payouts): the tokens leave her wallet for the site's
   * `payouts_pending` at once. The balance guard makes an overdraft impossible under any race (402).
   */
  async function holdPayout(input: PayoutMovement & { userId: string }, tx?: Tx): Promise<Posted> {
    assertAmount(input.amount, 'The amount');
    return within(tx, (q) =>
      post(q, claimOf('payout', input), 'payout', [
        { account: { userId: input.userId }, amount: -input.amount },
        { account: { site: 'payouts_pending' }, amount: input.amount },
      ]).then(strip),
    );
  }

  /** A rejected payout: the held tokens go back to the model's wallet. */
  async function releasePayout(input: PayoutMovement & { userId: string }, tx?: Tx): Promise<Posted> {
    assertAmount(input.amount, 'The amount');
    return within(tx, (q) =>
      post(q, claimOf('payout_refund', input), 'payouts_pending', [
        { account: { site: 'payouts_pending' }, amount: -input.amount },
        { account: { userId: input.userId }, amount: input.amount },
      ]).then(strip),
    );
  }

  /** A payout marked paid: the held tokens leave the site for good (`payouts_paid`); no wallet changes. */
  async function settlePayout(input: PayoutMovement, tx?: Tx): Promise<Posted> {
    assertAmount(input.amount, 'The amount');
    return within(tx, (q) =>
      post(q, claimOf('payout_paid', input), 'payouts_pending', [
        { account: { site: 'payouts_pending' }, amount: -input.amount },
        { account: { site: 'payouts_paid' }, amount: input.amount },
      ]).then(strip),
    );
  }

  return { holdPayout, releasePayout, settlePayout };
}
