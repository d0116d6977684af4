import { and, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { earnings, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';
import { preparedStatement, type Db, type DbOrTx } from '../../platform/db';

export type AccountKind = (typeof ledgerAccounts.$inferSelect)['kind'];
export type SiteAccountKind = Exclude<AccountKind, 'member_wallet'>;
export type LedgerKind = (typeof ledgerTransactions.$inferSelect)['kind'];
export type TransactionRow = typeof ledgerTransactions.$inferSelect;
export type NewTransaction = Pick<typeof ledgerTransactions.$inferInsert, 'kind' | 'idempotencyKey' | 'memo' | 'createdBy' | 'metadata'>;
export type NewEarning = Omit<typeof earnings.$inferInsert, 'id' | 'createdAt'>;
export type EarningRow = typeof earnings.$inferSelect;

/** One account's change in a movement: signed hundredths. */
export type Move = { accountId: string; amount: number };
export type PostInput = {
  claim: NewTransaction;
  /** One per account, in id order, none zero. */
  moves: Move[];
  /** The earning row written with a sale (or a refund's negative one); its transaction id is the claim's. */
  earning: Omit<NewEarning, 'transactionId'> | null;
};
/** An account a movement changed: its balance right after, and a version that grows with each change of it. */
export type ChangedAccount = { accountId: string; userId: string | null; balance: number; version: number };
export type PostOutcome =
  | { kind: 'posted'; transactionId: string; earningId: string | null; changed: ChangedAccount[] }
  /** Every guard passed but the key was already claimed: a replay. Nothing was written. */
  | { kind: 'taken' }
  /** This account (the first refusing one in id order) would go below zero. Nothing was written. */
  | { kind: 'refused'; accountId: string; balance: number }
  /** An account id that does not exist (remembered from a transaction that rolled back). Nothing was written. */
  | { kind: 'unknown-account' };
type PostResultRow = {
  ok: boolean;
  transactionId: string | null;
  earningId: string | null;
  changed: ChangedAccount[] | null;
  short: { accountId: string; balance: number } | null;
};

const param = sql.placeholder;

/** A movement's values as its statement names them: the moves as two arrays of one length, so the statement has one shape. */
type PostParams = {
  accountIds: string[];
  amounts: number[];
  kind: string;
  idempotencyKey: string;
  memo: string;
  createdBy: string | null;
  metadata: string | null;
};
type EarningParams = {
  earningModelId: string;
  earningPayerId: string | null;
  earningSource: string;
  earningGross: number;
  earningCommission: number;
  earningNet: number;
};

/** The statement of `post` (its comment tells how it works), with or without the earning a sale writes. */
function movementStatement(withEarning: boolean) {
  const earningCte = withEarning
    ? sql`, earning as (
          insert into ${earnings} (model_id, payer_id, transaction_id, source, gross, commission, net)
          select ${param('earningModelId')}::uuid, ${param('earningPayerId')}::uuid, claim.id, ${param('earningSource')}::text,
                 ${param('earningGross')}::integer, ${param('earningCommission')}::integer, ${param('earningNet')}::integer
          from claim
          returning id
        )`
    : sql``;
  return sql`
      with moves (account_id, amount) as (
        select * from unnest(${param('accountIds')}::uuid[], ${param('amounts')}::bigint[])
      ),
      present as (
        select count(*) = cardinality(${param('accountIds')}::uuid[]) as every_one
        from ${ledgerAccounts} where id = any(${param('accountIds')}::uuid[])
      ),
      locked as (
        select a.id, a.balance, a.allow_negative, m.amount
        from ${ledgerAccounts} a join moves m on m.account_id = a.id
        where (select every_one from present)
        order by a.id
        for no key update of a
      ),
      checked as (
        select count(*) = cardinality(${param('accountIds')}::uuid[]) and coalesce(bool_and(allow_negative or balance + amount >= 0), false) as ok
        from locked
      ),
      claim as (
        insert into ${ledgerTransactions} (kind, idempotency_key, memo, created_by, metadata)
        select ${param('kind')}::text, ${param('idempotencyKey')}::text, ${param('memo')}::text, ${param('createdBy')}::uuid,
               ${param('metadata')}::jsonb
        from checked where ok
        on conflict (idempotency_key) do nothing
        returning id
      ),
      applied as (
        update ${ledgerAccounts} a set balance = l.balance + l.amount
        from locked l
        where a.id = l.id and exists (select 1 from claim)
        returning a.id, a.user_id, a.balance, pg_current_wal_insert_lsn() - '0/0'::pg_lsn as version
      ),
      entries as (
        insert into ${ledgerEntries} (transaction_id, account_id, amount)
        select claim.id, m.account_id, m.amount from claim cross join moves m
      )${earningCte}
      select json_build_object(
        'ok', (select ok from checked),
        'transactionId', (select id from claim),
        'earningId', ${withEarning ? sql`(select id from earning)` : sql`null`},
        'changed', (select json_agg(json_build_object('accountId', id, 'userId', user_id, 'balance', balance, 'version', version)) from applied),
        'short', (
          select json_build_object('accountId', id, 'balance', balance) from locked
          where not allow_negative and balance + amount < 0 order by id limit 1
        )
      ) as result
    `;
}

// Every paid action runs one of these: prepared once (platform/db.ts preparedStatement).
const postStatement = preparedStatement<PostParams, { result: PostResultRow }>('ledger_post', movementStatement(false));
const postWithEarningStatement = preparedStatement<PostParams & EarningParams, { result: PostResultRow }>(
  'ledger_post_with_earning',
  movementStatement(true),
);

/** Many movements' values, one array element per movement (claims and earnings) or per move (`move*`, with its movement's `moveOf`, from 1). */
type PostManyParams = {
  kinds: string[];
  idempotencyKeys: string[];
  memos: string[];
  createdBys: (string | null)[];
  metadatas: (string | null)[];
  earningModelIds: (string | null)[];
  earningPayerIds: (string | null)[];
  earningSources: (string | null)[];
  earningGrosses: (number | null)[];
  earningCommissions: (number | null)[];
  earningNets: (number | null)[];
  moveOf: number[];
  moveAccountIds: string[];
  moveAmounts: number[];
};
type PostManyRow = { n: string; transaction_id: string | null; earning_id: string | null; changed: ChangedAccount[] | null };

/**
 * `post` for many movements in one statement, each posted or not on its own. Every account is
 * locked first, in id order, as in `post`. A movement passes when none of its debits would take a
 * guarded account below zero counting every earlier movement's debits of it (`ahead`): a payer's
 * movements pass as a prefix, and the balances after all the passed ones are never below zero,
 * whatever the credits. Counting the debits of earlier movements that then fail is cautious: such
 * a movement may be refused here though it would pass alone, so a caller asks every movement left
 * unposted again alone, where `post` gives the exact answer (a 402, a replay, or posted).
 */
const postManyStatement = preparedStatement<PostManyParams, PostManyRow>(
  'ledger_post_many',
  sql`
      with movement as materialized (
        select * from unnest(${param('kinds')}::text[], ${param('idempotencyKeys')}::text[], ${param('memos')}::text[],
          ${param('createdBys')}::uuid[], ${param('metadatas')}::text[], ${param('earningModelIds')}::uuid[],
          ${param('earningPayerIds')}::uuid[], ${param('earningSources')}::text[], ${param('earningGrosses')}::integer[],
          ${param('earningCommissions')}::integer[], ${param('earningNets')}::integer[])
          with ordinality as movement(kind, idempotency_key, memo, created_by, metadata, earning_model_id, earning_payer_id,
            earning_source, earning_gross, earning_commission, earning_net, n)
      ), moves as materialized (
        select * from unnest(${param('moveOf')}::bigint[], ${param('moveAccountIds')}::uuid[], ${param('moveAmounts')}::bigint[])
          as moves(n, account_id, amount)
      ), wanted as (
        select distinct account_id from moves
      ), present as (
        select count(*) = (select count(*) from wanted) as every_one
        from ${ledgerAccounts} where id in (select account_id from wanted)
      ), locked as materialized (
        select a.id, a.balance, a.allow_negative
        from ${ledgerAccounts} a
        where a.id in (select account_id from wanted) and (select every_one from present)
        order by a.id
        for no key update of a
      ), ahead as (
        select moves.n, locked.balance + sum(moves.amount) over (partition by moves.account_id order by moves.n) as balance_after
        from moves join locked on locked.id = moves.account_id
        where moves.amount < 0 and not locked.allow_negative
      ), passed as (
        select * from movement
        where (select count(*) from locked) = (select count(*) from wanted)
          and not exists (select 1 from ahead where ahead.n = movement.n and ahead.balance_after < 0)
      ), claim as (
        insert into ${ledgerTransactions} (kind, idempotency_key, memo, created_by, metadata)
        select kind, idempotency_key, memo, created_by, metadata::jsonb from passed order by n
        on conflict (idempotency_key) do nothing
        returning id, idempotency_key
      ), claimed as materialized (
        select passed.*, claim.id as transaction_id from passed join claim using (idempotency_key)
      ), totals as (
        select moves.account_id, sum(moves.amount) as amount from moves join claimed using (n) group by moves.account_id
      ), applied as (
        update ${ledgerAccounts} a set balance = locked.balance + totals.amount
        from locked join totals on totals.account_id = locked.id
        where a.id = locked.id
        returning a.id, a.user_id, a.balance, pg_current_wal_insert_lsn() - '0/0'::pg_lsn as version
      ), entries as (
        insert into ${ledgerEntries} (transaction_id, account_id, amount)
        select claimed.transaction_id, moves.account_id, moves.amount from claimed join moves using (n)
      ), earning as (
        insert into ${earnings} (model_id, payer_id, transaction_id, source, gross, commission, net)
        select earning_model_id, earning_payer_id, transaction_id, earning_source, earning_gross, earning_commission, earning_net
        from claimed where earning_model_id is not null
        returning id, transaction_id
      )
      select movement.n::text as n, claimed.transaction_id, earning.id as earning_id, (
          select json_agg(json_build_object('accountId', applied.id, 'userId', applied.user_id, 'balance', applied.balance,
            'version', applied.version))
          from moves join applied on applied.id = moves.account_id where moves.n = movement.n
        ) as changed
      from movement
      left join claimed using (n)
      left join earning on earning.transaction_id = claimed.transaction_id`,
);

/**
 * How many account ids a process remembers. An account's id never changes once created, so the
 * ledger resolves each wallet once instead of once per movement; the oldest are forgotten first.
 */
const REMEMBERED_ACCOUNTS = 100_000;

/** A member's wallet, or one of the site's own accounts (one of each kind, except revenue: see `revenueShardOf`). */
export type AccountRef = { userId: string } | { site: SiteAccountKind; shard?: number };

/**
 * The site's revenue is spread over this many rows. With one row, every paid action from any member
 * queued on its lock (bench/PROFILE.md); a payer always credits the same shard, so a payer's own
 * actions keep one order, and a transfer still locks its accounts in id order, so none deadlock.
 * Readers sum the shards (`siteBalance`). Raising the number later is safe (new shards start at 0);
 * lowering it leaves the old shards readable but unused.
 */
export const REVENUE_SHARDS = 16;

/** The revenue shard a payer's commissions go to: a stable hash (FNV-1a) of their id. */
export function revenueShardOf(payerId: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < payerId.length; i++) hash = Math.imul(hash ^ payerId.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % REVENUE_SHARDS;
}

/** Site accounts that mirror money outside the ledger (cards, administrator corrections) may go negative. */
const SITE_MAY_GO_NEGATIVE: Record<SiteAccountKind, boolean> = {
  card_clearing: true,
  adjustments: true,
  // Tokens the site gives away (welcome tokens, docs/product.md#welcome-tokens): it only ever goes down.
  promotions: true,
  platform_revenue: false,
  payouts_pending: false,
  // Tokens paid out leave the site for good; this account only ever grows (docs/product.md#payouts).
  payouts_paid: false,
};

/** Every site account: one of each kind, and each revenue shard. */
export const SITE_ACCOUNTS: AccountRef[] = (Object.keys(SITE_MAY_GO_NEGATIVE) as SiteAccountKind[]).flatMap((site): AccountRef[] =>
  site === 'platform_revenue' ? Array.from({ length: REVENUE_SHARDS }, (_, shard) => ({ site, shard })) : [{ site }],
);

export const refKey = (ref: AccountRef) => ('userId' in ref ? `wallet:${ref.userId}` : `site:${ref.site}:${ref.shard ?? 0}`);
const matches = (ref: AccountRef): SQL =>
  'userId' in ref
    ? and(eq(ledgerAccounts.kind, 'member_wallet'), eq(ledgerAccounts.userId, ref.userId))!
    : and(eq(ledgerAccounts.kind, ref.site), isNull(ledgerAccounts.userId), eq(ledgerAccounts.shard, ref.shard ?? 0))!;

/** The only place that touches the ledger tables. Every write takes the caller's transaction. */
export function createLedgerRepository(db: Db) {
  async function findTransactionByKey(idempotencyKey: string, tx: DbOrTx = db): Promise<TransactionRow | undefined> {
    const [row] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, idempotencyKey)).limit(1);
    return row;
  }

  async function findTransaction(id: string, tx: DbOrTx = db): Promise<TransactionRow | undefined> {
    const [row] = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, id)).limit(1);
    return row;
  }

  const rememberedIds = new Map<string, string>();

  /**
   * Account ids for the given wallets and site accounts, from memory when known, else resolved (and
   * created) by `resolveAccounts`. An id remembered from a transaction that later rolled back is
   * caught by `post` (`unknown-account`): forget it with `forgetAccounts` and ask again.
   */
  async function accountIds(refs: AccountRef[], tx: DbOrTx): Promise<Map<string, string>> {
    const found = new Map<string, string>();
    const unknown: AccountRef[] = [];
    for (const ref of refs) {
      const key = refKey(ref);
      const id = rememberedIds.get(key);
      if (id) found.set(key, id);
      else unknown.push(ref);
    }
    if (unknown.length === 0) return found;
    for (const [key, id] of await resolveAccounts(unknown, tx)) {
      found.set(key, id);
      if (rememberedIds.size >= REMEMBERED_ACCOUNTS) rememberedIds.delete(rememberedIds.keys().next().value!);
      rememberedIds.set(key, id);
    }
    return found;
  }

  function forgetAccounts(refs: AccountRef[]) {
    for (const ref of refs) rememberedIds.delete(refKey(ref));
  }

  /**
   * Account ids for the given wallets and site accounts, creating the missing ones. Creation is
   * `insert … on conflict do nothing` then a second read, so two first uses at once both end up
   * with the same row; inserts go in a stable order so two transactions never wait on each other.
   */
  async function resolveAccounts(refs: AccountRef[], tx: DbOrTx): Promise<Map<string, string>> {
    const wanted = new Map(refs.map((ref) => [refKey(ref), ref]));
    const found = new Map<string, string>();
    const readInto = async (list: AccountRef[]) => {
      if (list.length === 0) return;
      const rows = await tx
        .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind, userId: ledgerAccounts.userId, shard: ledgerAccounts.shard })
        .from(ledgerAccounts)
        .where(or(...list.map(matches)));
      for (const row of rows)
        found.set(row.userId ? refKey({ userId: row.userId }) : refKey({ site: row.kind as SiteAccountKind, shard: row.shard }), row.id);
    };
    await readInto([...wanted.values()]);
    const missing = [...wanted.entries()].filter(([key]) => !found.has(key)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (missing.length === 0) return found;
    await tx
      .insert(ledgerAccounts)
      .values(
        missing.map(([, ref]) =>
          'userId' in ref
            ? { kind: 'member_wallet' as const, userId: ref.userId, allowNegative: false }
            : { kind: ref.site, userId: null, shard: ref.shard ?? 0, allowNegative: SITE_MAY_GO_NEGATIVE[ref.site] },
        ),
      )
      .onConflictDoNothing();
    await readInto(missing.map(([, ref]) => ref));
    for (const [key] of missing) if (!found.has(key)) throw new Error(`ledger account ${key} could not be created`);
    return found;
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
    const { claim, moves, earning } = input;
    const params: PostParams = {
      accountIds: moves.map((m) => m.accountId),
      amounts: moves.map((m) => m.amount),
      kind: claim.kind,
      idempotencyKey: claim.idempotencyKey,
      memo: claim.memo ?? '',
      createdBy: claim.createdBy ?? null,
      metadata: claim.metadata == null ? null : JSON.stringify(claim.metadata),
    };
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
  async function postMany(inputs: PostInput[], tx: DbOrTx): Promise<(Extract<PostOutcome, { kind: 'posted' }> | null)[]> {
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
    const rows = await postManyStatement(tx, params);
    const outcomes: (Extract<PostOutcome, { kind: 'posted' }> | null)[] = inputs.map(() => null);
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

  async function walletIdOf(userId: string, tx: DbOrTx = db): Promise<string | undefined> {
    const [row] = await tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(matches({ userId })).limit(1);
    return row?.id;
  }

  /** A page of one wallet's entries with their transaction, newest first. */
  async function statementPage(accountId: string, page: { limit: number; skip: number }, tx: DbOrTx = db) {
    const where = eq(ledgerEntries.accountId, accountId);
    const [rows, [total]] = await Promise.all([
      tx
        .select({
          id: ledgerEntries.id,
          transactionId: ledgerEntries.transactionId,
          kind: ledgerTransactions.kind,
          amount: ledgerEntries.amount,
          memo: ledgerTransactions.memo,
          metadata: ledgerTransactions.metadata,
          createdAt: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(where)
        .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
        .limit(page.limit)
        .offset(page.skip),
      tx.select({ n: count() }).from(ledgerEntries).where(where),
    ]);
    return { rows, count: total?.n ?? 0 };
  }

  /** What the site holds in accounts of one kind, summed over its shards (hundredths; 0 before first use). */
  async function siteBalance(kind: SiteAccountKind, tx: DbOrTx = db): Promise<number> {
    const [row] = await tx
      .select({ total: sql`coalesce(sum(${ledgerAccounts.balance}), 0)`.mapWith(Number) })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.kind, kind), isNull(ledgerAccounts.userId)));
    return row?.total ?? 0;
  }

  /** Transactions whose entries do not sum to zero (there should never be any). */
  async function unbalancedTransactions(tx: DbOrTx = db) {
    const total = sql`sum(${ledgerEntries.amount})`;
    return tx
      .select({ transactionId: ledgerEntries.transactionId, sum: total.mapWith(Number) })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.transactionId)
      .having(sql`${total} <> 0`);
  }

  /** Accounts whose cached balance differs from the sum of their entries (there should never be any). */
  async function driftedAccounts(tx: DbOrTx = db) {
    const total = sql`coalesce(sum(${ledgerEntries.amount}), 0)`;
    return tx
      .select({
        accountId: ledgerAccounts.id,
        kind: ledgerAccounts.kind,
        userId: ledgerAccounts.userId,
        balance: ledgerAccounts.balance,
        entriesSum: total.mapWith(Number),
      })
      .from(ledgerAccounts)
      .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
      .groupBy(ledgerAccounts.id)
      .having(sql`${ledgerAccounts.balance} <> ${total}`);
  }

  return {
    findTransactionByKey,
    findTransaction,
    resolveAccounts,
    accountIds,
    forgetAccounts,
    post,
    postMany,
    entriesOf,
    earningOfTransaction,
    walletIdOf,
    statementPage,
    siteBalance,
    unbalancedTransactions,
    driftedAccounts,
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
