import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TokenPackage } from '@cc/contracts';
import { useAppSelector } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { RETURN_PARAM, safeNext } from '../../../shared/api/navigation';
import { PageHeader } from '../../../shared/ui';
import { useGetWalletQuery } from '../api/walletApi';
import { BalanceHero } from '../components/BalanceHero';
import { CheckoutModal } from '../components/CheckoutModal';
import { PackageGrid } from '../components/PackageGrid';
import './TokensPage.css';

/** /tokens: the balance, large, and the packages on sale; choosing one opens the checkout. */
export default function TokensPage() {
  const user = useAppSelector(selectCurrentUser);
  // Asks the ledger once more: the cached member may be a few moments old.
  useGetWalletQuery();
  const [chosen, setChosen] = useState<TokenPackage | null>(null);
  // Sent here by a refusal (Call Now's "Buy tokens"): once the tokens are added, back there.
  const [params] = useSearchParams();
  const back = safeNext(params.get(RETURN_PARAM));
  if (!user) return null;
  return (
    <>
      <PageHeader
        title="Tokens"
        description="Buy tokens with a card. They are added to your balance the moment the payment goes through."
      />
      <BalanceHero balance={user.balance} />
      <section className="stack" aria-labelledby="packages-title">
        <h2 id="packages-title" className="tokens-section-title">
          Choose a package
        </h2>
        <PackageGrid onChoose={setChosen} />
      </section>
      {chosen ? <CheckoutModal key={chosen._id} pkg={chosen} back={back === '/' ? null : back} onClose={() => setChosen(null)} /> : null}
    </>
  );
}
