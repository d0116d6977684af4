import type { PayoutAccount } from '@cc/contracts';
import { Badge, Card } from '../../../shared/ui';
import { When } from '../../../shared/money';
import { PAYOUT_METHOD } from '../lib/format';

/** The saved account as the server reads it back to her: the PayPal address in full, the account number's last four. */
export function SavedAccount({ account }: { account: PayoutAccount }) {
  const rows: [string, string][] =
    account.type === 'paypal'
      ? [['PayPal account', account.email ?? '—']]
      : [
          ['Account holder', account.bankInfo?.beneficiaryName ?? '—'],
          ['Bank', account.bankInfo?.bankName ?? '—'],
          ['Account number or IBAN', account.bankInfo?.iban ?? '—'],
          ...(account.bankInfo?.swift ? ([['SWIFT/BIC', account.bankInfo.swift]] as [string, string][]) : []),
          ...(account.bankInfo?.bankAddress ? ([['Bank address', account.bankInfo.bankAddress]] as [string, string][]) : []),
          ...(account.bankInfo?.beneficiaryAddress ? ([['Your address', account.bankInfo.beneficiaryAddress]] as [string, string][]) : []),
        ];
  return (
    <Card
      title="Your payout account"
      actions={<Badge tone="success">{PAYOUT_METHOD[account.type]}</Badge>}
      className="payout-saved"
      aria-label="Your payout account"
    >
      <dl className="payout-saved__list">
        {rows.map(([label, value]) => (
          <div key={label} className="payout-saved__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="muted text-sm">
        Saved <When iso={account.updatedAt} />. Payouts you request from now on go here.
      </p>
    </Card>
  );
}
