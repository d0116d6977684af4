import { describe, expect, it } from 'vitest';
import type { Message } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import {
  chatReducer,
  conversationSelected,
  initialChatState,
  searchToggled,
  sendFailed,
  sendSettled,
  sendStarted,
  typingChanged,
  typingLapsed,
  type OutboxEntry,
} from '../model/chatSlice';
import { buildLogRows } from '../model/logRows';

const entry = (clientId: string, overrides: Partial<OutboxEntry> = {}): OutboxEntry => ({
  clientId,
  conversationId: 'c1',
  type: 'text',
  text: `text ${clientId}`,
  media: null,
  expectedPrice: 0,
  createdAt: '2026-03-04T12:00:00.000Z',
  status: 'sending',
  error: null,
  ...overrides,
});

const message = (seq: number, senderId: string, createdAt = '2026-03-04T10:00:00.000Z'): Message => ({
  _id: `m${seq}`,
  conversationId: 'c1',
  senderId,
  sender: buildMe({ _id: senderId }),
  clientId: `k${seq}`,
  type: 'text',
  text: `message ${seq}`,
  media: null,
  price: 0,
  earned: null,
  seq,
  createdAt,
  deletedAt: null,
  bookmarked: false,
  bookmarkId: null,
});

describe('the chat slice (client-only state)', () => {
  it('keeps the selected conversation and the search-bar flag, closing search when the conversation changes', () => {
    let state = chatReducer(initialChatState, conversationSelected('c1'));
    state = chatReducer(state, searchToggled());
    expect(state).toMatchObject({ selectedConversationId: 'c1', searchOpen: true });
    state = chatReducer(state, conversationSelected('c2'));
    expect(state).toMatchObject({ selectedConversationId: 'c2', searchOpen: false });
  });

  it('keeps a failed message with its text, and a retry reuses its entry (same clientId)', () => {
    let state = chatReducer(initialChatState, sendStarted(entry('k1')));
    state = chatReducer(state, sendFailed({ conversationId: 'c1', clientId: 'k1', error: { status: 0, code: 'NETWORK_ERROR' } }));
    expect(state.outbox.c1).toEqual([expect.objectContaining({ clientId: 'k1', text: 'text k1', status: 'failed' })]);
    state = chatReducer(state, sendStarted(entry('k1')));
    expect(state.outbox.c1).toEqual([expect.objectContaining({ clientId: 'k1', status: 'sending', error: null })]);
    state = chatReducer(state, sendSettled({ conversationId: 'c1', clientId: 'k1' }));
    expect(state.outbox.c1).toBeUndefined();
  });

  it('shows typing until it is stopped or lapses', () => {
    let state = chatReducer(initialChatState, typingChanged({ conversationId: 'c1', userId: 'u2', typing: true, until: 5_000 }));
    expect(state.typing.c1).toEqual({ userId: 'u2', until: 5_000 });
    expect(chatReducer(state, typingLapsed(4_999)).typing.c1).toBeDefined();
    expect(chatReducer(state, typingLapsed(5_000)).typing.c1).toBeUndefined();
    state = chatReducer(state, typingChanged({ conversationId: 'c1', userId: 'u2', typing: false, until: 0 }));
    expect(state.typing.c1).toBeUndefined();
  });
});

describe('what the chat shows', () => {
  const now = new Date('2026-03-04T18:00:00').getTime();

  it('groups by day, marks the viewer\'s own messages and puts "Seen" under the last one read', () => {
    const rows = buildLogRows(
      [
        message(1, 'me', '2026-03-03T10:00:00'),
        message(2, 'me', '2026-03-04T09:00:00'),
        message(3, 'them', '2026-03-04T09:01:00'),
        message(4, 'me', '2026-03-04T09:02:00'),
      ],
      [],
      'me',
      3,
      now,
    );
    expect(rows.map((row) => (row.kind === 'day' ? row.label : row.key))).toEqual(['Yesterday', 'm1', 'Today', 'm2', 'm3', 'm4']);
    const seen = rows.filter((row) => row.kind === 'message' && row.seen).map((row) => row.key);
    expect(seen).toEqual(['m2']);
    expect(rows.filter((row) => row.kind === 'message' && row.mine).map((row) => row.key)).toEqual(['m1', 'm2', 'm4']);
  });

  it('adds messages on their way at the bottom, unless the server already has them', () => {
    const stored = { ...message(1, 'me'), clientId: 'k-sent' };
    const rows = buildLogRows([stored], [entry('k-sent'), entry('k-new')], 'me', 0, now);
    expect(rows.filter((row) => row.kind === 'outbox').map((row) => row.key)).toEqual(['outbox-k-new']);
  });
});
