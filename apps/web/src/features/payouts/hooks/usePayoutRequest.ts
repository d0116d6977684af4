import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { ErrorCode, PayoutErrorCode } from '@cc/contracts';
import { errorMessage, fieldErrors, isApiError } from '../../../shared/api/apiError';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import type { PayoutTerms } from '../../../shared/money';
import { useRequestPayoutCodeMutation, useRequestPayoutMutation } from '../api/payoutsApi';
import { formatTokens, moneyFor, parseTokens } from '../lib/format';
import { PAYOUT_FORM_FIELDS, payoutFormSchema, type PayoutFormInput, type PayoutFormOutput } from '../lib/payoutForm';

/** Refusals about the amount that arrive without `details.fields`: they belong under the amount all the same. */
const AMOUNT_CODES = new Set<string>([PayoutErrorCode.BELOW_MINIMUM, ErrorCode.INSUFFICIENT_TOKENS]);

/** "150.00 tokens ($12.00)", or the tokens alone when the rate is unknown. */
const amountText = (tokens: number, rateCents: number | null) =>
  `${formatTokens(tokens)} tokens${rateCents !== null ? ` (${moneyFor(tokens, rateCents)})` : ''}`;

type Request = { balance: number; email: string; terms: PayoutTerms };

/**
 * The payout request: the amount checked against the balance and the smallest payout as it is
 * typed, the code e-mailed for that amount, then the request; a refusal lands on its field, or
 * above the form (with a way to add an account when there is none).
 */
export function usePayoutRequest({ balance, email, terms }: Request) {
  const [requestCode, codeRequest] = useRequestPayoutCodeMutation();
  const [requestPayout] = useRequestPayoutMutation();
  const [codeSentTo, setCodeSentTo] = useState<{ email: string; what: string } | null>(null);
  const [formError, setFormError] = useState<{ message: string; needsAccount: boolean } | null>(null);
  const form = useForm<PayoutFormInput, unknown, PayoutFormOutput>({
    resolver: zodResolver(payoutFormSchema),
    mode: 'onTouched',
    defaultValues: { token: '', verifyCode: '' },
  });
  const { handleSubmit, setError, reset, control, trigger, setFocus } = form;

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

  return { form, typed, amountProblem, sendCode, sendingCode: codeRequest.isLoading, codeSentTo, onSubmit, formError };
}
