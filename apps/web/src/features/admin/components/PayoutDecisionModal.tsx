import { useState } from 'react';
import type { PayoutRequest } from '@cc/contracts';
import { Alert, Button, Modal, TextAreaField } from '../../../shared/ui';
import type { PayoutDecision } from '../api/payoutsAdminApi';
import { payoutAccountLabel } from '../../../shared/money';
import { payoutAmount } from './payoutAmount';

const NOTE_MAX = 500;

const COPY: Record<PayoutDecision, { title: string; effect: string; confirm: string; tone: 'primary' | 'danger' }> = {
  approve: {
    title: 'Approve this payout?',
    effect: 'The model sees it approved. Mark it paid once the money has been sent.',
    confirm: 'Approve',
    tone: 'primary',
  },
  markPaid: {
    title: 'Mark this payout paid?',
    effect: 'Only once the money has been sent: the model is told it is paid, and this cannot be undone.',
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
  onConfirm: (note: string | undefined) => void;
};

/** "Are you sure?" for a payout decision; a rejection asks for the reason the model will read. */
export function PayoutDecisionModal({ request, decision, working, error, onCancel, onConfirm }: PayoutDecisionModalProps) {
  const copy = COPY[decision];
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const who = request.model?.name ?? 'the model';

  const confirm = () => {
    if (decision !== 'reject') return onConfirm(undefined);
    const note = reason.trim();
    if (!note) return setReasonError('Give the model a reason');
    onConfirm(note);
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onCancel())}
      title={copy.title}
      description={`${payoutAmount(request.token)} to ${who} (${payoutAccountLabel(request.payTo ?? request.payoutAccount)}). ${copy.effect}`}
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
      {error || decision === 'reject' ? (
        <div className="stack">
          {error ? <Alert tone="danger">{error}</Alert> : null}
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
