import { useCallback, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../../shared/store/hooks';
import type { RootState } from '../../../shared/store/hooks';
import { messagingApi } from '../api/messagingApi';
import { prependOlder, type MessageWindow } from '../model/messageList';

/** Loads the page before the oldest loaded message and prepends it. One load at a time. */
export function useOlderMessages(conversationId: string) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const [state, setState] = useState({ loading: false, failed: false });
  const busy = useRef(false);

  const currentWindow = useCallback(
    (): MessageWindow | undefined => messagingApi.endpoints.getMessageWindow.select(conversationId)(store.getState()).data,
    [conversationId, store],
  );

  /** True when a page was added. */
  const loadOlder = useCallback(async (): Promise<boolean> => {
    const first = currentWindow()?.items[0];
    if (busy.current || !first || !currentWindow()?.hasMore) return false;
    busy.current = true;
    setState({ loading: true, failed: false });
    try {
      const page = await dispatch(
        messagingApi.endpoints.getMessagePage.initiate({ conversationId, before: first.seq }, { subscribe: false, forceRefetch: true }),
      ).unwrap();
      dispatch(messagingApi.util.updateQueryData('getMessageWindow', conversationId, (draft) => prependOlder(draft, page)));
      setState({ loading: false, failed: false });
      return true;
    } catch {
      setState({ loading: false, failed: true });
      return false;
    } finally {
      busy.current = false;
    }
  }, [conversationId, currentWindow, dispatch]);

  return { ...state, loadOlder, currentWindow };
}
