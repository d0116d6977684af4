import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { ButtonLink, Card, EmptyState, ListError, PageHeader, Skeleton } from '../../../shared/ui';
import { useGetPayoutAccountQuery, useGetPayoutBalanceQuery } from '../api/payoutsApi';
import { PayoutHistory } from '../components/PayoutHistory';
import { PayoutRequestForm } from '../components/PayoutRequestForm';
import { usePayoutsLive } from '../hooks/usePayoutsLive';
import { formatTokens } from '../lib/format';
import './PayoutsPage.css';

const STEPS = [
  { title: 'You request', text: 'The tokens leave your balance at once, so they cannot be spent twice.' },
  { title: 'An administrator approves', text: 'They check the request and the account it goes to.' },
  { title: 'We pay', text: 'The money goes to your payout account and the request shows as paid.' },
] as const;

/** What happens after the button, so nobody wonders where the tokens went (docs/product.md#payouts). */
function PayoutSteps() {
  return (
    <aside className="payout-steps" aria-labelledby="payout-steps-title">
      <h3 id="payout-steps-title" className="payout-steps__title">
        How payouts work
      </h3>
      <ol className="payout-steps__list">
        {STEPS.map((step) => (
          <li key={step.title}>
            <strong>{step.title}</strong>
            <span>{step.text}</span>
          </li>
        ))}
      </ol>
      <p className="payout-steps__note">If a request is rejected, its tokens come back to your balance and you are told why.</p>
    </aside>
  );
}

/** The balance, and the form — or, without a payout account, the way to add one first. */
function RequestCard({ balance, email }: { balance: number; email: string }) {
  const account = useGetPayoutAccountQuery();
  return (
    <Card title="Request a payout" description="The tokens leave your balance when you ask; an administrator then approves and pays them.">
      <div className="payout-balance" aria-label="Available balance" role="group">
        <span className="payout-balance__label">Available balance</span>
        <span className="payout-balance__value">
          {formatTokens(balance)} <span className="payout-balance__unit">tokens</span>
        </span>
      </div>
      <div className="payout-request">
        <div className="payout-request__main">
          {account.isLoading ? (
            <Skeleton height={120} />
          ) : account.isError ? (
            <ListError
              what="your payout account"
              error={account.error}
              onRetry={() => void account.refetch()}
              retrying={account.isFetching}
            />
          ) : account.data ? (
            <PayoutRequestForm balance={balance} account={account.data} email={email} />
          ) : (
            <EmptyState
              icon="shieldCheck"
              title="Add a payout account first"
              description="Tell us where to send your money — a bank transfer or PayPal — then come back to request a payout."
              action={<ButtonLink to="/payouts/account">Add a payout account</ButtonLink>}
            />
          )}
        </div>
        <PayoutSteps />
      </div>
    </Card>
  );
}

/** /payouts (models): what can be paid out, the request form, and every request so far (docs/product.md#payouts). */
export default function PayoutsPage() {
  const user = useAppSelector(selectCurrentUser);
  const isModel = user?.type === 'model';
  // The balance as the server has it now, into the cached member (the chip follows).
  useGetPayoutBalanceQuery(undefined, { skip: !isModel, refetchOnMountOrArgChange: true });
  usePayoutsLive();
  return (
    <>
      <PageHeader title="Payouts" description="Turn the tokens you earned into money, and follow each request until it is paid." />
      {isModel && user ? (
        <>
          <RequestCard balance={user.balance} email={user.email} />
          <PayoutHistory />
        </>
      ) : (
        <Card>
          <EmptyState
            icon="sparkles"
            title="Payouts are for creators"
            description="Creator accounts earn tokens from messages, items, tips and calls, and pay them out here."
            action={<ButtonLink to="/tokens">Back to tokens</ButtonLink>}
          />
        </Card>
      )}
    </>
  );
}
