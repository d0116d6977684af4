import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { ErrorCode, type PublicUser } from '@cc/contracts';
import { useAppSelector } from '../../../shared/store/hooks';
import { errorMessage, isApiError } from '../../../shared/api/apiError';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { formatTokens, parseTokens } from '../../../shared/format';
import { useAttemptKey } from '../../../shared/hooks/useAttemptKey';
import { useSendTipMutation } from '../api/contactsApi';
import { tipFormSchema } from '../lib/tipForm';

/**
 * The tip being written: the amount typed against the balance, and sending it once however often
 * it is tried (one attempt key until an answer arrives). A refusal says why, and whether buying
 * tokens would help.
 */
export function useTipForm(model: Pick<PublicUser, '_id' | 'name'>, onClose: () => void) {
  const me = useAppSelector(selectCurrentUser);
  const [sendTip] = useSendTipMutation();
  const [problem, setProblem] = useState<{ message: string; needsTokens: boolean } | null>(null);
  const attemptKey = useAttemptKey();
  const form = useForm({ resolver: zodResolver(tipFormSchema), mode: 'onTouched', defaultValues: { amount: '5', note: '' } });
  const { handleSubmit, control } = form;

  const typed = parseTokens(useWatch({ control, name: 'amount' }) ?? '');
  const noteLength = useWatch({ control, name: 'note' })?.length ?? 0;
  const balance = me?.balance ?? 0;
  const short = typed !== null && typed > balance;

  const onSubmit = handleSubmit(async ({ amount, note }) => {
    setProblem(null);
    const answer = await sendTip({ modelId: model._id, token: amount, ...(note ? { note } : {}), idempotencyKey: attemptKey.current() });
    if (answer.error) {
      // A lost answer keeps the key, so trying again cannot tip twice.
      if (isApiError(answer.error) && answer.error.status !== 0) attemptKey.renew();
      const needsTokens = isApiError(answer.error) && answer.error.code === ErrorCode.INSUFFICIENT_TOKENS;
      setProblem({ message: errorMessage(answer.error), needsTokens });
      return;
    }
    attemptKey.renew();
    toast.success(`You tipped ${model.name} ${formatTokens(amount)} tokens.`);
    onClose();
  });

  return { form, onSubmit, problem, typed, noteLength, balance, short };
}
