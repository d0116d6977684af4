import { Alert, Button, ButtonLink, Icon } from '../../../shared/ui';
import { cardLabel, formatTokens, formatUsd } from '../lib/format';
import type { FinishedOutcome } from './CheckoutForm';

/**
 * After the payment: tokens added (with the invoice), or held for review (nothing to do). Someone
 * sent here to buy (`back`: Call Now's "Buy tokens") is offered the way back first.
 */
export function CheckoutDone({ outcome, back = null, onClose }: { outcome: FinishedOutcome; back?: string | null; onClose: () => void }) {
  const { payment } = outcome;
  if (outcome.kind === 'review') {
    return (
      <div className="checkout-done">
        <Alert tone="warning" title="We are reviewing this payment">
          Your payment of {formatUsd(payment.amountCents)} for {payment.packageName} is held for a short security review. The{' '}
          {formatTokens(payment.tokens)} tokens are added as soon as it is approved — there is no need to pay again.
        </Alert>
        <div className="checkout__actions">
          <ButtonLink to="/tokens/history" variant="secondary" onClick={onClose}>
            Payment history
          </ButtonLink>
          <Button onClick={onClose}>Done</Button>
        </div>
      </div>
    );
  }
  return (
    <div className="checkout-done" role="status">
      <span className="checkout-done__icon">
        <Icon name="checkCircle" size={36} />
      </span>
      <p className="checkout-done__amount">+{formatTokens(payment.tokens)} tokens</p>
      <p>
        Your balance is now <strong>{formatTokens(outcome.balance)}</strong> tokens.
      </p>
      <p className="muted text-sm">
        Paid {formatUsd(payment.amountCents)} for {payment.packageName}
        {payment.cardLast4 ? ` with ${cardLabel(payment.cardBrand, payment.cardLast4)}` : ''}.
      </p>
      <div className="checkout__actions checkout__actions--center">
        {payment.invoiceId ? (
          <ButtonLink to={`/invoices/${payment.invoiceId}`} variant="secondary" icon={<Icon name="file" size={16} />} onClick={onClose}>
            View invoice
          </ButtonLink>
        ) : null}
        {back ? (
          <ButtonLink to={back} onClick={onClose}>
            {back.startsWith('/models/') ? 'Back to the call' : 'Go back'}
          </ButtonLink>
        ) : (
          <Button onClick={onClose}>Done</Button>
        )}
      </div>
    </div>
  );
}
