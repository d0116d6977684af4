import { ErrorCode, formatTokens, hundredthsToTokens } from '@cc/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db';
import { AppError, badRequest, conflict } from '../../platform/errors';
import {
  refKey,
  type AccountRef,
  type ChangedAccount,
  type LedgerKind,
  type LedgerRepository,
  type Move,
  type NewEarning,
  type NewTransaction,
  type TransactionRow,
} from './ledger.repository';

// What every part of the ledger shares: what a movement answers, and how one is checked and posted.

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
   * one (see `ledger-postings.repository` `post`). `announce` carries both, so sockets need not re-read.
   */
  versions: Record<string, number>;
};
/** A transfer also names its earning row and the split (from that row on a replay). */
export type Transferred = Posted & { earningId: string | null; commission: number; net: number };

export type Metadata = Record<string, unknown>;
export type Leg = { account: AccountRef | { accountId: string }; amount: number };
/** Whose shortfall a 402 describes, so the sentence fits the person reading it. */
export type Shortfall = 'payer' | 'refund' | 'adjustment' | 'payout' | 'payouts_pending';

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
 * Posting one movement, for every part of the ledger: `post` checks the legs and runs the
 * movement's one statement, `within` joins the caller's transaction or announces once written.
 */
export function createLedgerMovements({ db, repo, announce }: { db: Db; repo: LedgerRepository; announce: (posted: Posted) => void }) {
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

  return { within, post };
}

export type LedgerMovements = ReturnType<typeof createLedgerMovements>;

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

export function claimOf(
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

/** The accounts legs name by owner (the rest name an account id already). */
export function refsOf(legs: Leg[]): AccountRef[] {
  return legs.flatMap((leg) => ('accountId' in leg.account ? [] : [leg.account]));
}

/** Legs as the repository takes them: one move per account, none zero, in account id order. */
export function movesOf(legs: Leg[], ids: Map<string, string>): Move[] {
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
export function postedOf(outcome: { transactionId: string; earningId: string | null; changed: ChangedAccount[] }) {
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
export function strip({ transactionId, replayed, userIds, balances, versions }: Posted): Posted {
  return { transactionId, replayed, userIds, balances, versions };
}

export const isAmount = (amount: number) => Number.isSafeInteger(amount) && amount > 0 && amount <= MAX_AMOUNT;

/**
 * Amounts are positive whole hundredths, at most MAX_AMOUNT: a 422 for people (the schemas already
 * refuse most of these at the edge, in tokens), a bug for legs.
 */
export function assertAmount(amount: number, what: string, internal = false) {
  if (isAmount(amount)) return;
  if (internal) throw new Error(`${what} must be a positive integer of hundredths ≤ ${MAX_AMOUNT}, got ${amount}`);
  throw badRequest(`${what} must be between 0.01 and ${formatTokens(hundredthsToTokens(MAX_AMOUNT))} tokens, with at most two decimals.`);
}
