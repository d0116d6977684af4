import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { Alert, ButtonLink, Card, EmptyState, ListError, PageHeader, Skeleton } from '../../../shared/ui';
import { usePayoutTerms, type PayoutTerms } from '../../../shared/money';
import { useGetPayoutAccountQuery, useGetPayoutBalanceQuery } from '../api/payoutsApi';
import { PayoutHistory } from '../components/PayoutHistory';
import { PayoutRequestForm } from '../components/PayoutRequestForm';
import { usePayoutsLive } from '../hooks/usePayoutsLive';
import { formatTokens, moneyFor } from '../lib/format';
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

/** "The smallest payout is 100.00 tokens ($8.00) · a token pays $0.08", said before anything is typed. */
function termsText({ minimum, rateCents }: PayoutTerms): string | null {
  const parts = [
    minimum !== null
      ? `The smallest payout is ${formatTokens(minimum)} tokens${rateCents !== null ? ` (${moneyFor(minimum, rateCents)})` : ''}`
      : null,
    rateCents !== null ? `a token pays ${moneyFor(1, rateCents)}` : null,
  ].filter(Boolean);
  if (parts.length === 0) return null;
  const sentence = parts.join('; ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/**
 * Below the smallest payout there is nothing to request: the page says so and how far she is,
 * instead of offering a form that mails a code only to refuse (issue #28).
 */
function BelowMinimum({ balance, minimum }: { balance: number; minimum: number }) {
  return (
    <Alert tone="info" title={`You can request a payout from ${formatTokens(minimum)} tokens`}>
      You have {formatTokens(balance)} tokens: {formatTokens(minimum - balance)} more and you can ask to be paid.
    </Alert>
  );
}

/** The balance, and the form — or, without a payout account, the way to add one first. */
function RequestCard({ balance, email }: { balance: number; email: string }) {
  const account = useGetPayoutAccountQuery();
  // Unknown terms (an older server, a failed read) leave the smallest payout to the server's 422.
  const terms = usePayoutTerms();
  const stated = termsText(terms);
  return (
    <Card title="Request a payout" description="The tokens leave your balance when you ask; an administrator then approves and pays them.">
      <div className="payout-balance" aria-label="Available balance" role="group">
        <span className="payout-balance__label">Available balance</span>
        <span className="payout-balance__value">
          {formatTokens(balance)} <span className="payout-balance__unit">tokens</span>
        </span>
        {terms.rateCents !== null ? (
          <span className="payout-balance__money">Worth {moneyFor(balance, terms.rateCents)} when paid out</span>
        ) : null}
      </div>
      {stated ? <p className="payout-terms text-sm">{stated}</p> : null}
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
          ) : account.data && terms.minimum !== null && balance < terms.minimum ? (
            <BelowMinimum balance={balance} minimum={terms.minimum} />
          ) : account.data ? (
            <PayoutRequestForm balance={balance} account={account.data} email={email} terms={terms} />
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
