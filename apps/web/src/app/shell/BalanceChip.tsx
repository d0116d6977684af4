import { Link } from 'react-router';
import { formatTokens } from '../../shared/format';
import { Icon } from '../../shared/ui';

/** The member's token balance; it leads to the tokens page where more can be bought. */
export function BalanceChip({ balance }: { balance: number }) {
  const amount = formatTokens(balance);
  return (
    <Link to="/tokens" className="balance-chip" aria-label={`Balance: ${amount} tokens. Buy tokens`} title="Your token balance">
      <Icon name="coin" size={18} />
      <span className="balance-chip__amount">{amount}</span>
    </Link>
  );
}
