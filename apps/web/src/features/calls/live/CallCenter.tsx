import { useEffect, useRef, useState } from 'react';
import { CALL_MODAL_CLOSE_DELAY_MS } from '@cc/contracts';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { RingSoundNotice } from '../components/RingSoundNotice';
import { VoiceCallModal } from '../components/VoiceCallModal';
import { dueMinute } from '../lib/billing';
import { acceptIncoming, cancelCall, chargeDue, closeCall, declineIncoming, hangUp, resumeCall } from '../model/callFlow';
import { callTicked, muteToggled, selectCall } from '../model/callSlice';
import { createSiteVoiceLink } from '../voice/providerVoiceLink';
import { dropSignals } from '../voice/signalInbox';
import type { CreateVoiceLink } from '../voice/types';
import { dismissIncomingCall, startRinging } from './ringer';
import { useCallEvents } from './useCallEvents';
import { useVoiceLink } from './useVoiceLink';

/**
 * The calls' global listener (docs/product.md#call-modal), mounted once in the shell: it hears call events on
 * every page, shows the Voice Call modal for whichever call is open, runs its timer and the
 * charging calls (docs/product.md#call-modal), the voice link and the ring, and brings the modal back after a
 * reload while the call is live.
 */
export function CallCenter({ createVoiceLink = createSiteVoiceLink }: { createVoiceLink?: CreateVoiceLink }) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectCurrentUser);
  const state = useAppSelector(selectCall);
  const { stage, call, elapsed, minutesRequested } = state;
  const callId = call?.callId ?? null;
  const direction = call?.direction ?? null;
  const [busy, setBusy] = useState(false);
  const audioRef = useRef<HTMLAudioElement>(null);
  const userId = me?._id;

  useCallEvents();
  useVoiceLink(createVoiceLink, audioRef);

  // A reload mid-call: ask the server whether the remembered call is still live.
  useEffect(() => {
    if (userId) void dispatch(resumeCall());
  }, [dispatch, userId]);

  // Signals of calls that are over are of no use to anyone.
  useEffect(() => {
    dropSignals(callId);
  }, [callId]);

  // The timer ticks every second while connected.
  useEffect(() => {
    if (stage !== 'connected') return;
    const timer = window.setInterval(() => dispatch(callTicked({ now: Date.now() })), 1000);
    return () => window.clearInterval(timer);
  }, [dispatch, stage]);

  // The caller's page makes the charging call at 5 s, 61 s, 121 s … of the timer (docs/product.md#call-modal).
  useEffect(() => {
    if (stage !== 'connected' || direction !== 'outgoing' || !callId) return;
    const minute = dueMinute(elapsed);
    if (minute > minutesRequested) void dispatch(chargeDue(callId, minute));
  }, [dispatch, stage, direction, callId, elapsed, minutesRequested]);

  // The model's softphone rings while the incoming call waits for her; once it stops ringing
  // (accepted, declined, cancelled, missed) the 'Incoming Call: …' toast and notification go too.
  const ringing = stage === 'ringing' && direction === 'incoming';
  useEffect(() => {
    if (!ringing || !callId) return;
    const stopRinging = startRinging();
    return () => {
      stopRinging();
      dismissIncomingCall(callId);
    };
  }, [ringing, callId]);

  // The Ended stage closes 3 seconds later (docs/product.md#call-modal).
  useEffect(() => {
    if (stage !== 'ended') return;
    const timer = window.setTimeout(() => dispatch(closeCall()), CALL_MODAL_CLOSE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [dispatch, stage, callId]);

  const withBusy = (work: () => Promise<unknown>) => async () => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {/* The other party's voice; outside the modal so a stage change never interrupts it. */}
      <audio ref={audioRef} autoPlay hidden data-testid="call-audio" />
      <RingSoundNotice />
      {stage && userId ? (
        <VoiceCallModal
          state={state}
          balance={me?.balance ?? null}
          busy={busy}
          onCancel={() => dispatch(cancelCall())}
          onAccept={() => void withBusy(() => dispatch(acceptIncoming()))()}
          onDecline={() => dispatch(declineIncoming())}
          onHangUp={() => void withBusy(() => dispatch(hangUp()))()}
          onToggleMute={() => dispatch(muteToggled())}
          onClose={() => dispatch(closeCall())}
        />
      ) : null}
    </>
  );
}
