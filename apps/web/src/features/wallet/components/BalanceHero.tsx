import { ButtonLink, Icon } from '../../../shared/ui';
import { formatTokens } from '../lib/format';

/** The balance, large: it follows every movement live (purchase answer and the 'wallet:balance' event). */
export function BalanceHero({ balance }: { balance: number }) {
  return (
    <section className="balance-hero" aria-labelledby="balance-hero-label">
      <div className="balance-hero__text">
        <p id="balance-hero-label" className="balance-hero__label">
          <Icon name="coin" size={18} /> Your balance
        </p>
        <p className="balance-hero__amount" aria-live="polite">
          <span data-testid="balance-amount">{formatTokens(balance)}</span> <span className="balance-hero__unit">tokens</span>
        </p>
        <p className="balance-hero__note">Tokens pay for messages, items and calls. They never expire.</p>
      </div>
      <div className="balance-hero__links">
        <ButtonLink to="/tokens/statement" variant="secondary" size="sm">
          Statement
        </ButtonLink>
        <ButtonLink to="/tokens/history" variant="secondary" size="sm">
          Payment history
        </ButtonLink>
      </div>
    </section>
  );
}
