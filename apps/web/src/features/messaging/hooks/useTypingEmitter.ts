import { useCallback, useEffect, useRef } from 'react';
import { TYPING_RENEW_MS } from '@cc/contracts';
import { getSocket } from '../../../shared/socket/socketClient';

/**
 * Tells the other person the viewer is typing: at most once every TYPING_RENEW_MS while keys are
 * pressed, and 'stopped' on send, blur or leaving (their indicator lapses on its own otherwise).
 */
export function useTypingEmitter(conversationId: string) {
  const state = useRef({ typing: false, lastSentAt: 0 });

  const stop = useCallback(() => {
    if (!state.current.typing) return;
    state.current = { typing: false, lastSentAt: 0 };
    getSocket()?.emit('conversation:typing', { conversationId, typing: false });
  }, [conversationId]);

  const typed = useCallback(
    (text: string) => {
      if (!text.trim()) return stop();
      const now = Date.now();
      if (state.current.typing && now - state.current.lastSentAt < TYPING_RENEW_MS) return;
      state.current = { typing: true, lastSentAt: now };
      getSocket()?.emit('conversation:typing', { conversationId, typing: true });
    },
    [conversationId, stop],
  );

  useEffect(() => stop, [stop]);

  return { typed, stop };
}
