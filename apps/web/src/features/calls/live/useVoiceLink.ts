import { useEffect, useRef, type RefObject } from 'react';
import { toast } from 'sonner';
import { CALL_MESSAGES } from '@cc/contracts';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { callsApi } from '../api/callsApi';
import { selectCall, voiceStatusChanged } from '../model/callSlice';
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
          if (isCaller) toast.success(CALL_MESSAGES.voiceConnected);
        }
        // A link that had joined and then broke (a failed join is told below).
        if (status.status === 'error' && joined) toast.error(CALL_MESSAGES.voiceFailed);
      },
      onRemoteStream: (stream) => {
        const audio = audioRef.current;
        if (!audio) return;
        audio.srcObject = stream;
        if (stream) void audio.play().catch(() => undefined);
      },
    });
    linkRef.current = link;
    if (isCaller) toast.info(CALL_MESSAGES.connectingVoice);
    link.connect().then(
      () => {
        joined = true;
      },
      () => {
        toast.error(CALL_MESSAGES.joinFailed);
        toast.error(CALL_MESSAGES.voiceJoinFailed);
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
