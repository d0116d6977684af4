import { Link } from 'react-router';
import { CALL_UNANSWERED_HEADING, callUnansweredText } from '@cc/contracts';
import { formatTokens } from '../../../shared/format';
import { Alert, Avatar, Button, Icon, Modal, Spinner } from '../../../shared/ui';
import { useGetCallSettingsQuery } from '../api/historyApi';
import { displayedTokens, formatClock } from '../lib/billing';
import type { CallState, VoiceStatus } from '../model/callSlice';
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

const rateLabel = (rate: number) => `${formatTokens(rate)} tokens/min`;

const VOICE_TEXT: Record<VoiceStatus['status'], string> = {
  disconnected: 'Audio not connected',
  connecting: 'Connecting audio…',
  connected: 'Audio connected',
  error: 'Audio connection failed',
};

function VoiceLine({ voice }: { voice: VoiceStatus }) {
  return (
    <p
      className={`voice-call__voice voice-call__voice--${voice.status}`}
      data-voice-status={voice.status}
      data-call-sid={voice.status === 'connected' ? voice.callSid : undefined}
    >
      <span className="voice-call__voice-dot" aria-hidden="true" />
      {VOICE_TEXT[voice.status]}
    </p>
  );
}

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
  const name = call.otherParty.name;
  const finished = stage === 'ended' || stage === 'declined' || stage === 'unanswered';
  const cancellable = stage === 'ringing' && !incoming;

  let body;
  let controls = null;
  if (stage === 'initiating') {
    body = (
      <div className="voice-call__stage">
        <Spinner size={44} className="voice-call__spinner" />
        <h3 className="voice-call__heading">Initiating Call...</h3>
        <p className="voice-call__text">Setting up your call to {name}</p>
      </div>
    );
  } else if (stage === 'ringing') {
    body = (
      <div className="voice-call__stage">
        <Avatar name={name} size={72} decorative className="voice-call__avatar voice-call__avatar--ringing" />
        <h3 className="voice-call__heading">{incoming ? 'Incoming Call' : 'Calling...'}</h3>
        <p className="voice-call__name">{name}</p>
        <p className="voice-call__rate">
          {rateLabel(call.callRate)} <span className="voice-call__rule">· billed per started minute</span>
        </p>
        {onPhone ? <p className="voice-call__text">Check your phone to accept or decline</p> : null}
      </div>
    );
    controls = onPhone ? null : incoming ? (
      <>
        <Button variant="danger" icon={<Icon name="hangUp" />} onClick={onDecline} disabled={busy}>
          Decline
        </Button>
        <Button icon={<Icon name="phone" />} onClick={onAccept} loading={busy}>
          Accept
        </Button>
      </>
    ) : (
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
    );
  } else if (stage === 'connected') {
    const lowBalance = !incoming && balance !== null && balance < call.callRate;
    body = (
      <div className="voice-call__stage">
        <h3 className="voice-call__heading">Call Connected</h3>
        <p className="voice-call__name">{name}</p>
        <p className="voice-call__timer" role="timer" aria-label="Call time">
          {formatClock(state.elapsed)}
        </p>
        <p className="voice-call__tokens">
          Tokens used: {formatTokens(displayedTokens(state.elapsed, call.callRate))} ({rateLabel(call.callRate)})
        </p>
        {onPhone ? <p className="voice-call__voice">On your phone</p> : <VoiceLine voice={state.voice} />}
        {lowBalance ? (
          <Alert tone="warning" title="Less than one minute left">
            Your balance ({formatTokens(balance)} tokens) covers less than one more minute. <Link to="/tokens">Buy tokens</Link> to keep
            talking.
          </Alert>
        ) : null}
      </div>
    );
    controls = (
      <>
        {onPhone ? null : (
          <Button
            variant="secondary"
            icon={<Icon name={state.muted ? 'micOff' : 'mic'} />}
            onClick={onToggleMute}
            aria-pressed={state.muted}
          >
            {state.muted ? 'Unmute' : 'Mute'}
          </Button>
        )}
        <Button variant="danger" icon={<Icon name="hangUp" />} onClick={onHangUp} loading={busy}>
          End call
        </Button>
      </>
    );
  } else if (stage === 'ended') {
    const summary = state.summary ?? { duration: state.elapsed, tokens: state.tokensCharged };
    body = (
      <div className="voice-call__stage">
        <h3 className="voice-call__heading">Call Ended</h3>
        <p className="voice-call__name">{name}</p>
        <dl className="voice-call__summary">
          <div>
            <dt>Duration</dt>
            <dd>{formatClock(summary.duration)}</dd>
          </div>
          <div>
            <dt>Total</dt>
            <dd>{formatTokens(summary.tokens)} tokens</dd>
          </div>
        </dl>
      </div>
    );
  } else {
    // A real decline has the spec's words; a call nobody answered says that instead (docs/product.md#calls).
    body =
      stage === 'unanswered' ? (
        <div className="voice-call__stage">
          <h3 className="voice-call__heading">{CALL_UNANSWERED_HEADING}</h3>
          <p className="voice-call__text">{callUnansweredText(name)}</p>
        </div>
      ) : (
        <div className="voice-call__stage">
          <h3 className="voice-call__heading">Call Declined</h3>
          <p className="voice-call__text">The call was declined</p>
        </div>
      );
    controls = (
      <Button variant="secondary" onClick={onClose}>
        Close
      </Button>
    );
  }

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
        {body}
        {controls ? <div className="voice-call__controls">{controls}</div> : null}
      </div>
    </Modal>
  );
}
