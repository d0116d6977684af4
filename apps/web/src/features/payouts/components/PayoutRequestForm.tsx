import { Link } from 'react-router';
import type { PayoutAccount } from '@cc/contracts';
import { Alert, Button, Icon, TextField } from '../../../shared/ui';
import type { PayoutTerms } from '../../../shared/money';
import { usePayoutRequest } from '../hooks/usePayoutRequest';
import { formatTokens, moneyFor, payoutAccountLabel } from '../lib/format';

type PayoutRequestFormProps = {
  /** Tokens the model holds now. */
  balance: number;
  /** Where the money goes: named above the button so nobody pays out to an old account by mistake. */
  account: PayoutAccount;
  /** The member's own address: the code goes there, and the spec's request carries it (spec section 5). */
  email: string;
  /** The smallest payout and what a token pays, when the server said. */
  terms: PayoutTerms;
};

/**
 * Amount, "Send me a code", the 6-digit code, then the request (docs/product.md#payouts). The tokens
 * leave the balance when the request is made; the history above shows it at once.
 */
export function PayoutRequestForm({ balance, account, email, terms }: PayoutRequestFormProps) {
  const { form, typed, amountProblem, sendCode, sendingCode, codeSentTo, onSubmit, formError } = usePayoutRequest({
    balance,
    email,
    terms,
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  return (
    <form className="payout-form stack" onSubmit={onSubmit} noValidate aria-label="Request a payout">
      {formError ? (
        <Alert tone="danger" action={formError.needsAccount ? <Link to="/payouts/account">Add a payout account</Link> : undefined}>
          {formError.message}
        </Alert>
      ) : null}
      <TextField
        label="Amount"
        inputMode="decimal"
        autoComplete="off"
        suffix="tokens"
        hint={
          terms.minimum !== null
            ? `From ${formatTokens(terms.minimum)} up to ${formatTokens(balance)} tokens.`
            : `Up to ${formatTokens(balance)} tokens. The site sets the smallest payout.`
        }
        error={errors.token?.message ?? amountProblem}
        {...register('token')}
      />
      {typed !== null && typed > 0 && !amountProblem && terms.rateCents !== null ? (
        <p className="payout-form__money" aria-live="polite">
          You will receive <strong>{moneyFor(typed, terms.rateCents)}</strong>
        </p>
      ) : null}
      <div className="payout-form__code">
        <div className="payout-form__code-row">
          <Button variant="secondary" onClick={sendCode} loading={sendingCode} icon={<Icon name="mail" size={16} />}>
            {codeSentTo ? 'Send me a new code' : 'Send me a code'}
          </Button>
          {codeSentTo ? (
            <p className="payout-form__sent" role="status">
              <Icon name="checkCircle" size={16} />
              <span>
                We e-mailed a 6-digit code for {codeSentTo.what} to <strong>{codeSentTo.email}</strong>. It is valid for 10 minutes.
              </span>
            </p>
          ) : (
            <p className="muted text-sm">For your safety, every payout needs a code we e-mail you.</p>
          )}
        </div>
        {codeSentTo ? (
          <TextField
            label="Code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            inputClassName="ui-input--code"
            error={errors.verifyCode?.message}
            {...register('verifyCode')}
          />
        ) : null}
      </div>
      <p className="payout-form__to text-sm">
        Paid to <strong>{payoutAccountLabel(account)}</strong> · <Link to="/payouts/account">Change</Link>
      </p>
      <div className="form-actions">
        <Button type="submit" loading={isSubmitting} disabled={!codeSentTo || amountProblem !== undefined}>
          {typed !== null && typed > 0 ? `Request ${formatTokens(typed)} tokens` : 'Request payout'}
        </Button>
      </div>
    </form>
  );
}
