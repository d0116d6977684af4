import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  formatTokens,
  formatUsd,
  REVERSAL_REASON_MAX,
  reversePaymentSchema,
  type AdminPayment,
  type AdminPaymentDetail,
} from '@cc/contracts';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import { Alert, Button, Modal, TextAreaField } from '../../../shared/ui';
import { useRecordChargebackMutation, useRefundPaymentMutation } from '../api/paymentsAdminApi';
import './SellItems.css';

export type ReversalKind = 'refund' | 'chargeback';

const WORDS: Record<ReversalKind, { title: string; confirm: string; done: string; placeholder: string }> = {
  refund: {
    title: 'Refund this payment?',
    confirm: 'Refund',
    done: 'Payment refunded.',
    placeholder: 'Bought the wrong package by mistake and asked the same day.',
  },
  chargeback: {
    title: 'Record a chargeback?',
    confirm: 'Record chargeback',
    done: 'Chargeback recorded.',
    placeholder: 'Bank dispute 4855 — cardholder does not recognise the charge.',
  },
};

function explanation(kind: ReversalKind, payment: AdminPayment, balance: number | undefined): string {
  const money = formatUsd(payment.amountCents);
  const tokens = formatTokens(payment.tokens);
  if (kind === 'refund')
    return `${money} goes back to ${payment.user.name}'s card through the payment provider, and the ${tokens} tokens it bought leave their wallet. This cannot be undone.`;
  const short = balance !== undefined && balance < payment.tokens;
  return (
    `The bank already took ${money} back; nothing is sent to the provider. The ${tokens} tokens leave ${payment.user.name}'s wallet` +
    (short ? ` — they hold only ${formatTokens(balance)}, so that much is taken and the rest is recorded as a shortfall.` : '.')
  );
}

type ReversePaymentModalProps = {
  kind: ReversalKind;
  payment: AdminPayment;
  /** The member's tokens now, when known (the drawer's detail). */
  balance: number | undefined;
  onClose: () => void;
  onDone: (payment: AdminPaymentDetail) => void;
};

/**
 * Refund or chargeback, with the reason the audit log and the payment keep (1 to 500 characters,
 * docs/product.md#refunds-and-chargebacks). The server's refusal — spent tokens, the provider's
 * words — is shown here, and what was typed stays.
 */
export function ReversePaymentModal({ kind, payment, balance, onClose, onDone }: ReversePaymentModalProps) {
  const [refund] = useRefundPaymentMutation();
  const [chargeback] = useRecordChargebackMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const words = WORDS[kind];
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(reversePaymentSchema), mode: 'onTouched', defaultValues: { reason: '' } });
  const length = (useWatch({ control, name: 'reason' }) ?? '').length;

  const onSubmit = handleSubmit(async ({ reason }) => {
    setFormError(null);
    const result = await (kind === 'refund' ? refund : chargeback)({ id: payment._id, reason });
    if ('error' in result) {
      setFormError(applyServerErrors(result.error, setError, ['reason']));
      return;
    }
    toast.success(words.done);
    onDone(result.data);
  });

  const formId = `reverse-payment-${kind}`;
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      size="md"
      dismissible={!isSubmitting}
      title={words.title}
      description={explanation(kind, payment, balance)}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="danger" loading={isSubmitting}>
            {words.confirm}
          </Button>
        </>
      }
    >
      <form id={formId} className="stack" onSubmit={onSubmit} noValidate>
        {formError ? <Alert tone="danger">{formError}</Alert> : null}
        <TextAreaField
          label="Reason"
          rows={4}
          autoFocus
          placeholder={words.placeholder}
          hint="Kept on the payment and in the audit log."
          labelAside={
            <span className={length > REVERSAL_REASON_MAX ? 'admin-count is-over' : 'admin-count'}>
              {length}/{REVERSAL_REASON_MAX}
              <span className="visually-hidden"> characters</span>
            </span>
          }
          error={errors.reason?.message}
          disabled={isSubmitting}
          {...register('reason')}
        />
      </form>
    </Modal>
  );
}
