import { useSyncExternalStore } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { chatReducer, initialChatState, type ChatState } from './chatSlice';

/**
 * Where the chat slice lives. The app store's reducers are fixed in app/store.ts, so this feature
 * keeps its client-only state (selected conversation, search flag, outbox, typing, drafts) in a
 * store of its own, run by the same slice reducer; moving it into the app store is a one-line change.
 */
let state: ChatState = initialChatState;
const listeners = new Set<() => void>();

export const chatStore = {
  getState: (): ChatState => state,
  dispatch(action: UnknownAction) {
    const next = chatReducer(state, action);
    if (next === state) return;
    state = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

/** Reads a piece of the chat state; the component re-renders only when that piece changes. */
export function useChatState<T>(selector: (chat: ChatState) => T): T {
  return useSyncExternalStore(
    chatStore.subscribe,
    () => selector(chatStore.getState()),
    () => selector(initialChatState),
  );
}

/** The conversation on screen, if the page is visible: messages there are read as they arrive. */
export function isReadingConversation(conversationId: string): boolean {
  return chatStore.getState().selectedConversationId === conversationId && document.visibilityState !== 'hidden';
}
