import { describe, expect, it } from 'vitest';
import type { Message } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import {
  appendMessage,
  clearBookmark,
  markMessageDeleted,
  mergeNewestPage,
  prependOlder,
  setBookmark,
  toDisplayOrder,
  windowFromPage,
  type MessageWindow,
} from '../model/messageList';

const message = (seq: number, overrides: Partial<Message> = {}): Message => ({
  _id: `m${seq}`,
  conversationId: 'c1',
  senderId: 'u1',
  sender: buildMe({ _id: 'u1' }),
  clientId: `k${seq}`,
  type: 'text',
  text: `message ${seq}`,
  media: null,
  price: 0,
  earned: null,
  seq,
  createdAt: `2026-03-04T10:${String(seq).padStart(2, '0')}:00.000Z`,
  deletedAt: null,
  bookmarked: false,
  bookmarkId: null,
  ...overrides,
});
const windowOf = (seqs: number[], hasMore = false): MessageWindow => ({
  items: seqs.map((seq) => message(seq)),
  hasMore,
  count: seqs.length,
});
const seqs = (window: MessageWindow) => window.items.map((item) => item.seq);

describe('messages', () => {
  it('reverses lists that arrive newest first for display', () => {
    expect(toDisplayOrder([message(3), message(2), message(1)]).map((m) => m.seq)).toEqual([1, 2, 3]);
    const window = windowFromPage({ items: [message(5), message(4)], count: 9, hasMore: true });
    expect(seqs(window)).toEqual([4, 5]);
    expect(window).toMatchObject({ hasMore: true, count: 9 });
  });

  it('appends a sent or received message', () => {
    const window = appendMessage(windowOf([1, 2]), message(3));
    expect(seqs(window)).toEqual([1, 2, 3]);
    expect(window.count).toBe(3);
  });

  it('does not append a message whose id is already present (the send answer and the socket echo)', () => {
    const first = appendMessage(windowOf([1]), message(2));
    const echo = appendMessage(first, message(2, { text: 'message 2' }));
    expect(seqs(echo)).toEqual([1, 2]);
    expect(echo.count).toBe(2);
  });

  it('treats the same clientId as the same message, keeping the stored copy', () => {
    const window = appendMessage(windowOf([1, 2]), message(2, { _id: 'server-id', clientId: 'k2', text: 'stored' }));
    expect(window.items).toHaveLength(2);
    expect(window.items[1]).toMatchObject({ _id: 'server-id', text: 'stored' });
  });

  it('keeps seq order when a message arrives late', () => {
    expect(seqs(appendMessage(windowOf([1, 2, 4]), message(3)))).toEqual([1, 2, 3, 4]);
  });

  it('prepends older messages (arriving newest first) without duplicates', () => {
    const window = prependOlder(windowOf([4, 5, 6], true), { items: [message(4), message(3), message(2)], count: 6, hasMore: false });
    expect(seqs(window)).toEqual([2, 3, 4, 5, 6]);
    expect(window.hasMore).toBe(false);
  });

  it('merges a fresh newest page that overlaps what is loaded: nothing missing, nothing twice', () => {
    const loaded = windowOf([3, 4, 5, 6], true);
    const fresh = { items: [6, 7, 8].map((seq) => message(seq, seq === 6 ? { text: 'edited' } : {})), hasMore: true, count: 8 };
    const merged = mergeNewestPage(loaded, fresh);
    expect(seqs(merged)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(merged.items.find((m) => m.seq === 6)!.text).toBe('edited');
    expect(merged.hasMore).toBe(true);
  });

  it('replaces what is loaded when a gap separates it from the fresh page', () => {
    const merged = mergeNewestPage(windowOf([1, 2, 3], false), { items: [10, 11].map((seq) => message(seq)), hasMore: true, count: 11 });
    expect(seqs(merged)).toEqual([10, 11]);
    expect(merged.hasMore).toBe(true);
  });

  it('keeps a message the socket added after the fresh page was read', () => {
    const merged = mergeNewestPage(windowOf([1, 2, 3]), { items: [1, 2].map((seq) => message(seq)), hasMore: false, count: 2 });
    expect(seqs(merged)).toEqual([1, 2, 3]);
  });

  it('shows a deleted message in its place without text or media', () => {
    const window = markMessageDeleted(windowOf([1, 2]), 'm2', '2026-03-04T11:00:00.000Z');
    expect(window.items[1]).toMatchObject({ _id: 'm2', text: '', media: null, deletedAt: '2026-03-04T11:00:00.000Z' });
  });

  it('bookmarking sets bookmarked with its bookmarkId; un-bookmarking clears both', () => {
    const marked = setBookmark(windowOf([1]), 'm1', 'b9');
    expect(marked.items[0]).toMatchObject({ bookmarked: true, bookmarkId: 'b9' });
    expect(clearBookmark(marked, 'm1').items[0]).toMatchObject({ bookmarked: false, bookmarkId: null });
  });
});
