import { Link } from 'react-router';
import { formatTokens } from '../../shared/format';
import { Icon } from '../../shared/ui';

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** A large balance said briefly (10.1k) for the phone's top bar; small ones stay exact. */
export const shortTokens = (balance: number) => (Math.abs(balance) < 1000 ? formatTokens(balance) : compact.format(balance).toLowerCase());

/**
 * The member's token balance; it leads to the tokens page where more can be bought. On a phone a
 * large amount is shortened (10.1k) so the logo keeps its room; the exact amount is in the label and title.
 */
export function BalanceChip({ balance }: { balance: number }) {
  const amount = formatTokens(balance);
  return (
    <Link
      to="/tokens"
      className="balance-chip"
      aria-label={`Balance: ${amount} tokens. Buy tokens`}
      title={`Your token balance: ${amount}`}
    >
      <Icon name="coin" size={18} />
      <span className="balance-chip__amount" aria-hidden="true">
        {amount}
      </span>
      <span className="balance-chip__short" aria-hidden="true">
        {shortTokens(balance)}
      </span>
    </Link>
  );
}
