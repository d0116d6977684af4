import { sql } from 'drizzle-orm';
import { earnings, ledgerAccounts, ledgerEntries, ledgerTransactions } from '../../db/schema';
import { preparedStatement } from '../../platform/db';
import type { ChangedAccount } from './ledger-rows';

// The prepared statements of a movement (ADR 0005): every paid action runs one, so they live once,
// at module level, and `ledger-postings.repository.ts` only fills in their values.

type PostResultRow = {
  ok: boolean;
  transactionId: string | null;
  earningId: string | null;
  changed: ChangedAccount[] | null;
  short: { accountId: string; balance: number } | null;
};

const param = sql.placeholder;

/** A movement's values as its statement names them: the moves as two arrays of one length, so the statement has one shape. */
export type PostParams = {
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
export const postStatement = preparedStatement<PostParams, { result: PostResultRow }>('ledger_post', movementStatement(false));
export const postWithEarningStatement = preparedStatement<PostParams & EarningParams, { result: PostResultRow }>(
  'ledger_post_with_earning',
  movementStatement(true),
);

/** Many movements' values, one array element per movement (claims and earnings) or per move (`move*`, with its movement's `moveOf`, from 1). */
export type PostManyParams = {
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
export const postManyStatement = preparedStatement<PostManyParams, PostManyRow>(
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
