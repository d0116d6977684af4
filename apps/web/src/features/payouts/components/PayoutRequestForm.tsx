import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ErrorCode, PayoutErrorCode, type PayoutAccount } from '@cc/contracts';
import { errorMessage, fieldErrors, isApiError } from '../../../shared/api/apiError';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { Alert, Button, Icon, TextField } from '../../../shared/ui';
import type { PayoutTerms } from '../../../shared/money';
import { useRequestPayoutCodeMutation, useRequestPayoutMutation } from '../api/payoutsApi';
import { formatTokens, moneyFor, parseTokens, payoutAccountLabel } from '../lib/format';
import { PAYOUT_FORM_FIELDS, payoutFormSchema, type PayoutFormInput, type PayoutFormOutput } from '../lib/payoutForm';

/** Refusals about the amount that arrive without `details.fields`: they belong under the amount all the same. */
const AMOUNT_CODES = new Set<string>([PayoutErrorCode.BELOW_MINIMUM, ErrorCode.INSUFFICIENT_TOKENS]);

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

/** "150.00 tokens ($12.00)", or the tokens alone when the rate is unknown. */
const amountText = (tokens: number, rateCents: number | null) =>
  `${formatTokens(tokens)} tokens${rateCents !== null ? ` (${moneyFor(tokens, rateCents)})` : ''}`;

/**
 * Amount, "Send me a code", the 6-digit code, then the request (docs/product.md#payouts). The tokens
 * leave the balance when the request is made; the history above shows it at once.
 */
export function PayoutRequestForm({ balance, account, email, terms }: PayoutRequestFormProps) {
  const [requestCode, codeRequest] = useRequestPayoutCodeMutation();
  const [requestPayout] = useRequestPayoutMutation();
  const [codeSentTo, setCodeSentTo] = useState<{ email: string; what: string } | null>(null);
  const [formError, setFormError] = useState<{ message: string; needsAccount: boolean } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    trigger,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<PayoutFormInput, unknown, PayoutFormOutput>({
    resolver: zodResolver(payoutFormSchema),
    mode: 'onTouched',
    defaultValues: { token: '', verifyCode: '' },
  });

  const typed = parseTokens(useWatch({ control, name: 'token' }) ?? '');
  const tooMuch = typed !== null && typed > balance;
  const tooLittle = typed !== null && terms.minimum !== null && typed < terms.minimum;
  const amountProblem = tooMuch
    ? `Your balance is ${formatTokens(balance)} tokens`
    : tooLittle && terms.minimum !== null
      ? `The smallest payout is ${amountText(terms.minimum, terms.rateCents)}`
      : undefined;

  // The code's mail names the amount it confirms, so the amount comes first (issue #28).
  const sendCode = async () => {
    setFormError(null);
    if (!(await trigger('token', { shouldFocus: true })) || typed === null) return;
    if (amountProblem) return setFocus('token');
    const answer = await requestCode({ token: typed });
    if (answer.error) {
      setFormError({ message: errorMessage(answer.error), needsAccount: false });
      return;
    }
    setCodeSentTo({ email, what: amountText(typed, terms.rateCents) });
  };

  const onSubmit = handleSubmit(async ({ token, verifyCode }) => {
    setFormError(null);
    const answer = await requestPayout({ token, verifyCode, email });
    if (answer.error) {
      const error = answer.error;
      const code = isApiError(error) ? error.code : '';
      if (AMOUNT_CODES.has(code) && Object.keys(fieldErrors(error)).length === 0) {
        setError('token', { type: 'server', message: errorMessage(error) }, { shouldFocus: true });
        return;
      }
      const left = applyServerErrors(error, setError, PAYOUT_FORM_FIELDS);
      if (left) setFormError({ message: left, needsAccount: code === PayoutErrorCode.NO_PAYOUT_ACCOUNT });
      return;
    }
    toast.success(`Payout of ${formatTokens(token)} tokens requested. We will tell you when it is paid.`);
    reset({ token: '', verifyCode: '' });
    // A code works once: the next request needs a new one.
    setCodeSentTo(null);
  });

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
          <Button variant="secondary" onClick={sendCode} loading={codeRequest.isLoading} icon={<Icon name="mail" size={16} />}>
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
