import { useEffect, useRef, type RefObject } from 'react';
import { toast } from 'sonner';
import { CALL_MESSAGES } from '@cc/contracts';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { callsApi } from '../api/callsApi';
import { selectCall, voiceStatusChanged } from '../model/callSlice';
import { callToastId } from '../model/callToasts';
import { socketSignals } from '../voice/signalInbox';
import type { CreateVoiceLink, VoiceLink } from '../voice/types';

/**
 * The browser's voice link while the call is connected (docs/product.md#call-modal): the caller joins once
 * 'call:connected' arrives; with the local provider the model's browser is her phone and answers,
 * with Twilio she is on her own phone and her browser joins nothing (voice/providerVoiceLink.ts).
 * The link closes when the call leaves the Connected stage. Toasts per docs/product.md#call-modal.
 */
export function useVoiceLink(createVoiceLink: CreateVoiceLink, audioRef: RefObject<HTMLAudioElement | null>) {
  const dispatch = useAppDispatch();
  const { stage, call, muted } = useAppSelector(selectCall);
  const liveCallId = stage === 'connected' ? (call?.callId ?? null) : null;
  const isCaller = call?.direction === 'outgoing';
  const makeOffer = isCaller || Boolean(call?.resumed);
  const linkRef = useRef<VoiceLink | null>(null);

  useEffect(() => {
    if (!liveCallId) return;
    let joined = false;
    let announcedConnected = false;
    const link = createVoiceLink({
      callId: liveCallId,
      party: isCaller ? 'caller' : 'model',
      makeOffer,
      fetchToken: () => dispatch(callsApi.endpoints.voiceToken.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap(),
      signals: socketSignals(liveCallId),
      onStatus: (status) => {
        dispatch(voiceStatusChanged(status));
        if (status.status === 'connected' && !announcedConnected) {
          announcedConnected = true;
          if (isCaller) toast.success(CALL_MESSAGES.voiceConnected, { id: callToastId(liveCallId) });
        }
        // A link that had joined and then broke (a failed join is told below).
        if (status.status === 'error' && joined) toast.error(CALL_MESSAGES.voiceFailed, { id: callToastId(liveCallId) });
      },
      onRemoteStream: (stream) => {
        const audio = audioRef.current;
        if (!audio) return;
        audio.srcObject = stream;
        if (stream) void audio.play().catch(() => undefined);
      },
    });
    linkRef.current = link;
    if (isCaller) toast.info(CALL_MESSAGES.connectingVoice, { id: callToastId(liveCallId) });
    link.connect().then(
      () => {
        joined = true;
      },
      () => {
        // Both of the spec's sentences, in one toast in place of the call's last one.
        toast.error(CALL_MESSAGES.joinFailed, { id: callToastId(liveCallId), description: CALL_MESSAGES.voiceJoinFailed });
      },
    );
    return () => {
      linkRef.current = null;
      link.disconnect();
    };
  }, [dispatch, createVoiceLink, audioRef, liveCallId, isCaller, makeOffer]);

  // Mute toggles the local track (after the link effect above, so a new link gets it too).
  useEffect(() => {
    linkRef.current?.setMuted(muted);
  }, [muted, liveCallId]);
}
