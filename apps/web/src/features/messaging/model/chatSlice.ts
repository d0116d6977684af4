import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Media, MessageType } from '@cc/contracts';
import type { ApiError } from '../../../shared/api/apiError';

/**
 * A message on its way: it shows at once as pending, and on failure it stays (with its text)
 * until it is sent or discarded. `clientId` is made once and reused on every retry, so the server
 * stores it once however often it is tried.
 */
export type OutboxEntry = {
  clientId: string;
  conversationId: string;
  type: MessageType;
  text: string;
  media: Media | null;
  /** The price per message shown when it was sent, in tokens (0 when free): the server charges it or refuses (docs/product.md#price-changes). */
  expectedPrice: number;
  createdAt: string;
  status: 'sending' | 'failed';
  error: ApiError | null;
};

export type TypingState = { userId: string; until: number };

/** Client-only chat state; everything the server knows lives in the RTK Query cache. */
export type ChatState = {
  /** The conversation on screen: incoming messages there do not count as unread. */
  selectedConversationId: string | null;
  /** Whether the search bar is in use. */
  searchOpen: boolean;
  outbox: Record<string, OutboxEntry[]>;
  typing: Record<string, TypingState>;
  drafts: Record<string, string>;
};

export const initialChatState: ChatState = { selectedConversationId: null, searchOpen: false, outbox: {}, typing: {}, drafts: {} };

function findEntry(state: ChatState, conversationId: string, clientId: string) {
  return state.outbox[conversationId]?.find((entry) => entry.clientId === clientId);
}

const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    conversationSelected: (state, action: PayloadAction<string | null>) => {
      if (state.selectedConversationId !== action.payload) state.searchOpen = false;
      state.selectedConversationId = action.payload;
    },
    searchToggled: (state, action: PayloadAction<boolean | undefined>) => {
      state.searchOpen = action.payload ?? !state.searchOpen;
    },
    sendStarted: (state, action: PayloadAction<OutboxEntry>) => {
      const entry = action.payload;
      const existing = findEntry(state, entry.conversationId, entry.clientId);
      if (existing) {
        existing.status = 'sending';
        existing.error = null;
        // Sent again at a price the member agreed to (docs/product.md#price-changes).
        existing.expectedPrice = entry.expectedPrice;
        return;
      }
      (state.outbox[entry.conversationId] ??= []).push(entry);
    },
    sendFailed: (state, action: PayloadAction<{ conversationId: string; clientId: string; error: ApiError }>) => {
      const entry = findEntry(state, action.payload.conversationId, action.payload.clientId);
      if (!entry) return;
      entry.status = 'failed';
      entry.error = action.payload.error;
    },
    /** Stored (or discarded): the server's copy, if any, is in the message list now. */
    sendSettled: (state, action: PayloadAction<{ conversationId: string; clientId: string }>) => {
      const { conversationId, clientId } = action.payload;
      const rest = (state.outbox[conversationId] ?? []).filter((entry) => entry.clientId !== clientId);
      if (rest.length) state.outbox[conversationId] = rest;
      else delete state.outbox[conversationId];
    },
    typingChanged: (state, action: PayloadAction<{ conversationId: string; userId: string; typing: boolean; until: number }>) => {
      const { conversationId, userId, typing, until } = action.payload;
      if (typing) state.typing[conversationId] = { userId, until };
      else if (state.typing[conversationId]?.userId === userId) delete state.typing[conversationId];
    },
    /** Indicators not renewed in time lapse (TYPING_TTL_MS). */
    typingLapsed: (state, action: PayloadAction<number>) => {
      for (const [conversationId, typing] of Object.entries(state.typing)) {
        if (typing.until <= action.payload) delete state.typing[conversationId];
      }
    },
    draftSaved: (state, action: PayloadAction<{ conversationId: string; text: string }>) => {
      if (action.payload.text) state.drafts[action.payload.conversationId] = action.payload.text;
      else delete state.drafts[action.payload.conversationId];
    },
  },
});

export const { conversationSelected, searchToggled, sendStarted, sendFailed, sendSettled, typingChanged, typingLapsed, draftSaved } =
  chatSlice.actions;
/** Mounted as `chat` in the app store, so the global reset (logout) clears it with everything else. */
export const chatReducer = chatSlice.reducer;

// Selectors return primitives or references stored in the state, so a component re-renders only
// when its own piece changes (typing in the composer never re-renders the history).
type WithChat = { chat: ChatState };
const NO_ENTRIES: OutboxEntry[] = [];
export const selectSelectedConversationId = (state: WithChat) => state.chat.selectedConversationId;
export const selectSearchOpen = (state: WithChat) => state.chat.searchOpen;
export const selectOutbox = (state: WithChat, conversationId: string) => state.chat.outbox[conversationId] ?? NO_ENTRIES;
export const selectDraft = (state: WithChat, conversationId: string) => state.chat.drafts[conversationId] ?? '';
export const selectHasTyping = (state: WithChat) => Object.keys(state.chat.typing).length > 0;
/** Whether `userId` is typing in the conversation (false while the other person is unknown). */
export const selectIsTyping = (state: WithChat, conversationId: string, userId: string | undefined) =>
  userId !== undefined && state.chat.typing[conversationId]?.userId === userId;
