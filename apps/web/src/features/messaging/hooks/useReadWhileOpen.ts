import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../../shared/store/hooks';
import type { RootState } from '../../../shared/store/hooks';
import { useMarkConversationReadMutation } from '../api/messagingApi';
import { conversationSelected, selectSelectedConversationId } from '../model/chatSlice';

/**
 * Opening a conversation selects it and reads it (unread to 0, docs/product.md#messaging); messages
 * that arrived while the tab was hidden are read when the person comes back to it.
 */
export function useReadWhileOpen(conversationId: string, unread: number) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const [markRead] = useMarkConversationReadMutation();

  useEffect(() => {
    dispatch(conversationSelected(conversationId));
    void markRead(conversationId);
    return () => {
      if (selectSelectedConversationId(store.getState()) === conversationId) dispatch(conversationSelected(null));
    };
  }, [conversationId, dispatch, markRead, store]);

  useEffect(() => {
    if (!unread) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void markRead(conversationId);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [conversationId, markRead, unread]);
}
