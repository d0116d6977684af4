import { eq } from 'drizzle-orm';
import { earnings, ledgerEntries, ledgerTransactions } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';
import type { EarningRow, PostInput, PostOutcome, TransactionRow } from './ledger-rows';
import { postManyStatement, postStatement, postWithEarningStatement, type PostManyParams, type PostParams } from './ledger-postings.sql';

// Movements and the transactions they wrote: `post` and `postMany` run the statements of
// `ledger-postings.sql.ts`; the reads serve replays and refunds.

type PostedOutcome = Extract<PostOutcome, { kind: 'posted' }>;

/** The ledger's movements, one statement each, or many in one; every write takes the caller's transaction. */
export function createLedgerPostingsRepository(db: Db) {
  async function findTransactionByKey(idempotencyKey: string, tx: DbOrTx = db): Promise<TransactionRow | undefined> {
    const [row] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, idempotencyKey)).limit(1);
    return row;
  }

  async function findTransaction(id: string, tx: DbOrTx = db): Promise<TransactionRow | undefined> {
    const [row] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id)).limit(1);
    return row;
  }

  /**
   * One movement in one statement: claim the key, change every balance, write the entries and the
   * earning. The accounts are locked first, in id order (`for no key update` after `order by`
   * locks rows in that order), so two movements over the same accounts take them in the same order
   * and never deadlock; every guard (`allow_negative or balance + amount >= 0`) is then checked
   * together on the locked, latest balances, and only when all pass is the key claimed and anything
   * written. A refusal writes nothing and raises no error, so it needs no savepoint inside a
   * caller's transaction; the CHECK constraint on `ledger_accounts` still backs the guard. The key
   * is claimed after the locks: a concurrent retry of the same movement waits on the accounts,
   * then finds the key taken and moves nothing (bench/PROFILE.md has why one statement matters:
   * each round trip costs the server's event loop a turn and a socket write).
   *
   * The new balance is computed from the locked row (`l.balance`), not from the updated one
   * (`a.balance`): the update's scan sees each row as it was when the statement started, and
   * PostgreSQL checks the CHECK constraint on the new row before it notices a newer version, so a
   * balance changed while this statement waited for the lock would be checked stale (a spurious
   * overdraft error). The lock is held throughout, so the locked balance is the current one.
   *
   * A movement naming an account it cannot see (`present`) locks nothing. Such an id was remembered
   * from a transaction that created the account and has not committed (or rolled back): the caller
   * resolves it again, which waits for that transaction. Had this attempt kept the locks on the
   * other accounts meanwhile, and that transaction then needed one of them, the two would deadlock
   * (five purchases at once of a new model's item did).
   *
   * `version` of each changed account is the database's WAL insert position just after its row
   * was written: a later change of the same row can only be written after this transaction
   * commits, so it always has a larger version. The socket uses it to keep a late event from
   * overwriting a newer balance.
   */
  async function post(input: PostInput, tx: DbOrTx): Promise<PostOutcome> {
    const { earning } = input;
    const params = postParamsOf(input);
    const [row] = earning
      ? await postWithEarningStatement(tx, {
          ...params,
          earningModelId: earning.modelId,
          earningPayerId: earning.payerId ?? null,
          earningSource: earning.source,
          earningGross: earning.gross,
          earningCommission: earning.commission,
          earningNet: earning.net,
        })
      : await postStatement(tx, params);
    const outcome = row!.result;
    if (outcome.transactionId)
      return { kind: 'posted', transactionId: outcome.transactionId, earningId: outcome.earningId, changed: outcome.changed ?? [] };
    if (outcome.ok) return { kind: 'taken' };
    if (outcome.short) return { kind: 'refused', ...outcome.short };
    return { kind: 'unknown-account' };
  }

  /**
   * Many movements in one statement (`postManyStatement`): for each, in order, what was written, or
   * null when it was not (refused, its key taken, an account unknown): ask that one again with `post`.
   * Each movement's key must differ from the others'.
   */
  async function postMany(inputs: PostInput[], tx: DbOrTx): Promise<(PostedOutcome | null)[]> {
    const rows = await postManyStatement(tx, postManyParamsOf(inputs));
    const outcomes: (PostedOutcome | null)[] = inputs.map(() => null);
    for (const row of rows) {
      if (!row.transaction_id) continue;
      outcomes[Number(row.n) - 1] = {
        kind: 'posted',
        transactionId: row.transaction_id,
        earningId: row.earning_id,
        changed: row.changed ?? [],
      };
    }
    return outcomes;
  }

  async function entriesOf(transactionId: string, tx: DbOrTx = db) {
    return tx
      .select({ accountId: ledgerEntries.accountId, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.transactionId, transactionId));
  }

  async function earningOfTransaction(transactionId: string, tx: DbOrTx = db): Promise<EarningRow | undefined> {
    const [row] = await tx.select().from(earnings).where(eq(earnings.transactionId, transactionId)).limit(1);
    return row;
  }

  return { findTransactionByKey, findTransaction, post, postMany, entriesOf, earningOfTransaction };
}

/** One movement's values as `postStatement` names them. */
function postParamsOf({ claim, moves }: PostInput): PostParams {
  return {
    accountIds: moves.map((m) => m.accountId),
    amounts: moves.map((m) => m.amount),
    kind: claim.kind,
    idempotencyKey: claim.idempotencyKey,
    memo: claim.memo ?? '',
    createdBy: claim.createdBy ?? null,
    metadata: claim.metadata == null ? null : JSON.stringify(claim.metadata),
  };
}

/** Many movements' values as `postManyStatement` names them: one element per movement, or per move. */
function postManyParamsOf(inputs: PostInput[]): PostManyParams {
  const params: PostManyParams = {
    kinds: [],
    idempotencyKeys: [],
    memos: [],
    createdBys: [],
    metadatas: [],
    earningModelIds: [],
    earningPayerIds: [],
    earningSources: [],
    earningGrosses: [],
    earningCommissions: [],
    earningNets: [],
    moveOf: [],
    moveAccountIds: [],
    moveAmounts: [],
  };
  inputs.forEach(({ claim, moves, earning }, index) => {
    params.kinds.push(claim.kind);
    params.idempotencyKeys.push(claim.idempotencyKey);
    params.memos.push(claim.memo ?? '');
    params.createdBys.push(claim.createdBy ?? null);
    params.metadatas.push(claim.metadata == null ? null : JSON.stringify(claim.metadata));
    params.earningModelIds.push(earning?.modelId ?? null);
    params.earningPayerIds.push(earning?.payerId ?? null);
    params.earningSources.push(earning?.source ?? null);
    params.earningGrosses.push(earning?.gross ?? null);
    params.earningCommissions.push(earning?.commission ?? null);
    params.earningNets.push(earning?.net ?? null);
    for (const move of moves) {
      params.moveOf.push(index + 1);
      params.moveAccountIds.push(move.accountId);
      params.moveAmounts.push(move.amount);
    }
  });
  return params;
}
