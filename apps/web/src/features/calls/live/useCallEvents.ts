import type { CallSignal, ServerEventPayload } from '@cc/contracts';
import { useSocketListeners } from '../../../shared/socket/useSocketListeners';
import { useAppDispatch } from '../../../shared/store/hooks';
import { onCallCharged, onCallConnected, onCallDeclined, onCallEnded } from '../model/callFlow';
import { incomingCall } from '../model/callSlice';
import { rememberCall } from '../model/callMemory';
import { receiveSignal } from '../voice/signalInbox';
import { announceIncomingCall } from './ringer';

/**
 * The global listener (docs/product.md#call-modal): call events on every page, for whichever call is open.
 * 'call:incoming' rings the model's softphone: the spec's toast, a browser notification and the
 * modal in Ringing ('Incoming Call'); the sound plays while the modal rings, and the toast and
 * notification go when it stops ringing (CallCenter).
 */
export function useCallEvents() {
  const dispatch = useAppDispatch();
  useSocketListeners((socket) => {
    const onIncoming = ({ callId, fromUser, callRate }: { callId: string; fromUser: { _id: string; name: string }; callRate: number }) => {
      announceIncomingCall(callId, fromUser.name);
      rememberCall(callId);
      dispatch(incomingCall({ callId, callRate, fromUser: { _id: fromUser._id, name: fromUser.name } }));
    };
    const onConnected = ({ callId }: { callId: string }) => dispatch(onCallConnected(callId));
    const onDeclined = ({ callId, reason }: ServerEventPayload<'call:declined'>) => dispatch(onCallDeclined(callId, reason));
    const onEnded = (payload: Parameters<typeof onCallEnded>[0]) => dispatch(onCallEnded(payload));
    const onCharged = ({ callId, tokensUsed }: { callId: string; tokensUsed: number }) => dispatch(onCallCharged(callId, tokensUsed));
    const onSignal = ({ callId, signal }: { callId: string; signal: CallSignal }) => receiveSignal(callId, signal);

    socket.on('call:incoming', onIncoming);
    socket.on('call:connected', onConnected);
    socket.on('call:declined', onDeclined);
    socket.on('call:ended', onEnded);
    socket.on('call:charged', onCharged);
    socket.on('call:signal', onSignal);
    return () => {
      socket.off('call:incoming', onIncoming);
      socket.off('call:connected', onConnected);
      socket.off('call:declined', onDeclined);
      socket.off('call:ended', onEnded);
      socket.off('call:charged', onCharged);
      socket.off('call:signal', onSignal);
    };
  });
}
