import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { formatTokens, type AdminUserRow } from '@cc/contracts';
import { toApiError } from '../../../../shared/api/apiError';
import { applyServerErrors } from '../../../../shared/forms/serverErrors';
import { sumTokens } from '../../../../shared/money';
import { Alert, Button, Modal, TextAreaField, TextField } from '../../../../shared/ui';
import { useAdjustBalanceMutation } from '../api/adminWalletApi';
import { useAttemptKey } from '../../../../shared/hooks/useAttemptKey';
import { adjustFormSchema, parseSignedTokens } from './adjustForm';
import '../../shared/components/AdminDetails.css';

/** The answer never came (or the server was busy): the same key must go again, so it adjusts once. */
const mustRetrySameKey = (status: number) => status === 0 || status === 408 || status === 409 || status === 429 || status >= 500;

/** The balance now and after the typed change, both in tokens. */
function BalancePreview({ balance, amountText }: { balance: number; amountText: string }) {
  const amount = parseSignedTokens(amountText);
  const after = amount === null ? null : sumTokens([balance, amount]);
  return (
    <dl className="admin-details">
      <div className="admin-details__row">
        <dt>Balance now</dt>
        <dd>{formatTokens(balance)} tokens</dd>
      </div>
      {amount && after !== null ? (
        <div className="admin-details__row">
          <dt>After this change</dt>
          <dd className={after < 0 ? 'admin-cell-error' : undefined}>{formatTokens(after)} tokens</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * Adds or removes tokens with a reason, written to the ledger. One key per adjustment: a doubled
 * click or a retry after a lost answer adjusts once.
 */
export function AdjustBalanceModal({ member, onClose }: { member: AdminUserRow; onClose: () => void }) {
  const [adjust] = useAdjustBalanceMutation();
  const key = useAttemptKey();
  const [formError, setFormError] = useState<string | null>(null);
  const [newBalance, setNewBalance] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(adjustFormSchema), mode: 'onTouched', defaultValues: { amount: '', reason: '' } });
  const amountText = useWatch({ control, name: 'amount' });

  const onSubmit = handleSubmit(async ({ amount, reason }) => {
    setFormError(null);
    const result = await adjust({ id: member._id, input: { amount, reason, idempotencyKey: key.current() } });
    if ('error' in result) {
      if (!mustRetrySameKey(toApiError(result.error).status)) key.renew();
      setFormError(applyServerErrors(result.error, setError, ['amount', 'reason']));
      return;
    }
    setNewBalance(result.data.balance);
    toast.success(`${member.name}'s balance is now ${formatTokens(result.data.balance)} tokens.`);
  });

  const done = newBalance !== null;
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="md"
      dismissible={!isSubmitting}
      title={`Adjust ${member.name}'s balance`}
      description="Add tokens with a positive amount, remove them with a negative one. The reason is kept in the ledger."
      footer={
        done ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" form="adjust-form" loading={isSubmitting}>
              Adjust balance
            </Button>
          </>
        )
      }
    >
      {done ? (
        <Alert tone="success" title="Balance adjusted">
          New balance: <strong>{formatTokens(newBalance)} tokens</strong>.
        </Alert>
      ) : (
        <form id="adjust-form" className="stack" onSubmit={onSubmit} noValidate>
          {formError ? <Alert tone="danger">{formError}</Alert> : null}
          <BalancePreview balance={member.balance} amountText={amountText} />
          <TextField
            label="Amount"
            inputMode="decimal"
            autoComplete="off"
            autoFocus
            placeholder="25 or -12.50"
            suffix="tokens"
            error={errors.amount?.message}
            {...register('amount')}
          />
          <TextAreaField
            label="Reason"
            rows={3}
            placeholder="Goodwill credit for the outage on March 3"
            error={errors.reason?.message}
            {...register('reason')}
          />
        </form>
      )}
    </Modal>
  );
}
