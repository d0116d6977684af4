import type { WalletEntry } from '@cc/contracts';
import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { ButtonLink, EmptyState, ListView, PageHeader, Pager } from '../../../shared/ui';
import { MONEY_PAGE_SIZE, useListEntriesQuery } from '../api/walletApi';
import { StatementTable, sumTokens } from '../../../shared/money';
import { usePage } from '../../../shared/hooks/usePage';
import { formatTokens } from '../lib/format';

function PageTotal({ rows }: { rows: readonly WalletEntry[] }) {
  const inflow = sumTokens(rows.filter((row) => row.amount > 0).map((row) => row.amount));
  const outflow = -sumTokens(rows.filter((row) => row.amount < 0).map((row) => row.amount));
  return (
    <div className="money-total" aria-label="Totals of this page">
      <span className="money-total__item">
        In <strong className={inflow ? 'money-amount--in' : undefined}>{inflow ? `+${formatTokens(inflow)}` : formatTokens(0)}</strong>
      </span>
      <span className="money-total__item">
        Out <strong className={outflow ? 'money-amount--out' : undefined}>{outflow ? `−${formatTokens(outflow)}` : formatTokens(0)}</strong>
      </span>
    </div>
  );
}

/** /tokens/statement: every movement in and out of the wallet. */
export default function StatementPage() {
  const user = useAppSelector(selectCurrentUser);
  const [page, setPage] = usePage();
  const query = useListEntriesQuery({ limit: MONEY_PAGE_SIZE, skip: (page - 1) * MONEY_PAGE_SIZE });
  return (
    <>
      <PageHeader
        title="Statement"
        description={`Everything that came into or went out of your wallet, newest first. Balance now: ${formatTokens(user?.balance ?? 0)} tokens.`}
      />
      <ListView
        query={query}
        what="your statement"
        columns={4}
        empty={
          <EmptyState
            icon="coin"
            title="Nothing has moved yet"
            description="Buy tokens to get started; purchases, messages, tips and calls will be listed here."
            action={<ButtonLink to="/tokens">Buy tokens</ButtonLink>}
          />
        }
      >
        {(data) => (
          <>
            <StatementTable rows={data.items} />
            <PageTotal rows={data.items} />
            <Pager page={page} pageSize={MONEY_PAGE_SIZE} total={data.count} onPage={setPage} busy={query.isFetching} />
          </>
        )}
      </ListView>
    </>
  );
}
