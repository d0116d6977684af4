import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CALL_UNANSWERED_HEADING, callUnansweredText } from '@cc/contracts';
import { formatTokens } from '../../../shared/format';
import { Alert, Avatar, Button, Icon, Spinner } from '../../../shared/ui';
import { displayedTokens, formatClock } from '../lib/billing';
import type { CallState, OpenCall, VoiceStatus } from '../model/callSlice';

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

function Controls({ children }: { children: ReactNode }) {
  return <div className="voice-call__controls">{children}</div>;
}

export function InitiatingStage({ name }: { name: string }) {
  return (
    <div className="voice-call__stage">
      <Spinner size={44} className="voice-call__spinner" />
      <h3 className="voice-call__heading">Initiating Call...</h3>
      <p className="voice-call__text">Setting up your call to {name}</p>
    </div>
  );
}

type RingingProps = {
  call: OpenCall;
  incoming: boolean;
  /** The model answers on her own phone (Twilio): no buttons here. */
  onPhone: boolean;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
  onCancel: () => void;
};

export function RingingStage({ call, incoming, onPhone, busy, onAccept, onDecline, onCancel }: RingingProps) {
  const name = call.otherParty.name;
  return (
    <>
      <div className="voice-call__stage">
        <Avatar name={name} size={72} decorative className="voice-call__avatar voice-call__avatar--ringing" />
        <h3 className="voice-call__heading">{incoming ? 'Incoming Call' : 'Calling...'}</h3>
        <p className="voice-call__name">{name}</p>
        <p className="voice-call__rate">
          {rateLabel(call.callRate)} <span className="voice-call__rule">· billed per started minute</span>
        </p>
        {onPhone ? <p className="voice-call__text">Check your phone to accept or decline</p> : null}
      </div>
      {onPhone ? null : incoming ? (
        <Controls>
          <Button variant="danger" icon={<Icon name="hangUp" />} onClick={onDecline} disabled={busy}>
            Decline
          </Button>
          <Button icon={<Icon name="phone" />} onClick={onAccept} loading={busy}>
            Accept
          </Button>
        </Controls>
      ) : (
        <Controls>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        </Controls>
      )}
    </>
  );
}

type ConnectedProps = {
  state: CallState;
  call: OpenCall;
  incoming: boolean;
  onPhone: boolean;
  balance: number | null;
  busy: boolean;
  onToggleMute: () => void;
  onHangUp: () => void;
};

export function ConnectedStage({ state, call, incoming, onPhone, balance, busy, onToggleMute, onHangUp }: ConnectedProps) {
  const lowBalance = !incoming && balance !== null && balance < call.callRate;
  return (
    <>
      <div className="voice-call__stage">
        <h3 className="voice-call__heading">Call Connected</h3>
        <p className="voice-call__name">{call.otherParty.name}</p>
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
      <Controls>
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
      </Controls>
    </>
  );
}

export function EndedStage({ state, name }: { state: CallState; name: string }) {
  const summary = state.summary ?? { duration: state.elapsed, tokens: state.tokensCharged };
  return (
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
}

/** A real decline has the spec's words; a call nobody answered says that instead (docs/product.md#calls). */
export function NotTakenStage({ unanswered, name, onClose }: { unanswered: boolean; name: string; onClose: () => void }) {
  return (
    <>
      {unanswered ? (
        <div className="voice-call__stage">
          <h3 className="voice-call__heading">{CALL_UNANSWERED_HEADING}</h3>
          <p className="voice-call__text">{callUnansweredText(name)}</p>
        </div>
      ) : (
        <div className="voice-call__stage">
          <h3 className="voice-call__heading">Call Declined</h3>
          <p className="voice-call__text">The call was declined</p>
        </div>
      )}
      <Controls>
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      </Controls>
    </>
  );
}
