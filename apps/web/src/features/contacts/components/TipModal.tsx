import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ErrorCode, type PublicUser } from '@cc/contracts';
import { useAppSelector } from '../../../shared/store/hooks';
import { errorMessage, isApiError } from '../../../shared/api/apiError';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { formatTokens, parseTokens } from '../../../shared/format';
import { Alert, Button, Modal, TextAreaField, TextField } from '../../../shared/ui';
import { useSendTipMutation } from '../api/contactsApi';
import { useAttemptKey } from '../../../shared/hooks/useAttemptKey';
import { TIP_NOTE_MAX, TIP_PRESETS, tipFormSchema } from '../lib/tipForm';
import './TipModal.css';

/** 'Send a tip': tokens to a model with an optional note (docs/product.md#ledger). Amounts are tokens throughout. */
export function TipModal({ model, onClose }: { model: Pick<PublicUser, '_id' | 'name'>; onClose: () => void }) {
  const me = useAppSelector(selectCurrentUser);
  const [sendTip] = useSendTipMutation();
  const [problem, setProblem] = useState<{ message: string; needsTokens: boolean } | null>(null);
  const attemptKey = useAttemptKey();
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(tipFormSchema), mode: 'onTouched', defaultValues: { amount: '5', note: '' } });

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

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Send a tip to ${model.name}`}
      description="Tips go straight to the creator's earnings. They are not refundable."
      dismissible={!isSubmitting}
    >
      <form className="stack" onSubmit={onSubmit} noValidate aria-label="Send a tip">
        {problem ? (
          <Alert tone="danger" action={problem.needsTokens ? <Link to="/tokens">Buy tokens</Link> : undefined}>
            {problem.message}
          </Alert>
        ) : null}
        <div className="tip-presets" role="group" aria-label="Quick amounts">
          {TIP_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="tip-presets__option"
              aria-pressed={typed === preset}
              onClick={() => setValue('amount', String(preset), { shouldValidate: true, shouldDirty: true })}
            >
              {preset}
            </button>
          ))}
        </div>
        <TextField
          label="Amount"
          inputMode="decimal"
          autoComplete="off"
          suffix="tokens"
          error={errors.amount?.message ?? (short ? `Your balance is ${formatTokens(balance)} tokens` : undefined)}
          hint={`Your balance: ${formatTokens(balance)} tokens`}
          {...register('amount')}
        />
        <TextAreaField
          label="Note (optional)"
          rows={3}
          maxLength={TIP_NOTE_MAX}
          placeholder="Say something nice"
          hint={`${noteLength} / ${TIP_NOTE_MAX} characters`}
          error={errors.note?.message}
          {...register('note')}
        />
        <div className="form-actions">
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} disabled={short}>
            {typed !== null && typed > 0 ? `Tip ${formatTokens(typed)} tokens` : 'Send tip'}
          </Button>
        </div>
        {short ? (
          <p className="muted text-sm">
            Not enough tokens? <Link to="/tokens">Buy tokens</Link>
          </p>
        ) : null}
      </form>
    </Modal>
  );
}
