import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { ButtonLink, Card, EmptyState, ListError, PageHeader, Skeleton } from '../../../shared/ui';
import { useGetPayoutAccountQuery } from '../api/payoutsApi';
import { PayoutAccountForm } from '../components/PayoutAccountForm';
import { SavedAccount } from '../components/SavedAccount';
import './PayoutsPage.css';

function AccountEditor() {
  const account = useGetPayoutAccountQuery();
  if (account.isLoading) return <Skeleton height={240} />;
  if (account.isError)
    return (
      <ListError what="your payout account" error={account.error} onRetry={() => void account.refetch()} retrying={account.isFetching} />
    );
  const saved = account.data ?? null;
  return (
    <div className="payout-account">
      {saved ? <SavedAccount account={saved} /> : null}
      <Card
        title={saved ? 'Change payout account' : 'Add a payout account'}
        description="Only you and the administrators who pay you see these details; an account number is shown as its last four."
      >
        {/* A new form for each saved version, so its defaults follow what was saved. */}
        <PayoutAccountForm key={saved?.updatedAt ?? 'none'} saved={saved} />
      </Card>
    </div>
  );
}

/** /payouts/account (models): bank transfer or PayPal, the account number shown back masked (docs/product.md#payouts). */
export default function PayoutAccountPage() {
  const user = useAppSelector(selectCurrentUser);
  return (
    <>
      <PageHeader title="Payout account" description="Where the money goes when you request a payout." />
      {user?.type === 'model' ? (
        <AccountEditor />
      ) : (
        <Card>
          <EmptyState
            icon="sparkles"
            title="Payouts are for creators"
            description="Creator accounts earn tokens and pay them out to a bank account or PayPal."
            action={<ButtonLink to="/tokens">Back to tokens</ButtonLink>}
          />
        </Card>
      )}
    </>
  );
}
