import { Modal } from '../../../shared/ui';
import { useGetCallSettingsQuery } from '../api/historyApi';
import type { CallState } from '../model/callSlice';
import { ConnectedStage, EndedStage, InitiatingStage, NotTakenStage, RingingStage } from './VoiceCallStages';
import './VoiceCallModal.css';

export type VoiceCallActions = {
  onCancel: () => void;
  onAccept: () => void;
  onDecline: () => void;
  onHangUp: () => void;
  onToggleMute: () => void;
  onClose: () => void;
};

type Props = VoiceCallActions & {
  state: CallState;
  /** The signed-in person's balance in tokens (the low-balance warning). */
  balance: number | null;
  /** A request of this modal is running (accept, end): its button shows it and cannot be pressed twice. */
  busy: boolean;
};

/**
 * The Voice Call modal (docs/product.md#call-modal): Initiating, Ringing, Connected, Ended and Declined, each
 * with the spec's words, and No Answer for a call nobody picked up. It cannot be dismissed while connected (backdrop or keyboard), and its
 * stage is announced to screen readers.
 */
export function VoiceCallModal({ state, balance, busy, onCancel, onAccept, onDecline, onHangUp, onToggleMute, onClose }: Props) {
  const { stage, call } = state;
  const incoming = call?.direction === 'incoming';
  // With Twilio the model answers on her own phone (docs/product.md#call-modal: "Check your phone to accept or
  // decline"); her call settings say which provider the site uses. Until they are known she keeps
  // the softphone's buttons, which is what the local provider needs.
  const { data: settings } = useGetCallSettingsQuery(undefined, { skip: !incoming });
  const onPhone = incoming && settings?.provider === 'twilio';
  if (!stage || !call) return null;
  const finished = stage === 'ended' || stage === 'declined' || stage === 'unanswered';
  const cancellable = stage === 'ringing' && !incoming;

  return (
    <Modal
      open
      title="Voice Call"
      dismissible={finished || cancellable}
      onOpenChange={(open) => {
        if (open) return;
        if (cancellable) onCancel();
        else onClose();
      }}
    >
      <div className={`voice-call voice-call--${stage}`} data-stage={stage} aria-live="polite">
        {stage === 'initiating' ? (
          <InitiatingStage name={call.otherParty.name} />
        ) : stage === 'ringing' ? (
          <RingingStage
            call={call}
            incoming={incoming}
            onPhone={onPhone}
            busy={busy}
            onAccept={onAccept}
            onDecline={onDecline}
            onCancel={onCancel}
          />
        ) : stage === 'connected' ? (
          <ConnectedStage
            state={state}
            call={call}
            incoming={incoming}
            onPhone={onPhone}
            balance={balance}
            busy={busy}
            onToggleMute={onToggleMute}
            onHangUp={onHangUp}
          />
        ) : stage === 'ended' ? (
          <EndedStage state={state} name={call.otherParty.name} />
        ) : (
          <NotTakenStage unanswered={stage === 'unanswered'} name={call.otherParty.name} onClose={onClose} />
        )}
      </div>
    </Modal>
  );
}
