import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import type { RootState } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { onResyncNeeded, useSocketListeners } from '../../../shared/socket/useSocketListeners';
import { selectHasTyping, typingLapsed } from '../model/chatSlice';
import {
  conversationBlocked,
  conversationRead,
  messageCreated,
  messageDeleted,
  presenceChanged,
  resync,
  typingReceived,
} from './messagingEvents';

/** How often lapsed typing indicators are swept away. */
const TYPING_SWEEP_MS = 1000;

/**
 * Keeps the chat live on every page: socket events patch the cached conversations, messages and
 * the unread total; after a lost link everything shown is fetched again. Mounted once, in the shell.
 */
export function useMessagingLive() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const viewerId = useAppSelector(selectCurrentUser)?._id;

  useSocketListeners((socket) => {
    const onCreated = (payload: Parameters<typeof messageCreated>[0]) => dispatch(messageCreated(payload));
    const onDeleted = (payload: Parameters<typeof messageDeleted>[0]) => dispatch(messageDeleted(payload));
    const onRead = (payload: Parameters<typeof conversationRead>[0]) => dispatch(conversationRead(payload));
    const onBlocked = (payload: Parameters<typeof conversationBlocked>[0]) => dispatch(conversationBlocked(payload));
    const onPresence = (payload: Parameters<typeof presenceChanged>[0]) => dispatch(presenceChanged(payload));
    const onTyping = (payload: Parameters<typeof typingReceived>[0]) => dispatch(typingReceived(payload, Date.now()));
    socket.on('message:created', onCreated);
    socket.on('message:deleted', onDeleted);
    socket.on('conversation:read', onRead);
    socket.on('conversation:blocked', onBlocked);
    socket.on('presence:changed', onPresence);
    socket.on('conversation:typing', onTyping);
    const stopResync = onResyncNeeded(socket, () => dispatch(resync()));
    return () => {
      socket.off('message:created', onCreated);
      socket.off('message:deleted', onDeleted);
      socket.off('conversation:read', onRead);
      socket.off('conversation:blocked', onBlocked);
      socket.off('presence:changed', onPresence);
      socket.off('conversation:typing', onTyping);
      stopResync();
    };
  });

  // Typing indicators lapse when not renewed.
  useEffect(() => {
    if (!viewerId) return;
    const timer = setInterval(() => {
      if (selectHasTyping(store.getState())) dispatch(typingLapsed(Date.now()));
    }, TYPING_SWEEP_MS);
    return () => clearInterval(timer);
  }, [dispatch, store, viewerId]);
  // No reset of the chat here on sign-out: every sign-out is the global reset (endSession), which
  // empties the chat slice, so the next person starts with no one else's drafts or unsent messages.
}
