import { useState } from 'react';
import type { PayoutRequest } from '@cc/contracts';
import { Alert, Button, Modal, TextAreaField, TextField } from '../../../../shared/ui';
import type { PayoutDecision } from '../api/adminPayoutsApi';
import { payoutAccountLabel, payoutMoney } from '../../../../shared/money';
import { payoutAmount, payoutAmountWithMoney } from './payoutAmount';

const NOTE_MAX = 500;
const REFERENCE_MAX = 120;

const COPY: Record<PayoutDecision, { title: string; effect: string; confirm: string; tone: 'primary' | 'danger' }> = {
  approve: {
    title: 'Approve this payout?',
    effect: 'The model sees it approved. Mark it paid once the money has been sent.',
    confirm: 'Approve',
    tone: 'primary',
  },
  markPaid: {
    title: 'Mark this payout paid?',
    effect: 'Mark it paid only once the money has been sent: the model is told it is paid, and this cannot be undone.',
    confirm: 'Mark paid',
    tone: 'primary',
  },
  reject: {
    title: 'Reject this payout?',
    effect: "The tokens go back to the model's balance. The model reads your reason.",
    confirm: 'Reject payout',
    tone: 'danger',
  },
};

type PayoutDecisionModalProps = {
  request: PayoutRequest;
  decision: PayoutDecision;
  working: boolean;
  /** The server's refusal (other than a decision someone made first, which the page shows). */
  error: string | null;
  onCancel: () => void;
  onConfirm: (decided: { note?: string; reference?: string }) => void;
};

/**
 * What the dialog says it does, with the money first where money moves: "Send $8.00 to Luna Star"
 * (issue #28: payouts never showed money).
 */
function describe(request: PayoutRequest, decision: PayoutDecision, effect: string): { title?: string; description: string } {
  const who = request.model?.name ?? 'the model';
  const to = payoutAccountLabel(request.payTo ?? request.payoutAccount);
  const money = payoutMoney(request);
  if (decision === 'markPaid' && money) {
    return {
      title: `Send ${money} to ${who}`,
      description: `${money} for ${payoutAmount(request.token)}, to ${to}. ${effect}`,
    };
  }
  return { description: `${payoutAmountWithMoney(request)} to ${who} (${to}). ${effect}` };
}

/** "Are you sure?" for a payout decision; a rejection asks for the reason the model will read. */
export function PayoutDecisionModal({ request, decision, working, error, onCancel, onConfirm }: PayoutDecisionModalProps) {
  const copy = COPY[decision];
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [reference, setReference] = useState('');
  const [referenceError, setReferenceError] = useState<string | undefined>();
  const { title, description } = describe(request, decision, copy.effect);

  const confirm = () => {
    if (decision === 'markPaid') {
      // The model finds the money in her statement by this reference, so the console asks for it.
      const typed = reference.trim();
      if (!typed) return setReferenceError('Enter the reference of the transfer, so the model can find it');
      return onConfirm({ reference: typed });
    }
    if (decision !== 'reject') return onConfirm({});
    const note = reason.trim();
    if (!note) return setReasonError('Give the model a reason');
    onConfirm({ note });
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={title ?? copy.title}
      description={description}
      dismissible={!working}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={working}>
            Cancel
          </Button>
          <Button variant={copy.tone === 'danger' ? 'danger' : 'primary'} onClick={confirm} loading={working}>
            {copy.confirm}
          </Button>
        </>
      }
    >
      {error || decision !== 'approve' ? (
        <div className="stack">
          {error ? <Alert tone="danger">{error}</Alert> : null}
          {decision === 'markPaid' ? (
            <TextField
              label="Transfer reference"
              hint="The bank's or PayPal's reference for this payment. The model sees it beside the payout."
              autoFocus
              autoComplete="off"
              maxLength={REFERENCE_MAX}
              value={reference}
              error={referenceError}
              disabled={working}
              onChange={(event) => {
                setReference(event.target.value);
                setReferenceError(undefined);
              }}
            />
          ) : null}
          {decision === 'reject' ? (
            <TextAreaField
              label="Reason for rejecting"
              hint="The model reads this, so say what to do next (e.g. “The PayPal address bounced; check it and ask again”)."
              rows={3}
              autoFocus
              maxLength={NOTE_MAX}
              value={reason}
              error={reasonError}
              disabled={working}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(undefined);
              }}
            />
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
