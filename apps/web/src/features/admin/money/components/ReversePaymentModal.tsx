import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import {
  formatTokens,
  formatUsd,
  parseTokens,
  refundCentsFor,
  REVERSAL_REASON_MAX,
  reversePaymentSchema,
  type AdminPayment,
  type AdminPaymentDetail,
} from '@cc/contracts';
import { applyServerErrors } from '../../../../shared/forms/serverErrors';
import { FormModalFooter } from '../../shared/components/FormModalFooter';
import { Alert, Modal, TextAreaField, TextField } from '../../../../shared/ui';
import { useRecordChargebackMutation, useRefundPaymentMutation } from '../api/adminPaymentsApi';
import '../../content/components/SellItems.css';

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

function explanation(kind: ReversalKind, payment: AdminPayment, balance: number | undefined, refunding: number | null): string {
  const money = formatUsd(payment.amountCents);
  const tokens = formatTokens(payment.tokens);
  if (kind === 'refund') {
    if (refunding !== null && refunding < payment.tokens)
      return `${formatUsd(refundCentsFor(payment, refunding))} of the ${money} goes back to ${payment.user.name}'s card through the payment provider, and ${formatTokens(refunding)} of the ${tokens} tokens it bought leave their wallet. This cannot be undone.`;
    return `${money} goes back to ${payment.user.name}'s card through the payment provider, and the ${tokens} tokens it bought leave their wallet. This cannot be undone.`;
  }
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
  /** What a refund could give back now, when known: the refund's amount starts there and cannot pass it. */
  refundable: AdminPaymentDetail['refundable'];
  onClose: () => void;
  onDone: (payment: AdminPaymentDetail) => void;
};

/** "12/500 characters" beside the reason's label, marked when over. */
function ReasonCount({ length }: { length: number }) {
  return (
    <span className={length > REVERSAL_REASON_MAX ? 'admin-count is-over' : 'admin-count'}>
      {length}/{REVERSAL_REASON_MAX}
      <span className="visually-hidden"> characters</span>
    </span>
  );
}

type RefundTokensFieldProps = {
  payment: AdminPayment;
  most: number;
  refunding: number | null;
  text: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (text: string) => void;
};

/** How many tokens a refund gives back, with the money that makes. */
function RefundTokensField({ payment, most, refunding, text, error, disabled, onChange }: RefundTokensFieldProps) {
  return (
    <TextField
      label="Tokens to refund"
      inputMode="decimal"
      autoComplete="off"
      suffix="tokens"
      value={text}
      error={error}
      disabled={disabled}
      hint={
        refunding !== null
          ? `Gives back ${formatUsd(refundCentsFor(payment, refunding))} of ${formatUsd(payment.amountCents)}. At most ${formatTokens(most)} tokens.`
          : `At most ${formatTokens(most)} tokens.`
      }
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

/**
 * Refund or chargeback, with the reason the audit log and the payment keep (1 to 500 characters,
 * docs/product.md#refunds-and-chargebacks). The server's refusal — spent tokens, the provider's
 * words — is shown here, and what was typed stays.
 */
export function ReversePaymentModal({ kind, payment, balance, refundable, onClose, onDone }: ReversePaymentModalProps) {
  const [refund] = useRefundPaymentMutation();
  const [chargeback] = useRecordChargebackMutation();
  const [formError, setFormError] = useState<string | null>(null);
  // A refund may give back part of the payment: the tokens the member still holds at most (issue #28).
  const most = refundable?.tokens ?? payment.tokens;
  const [tokensText, setTokensText] = useState(formatTokens(most));
  const [tokensError, setTokensError] = useState<string | undefined>();
  const typedTokens = parseTokens(tokensText);
  const refunding = typedTokens !== null && typedTokens > 0 && typedTokens <= most ? typedTokens : null;
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
    if (kind === 'refund' && refunding === null) {
      setTokensError(`Enter the tokens to refund, more than 0 and at most ${formatTokens(most)}`);
      return;
    }
    const part = kind === 'refund' && refunding !== null && refunding < payment.tokens ? { tokens: refunding } : {};
    const result = await (kind === 'refund' ? refund({ id: payment._id, reason, ...part }) : chargeback({ id: payment._id, reason }));
    if ('error' in result) {
      const left = applyServerErrors(result.error, setError, ['reason']);
      setFormError(left);
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
      description={explanation(kind, payment, balance, refunding)}
      footer={<FormModalFooter formId={formId} submitLabel={words.confirm} busy={isSubmitting} onCancel={onClose} danger />}
    >
      <form id={formId} className="stack" onSubmit={onSubmit} noValidate>
        {formError ? <Alert tone="danger">{formError}</Alert> : null}
        {kind === 'refund' ? (
          <RefundTokensField
            payment={payment}
            most={most}
            refunding={refunding}
            text={tokensText}
            error={tokensError}
            disabled={isSubmitting}
            onChange={(text) => {
              setTokensText(text);
              setTokensError(undefined);
            }}
          />
        ) : null}
        <TextAreaField
          label="Reason"
          rows={4}
          autoFocus
          placeholder={words.placeholder}
          hint="Kept on the payment and in the audit log."
          labelAside={<ReasonCount length={length} />}
          error={errors.reason?.message}
          disabled={isSubmitting}
          {...register('reason')}
        />
      </form>
    </Modal>
  );
}
