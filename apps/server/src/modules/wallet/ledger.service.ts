import { ErrorCode, formatTokens, hundredthsToTokens, WalletErrorCode, type LedgerCheck, type WalletEntry } from '@cc/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { AppError, badRequest, conflict, notFound } from '../../platform/errors';
import type { EventBus, WalletBalances } from '../../platform/events';
import { perTurnBatch } from '../../platform/turn-batch';
import type { SettingsService } from '../system';
import { walletBalance } from './balances';
import { splitCommission } from './commission';
import { tipNoteOf } from './tip-note';
import {
  createLedgerRepository,
  refKey,
  revenueShardOf,
  SITE_ACCOUNTS,
  type AccountRef,
  type ChangedAccount,
  type LedgerKind,
  type Move,
  type NewEarning,
  type NewTransaction,
  type SiteAccountKind,
  type TransactionRow,
} from './ledger.repository';

/** What every movement answers. A replay (same idempotency key) moved nothing and changed no one. */
export type Posted = {
  transactionId: string;
  replayed: boolean;
  /** Members whose wallet changed: publish `wallet.changed` for them after commit (see `announce`). */
  userIds: string[];
  /** Their balances right after this movement, hundredths of a token. Empty on a replay. */
  balances: Record<string, number>;
  /**
   * The version of each of those balances: a later change of the same wallet always has a larger
   * one (see `ledger.repository` `post`). `announce` carries both, so sockets need not re-read.
   */
  versions: Record<string, number>;
};
/** A transfer also names its earning row and the split (from that row on a replay). */
export type Transferred = Posted & { earningId: string | null; commission: number; net: number };

type Metadata = Record<string, unknown>;
type Leg = { account: AccountRef | { accountId: string }; amount: number };
/** Whose shortfall a 402 describes, so the sentence fits the person reading it. */
type Shortfall = 'payer' | 'refund' | 'adjustment' | 'payout' | 'payouts_pending';

export type EarningSource = 'message' | 'item' | 'tip' | 'call';
/** A member paying a model (gross in hundredths); the key makes a retry a replay. */
export type TransferInput = {
  payerId: string;
  modelId: string;
  gross: number;
  source: EarningSource;
  idempotencyKey: string;
  memo: string;
  metadata?: Metadata;
};
/** A payout movement: hundredths, its key, and the administrator behind a decision (`createdBy`). */
export type PayoutMovement = { amount: number; idempotencyKey: string; memo: string; createdBy?: string | null; metadata?: Metadata };
/** Spending that goes to the site itself (no model earns from it). */
export type ChargeKind = EarningSource;

/** The memo of the sign-up grant, as the member's history shows it. */
export const SIGNUP_TOKENS_MEMO = 'Welcome tokens';

/** The most one movement may carry: 1,000,000.00 tokens (a sanity bound; balances are 64-bit). */
export const MAX_AMOUNT = 100_000_000;

/**
 * The ledger: the one service that moves tokens. Every movement is a transaction of entries that
 * sum to zero, claimed first by its idempotency key, with each balance changed by one guarded
 * statement so no wallet can go below zero, even under concurrency.
 *
 * Every function takes an optional `tx`. Given one, the work joins the caller's transaction (inside
 * a savepoint, so a 402 the caller catches leaves nothing half-written) and publishes nothing: the
 * caller publishes after its commit, with `ledger.announce(result.userIds)`. Without one, the
 * ledger runs its own transaction and announces after it commits.
 */
export function createLedger({ db, events, settings }: { db: Db; events: EventBus; settings: Pick<SettingsService, 'cached'> }) {
  const repo = createLedgerRepository(db);

  /**
   * Tells every tab of these members their new balance. Call after the commit, never inside. Given
   * the movements themselves (not just ids), the balances they wrote travel with the event, so no
   * one re-reads them; with several movements, each member's latest balance wins.
   */
  function announce(changes: readonly string[] | Posted | readonly Posted[]) {
    if (isIdList(changes)) {
      const unique = [...new Set(changes)];
      if (unique.length > 0) events.publish('wallet.changed', { userIds: unique });
      return;
    }
    const balances: WalletBalances = {};
    for (const posted of Array.isArray(changes) ? (changes as readonly Posted[]) : [changes as Posted]) {
      for (const userId of posted.userIds) {
        const [balance, version] = [posted.balances[userId], posted.versions[userId]];
        if (balance === undefined || version === undefined) continue;
        if ((balances[userId]?.version ?? -1) < version) balances[userId] = { balance, version };
      }
    }
    const userIds = Object.keys(balances);
    if (userIds.length > 0) events.publish('wallet.changed', { userIds, balances });
  }

  /**
   * Runs a movement in the caller's transaction, or on its own. A movement is one statement that
   * writes everything or nothing (`repo.post`), so it needs neither a transaction of its own nor a
   * savepoint in the caller's; on its own, it announces the new balances once written.
   */
  async function within<T extends Posted>(tx: Tx | undefined, work: (q: DbOrTx) => Promise<T>): Promise<T> {
    if (tx) return work(tx);
    const result = await work(db);
    announce(result);
    return result;
  }

  /**
   * Checks the legs balance, then moves them in one statement (`repo.post`): accounts locked in id
   * order, every guard checked, the key claimed, balances, entries and the earning written — or
   * nothing at all when a guard refuses or the key was already used.
   */
  async function post(
    q: DbOrTx,
    claim: NewTransaction,
    shortfall: Shortfall,
    legs: Leg[],
    earning: Omit<NewEarning, 'transactionId'> | null = null,
  ): Promise<Posted & { existing?: TransactionRow; earningId: string | null }> {
    // A zero leg (a 0 % commission, a 100 % commission's net) moves nothing and writes no entry.
    const moving = legs.filter((leg) => leg.amount !== 0);
    for (const leg of moving) assertAmount(Math.abs(leg.amount), 'a ledger leg', true);
    // A transaction that does not balance is a bug in the caller: refuse before writing anything.
    const sum = moving.reduce((total, leg) => total + leg.amount, 0);
    if (sum !== 0 || moving.length === 0) throw new Error(`ledger transaction ${claim.kind} does not balance (sum ${sum})`);

    const refs = refsOf(moving);
    for (let attempt = 1; ; attempt++) {
      const moves = movesOf(moving, await repo.accountIds(refs, q));
      const outcome = await repo.post({ claim, moves, earning }, q);
      if (outcome.kind === 'posted') return postedOf(outcome);
      if (outcome.kind === 'unknown-account') {
        // A remembered id whose creating transaction rolled back: forget, resolve again, retry once.
        repo.forgetAccounts(refs);
        if (attempt < 2) continue;
        throw new Error(`ledger transaction ${claim.kind}: an account could not be found`);
      }
      // Taken, or refused: either way the key may belong to a movement that committed while this one
      // waited for the accounts (its snapshot could not see it). Its answer is the replay.
      const existing = await repo.findTransactionByKey(claim.idempotencyKey, q);
      if (existing || outcome.kind === 'taken') return replay(existing, claim);
      throw insufficient(outcome.balance, -moves.find((move) => move.accountId === outcome.accountId)!.amount, shortfall);
    }
  }

  function replay(existing: TransactionRow | undefined, claim: NewTransaction) {
    // Not visible only under a stricter isolation level than ours; asking again is the honest answer.
    if (!existing) throw conflict('That request is still being processed. Please try again.');
    if (existing.kind !== claim.kind) throw conflict('This idempotency key was already used for a different action.');
    // docs/product.md#idempotency: a claim that says what was asked (`metadata.request`) is a replay
    // only of the same request; the same key with another amount or recipient moves nothing.
    const asked = (claim.metadata as Metadata | null | undefined)?.request;
    const first = (existing.metadata as Metadata | null)?.request;
    if (asked !== undefined && first !== undefined && asked !== first)
      throw conflict('This idempotency key was already used for a different request. Use a new key for a new request.');
    return { transactionId: existing.id, replayed: true, userIds: [], balances: {}, versions: {}, existing, earningId: null };
  }

  /** A 402 for people: the sentence and `details` say the amounts in tokens (docs/product.md#errors). */
  function insufficient(balance: number, needed: number, shortfall: Shortfall) {
    const [neededTokens, heldTokens] = [hundredthsToTokens(needed), hundredthsToTokens(balance)];
    const [need, have] = [formatTokens(neededTokens), formatTokens(heldTokens)];
    const msg = {
      payer: `You need ${need} tokens for this but have ${have}.`,
      refund: `This refund takes back ${need} tokens, but that wallet holds only ${have}.`,
      adjustment: `The member has only ${have} tokens, so ${need} cannot be taken away.`,
      payout: `You have ${have} tokens, so a payout of ${need} tokens is not possible.`,
      payouts_pending: `Only ${have} tokens wait for payout, so ${need} cannot leave them.`,
    }[shortfall];
    return new AppError(402, ErrorCode.INSUFFICIENT_TOKENS, msg, { needed: neededTokens, balance: heldTokens });
  }

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
    const percent = await settings.cached('siteCommission');
    // What `transferWithCommission` would refuse, and a key already among them, are left to it.
    const keys = new Set<string>();
    const together = inputs.filter((input) => {
      const fits = input.payerId !== input.modelId && isAmount(input.gross) && !keys.has(input.idempotencyKey);
      keys.add(input.idempotencyKey);
      return fits;
    });
    const movements = together.map((input) => {
      const split = splitCommission(input.gross, percent);
      return {
        input,
        split,
        claim: claimOf(input.source, { ...input, metadata: { ...input.metadata, commissionPercent: percent } }),
        legs: transferLegs(input, split).filter((leg) => leg.amount !== 0),
        earning: { modelId: input.modelId, payerId: input.payerId, source: input.source, ...split },
      };
    });
    const ids = await repo.accountIds(
      movements.flatMap((movement) => refsOf(movement.legs)),
      db,
    );
    return db.transaction(async (tx) => {
      const outcomes = await repo.postMany(
        movements.map(({ claim, legs, earning }) => ({ claim, moves: movesOf(legs, ids), earning })),
        tx,
      );
      const transferred = new Map<TransferInput, Transferred>();
      outcomes.forEach((outcome, index) => {
        if (!outcome) return;
        const { input, split } = movements[index]!;
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

  /** A member's balance in hundredths; 0 for a member who never had a wallet. */
  async function balanceOf(userId: string, tx?: Tx): Promise<number> {
    return walletBalance(tx ?? db, userId);
  }

  /**
   * What the site holds in one kind of account, in hundredths: revenue is summed over its shards,
   * so read it here rather than from one row.
   */
  async function siteBalance(kind: SiteAccountKind, tx?: Tx): Promise<number> {
    return repo.siteBalance(kind, tx ?? db);
  }

  /** A page of what moved in and out of a member's wallet, newest first. */
  async function statement(input: { userId: string; limit: number; skip: number }): Promise<{ items: WalletEntry[]; count: number }> {
    const accountId = await repo.walletIdOf(input.userId);
    if (!accountId) return { items: [], count: 0 };
    const { rows, count } = await repo.statementPage(accountId, input);
    return {
      items: rows.map((r) => ({
        _id: r.id,
        transactionId: r.transactionId,
        kind: r.kind,
        amount: r.amount,
        memo: r.memo,
        note: tipNoteOf(r.kind, r.metadata),
        createdAt: r.createdAt.toISOString(),
      })),
      count,
    };
  }

  /**
   * Makes the site's accounts before the first movement (at start-up), so no paying transaction
   * creates one. A transaction that creates an account holds it uncommitted until it ends; two that
   * each created an account the other then needed would wait on each other for good.
   */
  async function openSiteAccounts(): Promise<void> {
    await repo.accountIds(SITE_ACCOUNTS, db);
  }

  /** Integrity: every transaction balances and every cached balance equals its entries. */
  async function check(): Promise<LedgerCheck> {
    const [unbalancedTransactions, driftedAccounts] = await Promise.all([repo.unbalancedTransactions(), repo.driftedAccounts()]);
    return { ok: unbalancedTransactions.length === 0 && driftedAccounts.length === 0, unbalancedTransactions, driftedAccounts };
  }

  return {
    openSiteAccounts,
    creditCardPurchase,
    charge,
    transferWithCommission,
    transfersWithCommission,
    refund,
    adjust,
    grantSignupTokens,
    holdPayout,
    releasePayout,
    settlePayout,
    balanceOf,
    siteBalance,
    statement,
    check,
    announce,
  };
}

export type Ledger = ReturnType<typeof createLedger>;

function claimOf(
  kind: LedgerKind,
  input: { idempotencyKey: string; memo: string; metadata?: Metadata | undefined; createdBy?: string | null | undefined },
): NewTransaction {
  return {
    kind,
    idempotencyKey: input.idempotencyKey,
    memo: input.memo,
    createdBy: input.createdBy ?? null,
    metadata: input.metadata ?? null,
  };
}

/** The payer loses the gross, the model gains the net, the site's revenue (the payer's shard) keeps the commission. */
function transferLegs(input: TransferInput, split: { gross: number; commission: number; net: number }): Leg[] {
  return [
    { account: { userId: input.payerId }, amount: -split.gross },
    { account: { userId: input.modelId }, amount: split.net },
    { account: { site: 'platform_revenue', shard: revenueShardOf(input.payerId) }, amount: split.commission },
  ];
}

/** The accounts legs name by owner (the rest name an account id already). */
function refsOf(legs: Leg[]): AccountRef[] {
  return legs.flatMap((leg) => ('accountId' in leg.account ? [] : [leg.account]));
}

/** Legs as the repository takes them: one move per account, none zero, in account id order. */
function movesOf(legs: Leg[], ids: Map<string, string>): Move[] {
  const byAccount = new Map<string, number>();
  for (const leg of legs) {
    const id = 'accountId' in leg.account ? leg.account.accountId : ids.get(refKey(leg.account))!;
    byAccount.set(id, (byAccount.get(id) ?? 0) + leg.amount);
  }
  return [...byAccount]
    .filter(([, amount]) => amount !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([accountId, amount]) => ({ accountId, amount }));
}

/** What a posted movement answers: the members whose wallet changed, with their balances and versions right after. */
function postedOf(outcome: { transactionId: string; earningId: string | null; changed: ChangedAccount[] }) {
  const balances: Record<string, number> = {};
  const versions: Record<string, number> = {};
  for (const account of outcome.changed) {
    if (!account.userId) continue;
    balances[account.userId] = account.balance;
    versions[account.userId] = account.version;
  }
  return {
    transactionId: outcome.transactionId,
    replayed: false,
    userIds: Object.keys(balances),
    balances,
    versions,
    earningId: outcome.earningId,
  };
}

/** Drops the internal fields (`existing` row, `earningId`) from what callers see. */
function strip({ transactionId, replayed, userIds, balances, versions }: Posted): Posted {
  return { transactionId, replayed, userIds, balances, versions };
}

const isIdList = (changes: readonly string[] | Posted | readonly Posted[]): changes is readonly string[] =>
  Array.isArray(changes) && changes.every((c) => typeof c === 'string');

const isAmount = (amount: number) => Number.isSafeInteger(amount) && amount > 0 && amount <= MAX_AMOUNT;

/**
 * Amounts are positive whole hundredths, at most MAX_AMOUNT: a 422 for people (the schemas already
 * refuse most of these at the edge, in tokens), a bug for legs.
 */
function assertAmount(amount: number, what: string, internal = false) {
  if (isAmount(amount)) return;
  if (internal) throw new Error(`${what} must be a positive integer of hundredths ≤ ${MAX_AMOUNT}, got ${amount}`);
  throw badRequest(`${what} must be between 0.01 and ${formatTokens(hundredthsToTokens(MAX_AMOUNT))} tokens, with at most two decimals.`);
}
