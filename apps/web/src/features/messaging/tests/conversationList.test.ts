import { describe, expect, it } from 'vitest';
import type { Conversation, Message } from '@cc/contracts';
import { buildMe } from '../../../../test/factories';
import {
  addConversation,
  applyBlockedIds,
  blockState,
  blockUser,
  openConversation,
  receiveMessage,
  receiveMessageWithCounts,
  recipientRead,
  removeConversation,
  setPresence,
  totalUnreadAfter,
  unblockUser,
  type ConversationList,
} from '../model/conversationList';

const ME = 'me';
const conversation = (id: string, overrides: Partial<Conversation> = {}): Conversation => ({
  _id: id,
  recipient: { _id: `user-${id}`, username: id, name: `Person ${id}`, avatarUrl: null, type: 'user', tokenPerMessage: 0, isOnline: false },
  members: [],
  blockedIds: [],
  haveBeenBlockStatus: false,
  unreadMessageCount: 0,
  lastMessageId: null,
  lastMessage: null,
  lastMessageAt: null,
  recipientReadSeq: 0,
  createdAt: '2026-03-01T00:00:00.000Z',
  ...overrides,
});
const listOf = (...items: Conversation[]): ConversationList => ({ items, count: items.length });
const incoming = (conversationId: string, overrides: Partial<Message> = {}): Message => ({
  _id: 'm1',
  conversationId,
  senderId: `user-${conversationId}`,
  sender: buildMe({ _id: `user-${conversationId}` }),
  clientId: 'k1',
  type: 'text',
  text: 'hi',
  media: null,
  price: 0,
  earned: null,
  seq: 7,
  createdAt: '2026-03-04T10:00:00.000Z',
  deletedAt: null,
  bookmarked: false,
  bookmarkId: null,
  ...overrides,
});
const ids = (list: ConversationList) => list.items.map((item) => item._id);

describe('incoming message', () => {
  it('raises unread by 1, sets the last message and moves the conversation to the top', () => {
    const list = receiveMessage(listOf(conversation('a'), conversation('b', { unreadMessageCount: 2 })), incoming('b'), {
      viewerId: ME,
      selectedId: null,
    });
    expect(ids(list)).toEqual(['b', 'a']);
    expect(list.items[0]).toMatchObject({ unreadMessageCount: 3, lastMessageId: 'm1', lastMessageAt: '2026-03-04T10:00:00.000Z' });
    expect(list.items[0]!.lastMessage?.text).toBe('hi');
  });

  it('does not raise unread when that conversation is selected', () => {
    const list = receiveMessage(listOf(conversation('a')), incoming('a'), { viewerId: ME, selectedId: 'a' });
    expect(list.items[0]).toMatchObject({ unreadMessageCount: 0, lastMessageId: 'm1' });
  });

  it("does not count the viewer's own message", () => {
    const list = receiveMessage(listOf(conversation('a')), incoming('a', { senderId: ME }), { viewerId: ME, selectedId: null });
    expect(list.items[0]!.unreadMessageCount).toBe(0);
  });

  it("takes the server's exact counts when the event carries them", () => {
    const fromServer = conversation('b', { unreadMessageCount: 5, lastMessageId: 'm1' });
    const list = receiveMessageWithCounts(listOf(conversation('a'), conversation('b', { unreadMessageCount: 1 })), fromServer, {
      selectedId: null,
    });
    expect(ids(list)).toEqual(['b', 'a']);
    expect(list.items[0]!.unreadMessageCount).toBe(5);
    expect(list.count).toBe(2);
  });

  it('reads 0 for the selected conversation even with exact counts, and adds a conversation the list did not have', () => {
    const selected = receiveMessageWithCounts(listOf(conversation('a')), conversation('a', { unreadMessageCount: 1 }), { selectedId: 'a' });
    expect(selected.items[0]!.unreadMessageCount).toBe(0);
    const added = receiveMessageWithCounts(listOf(conversation('a')), conversation('new', { unreadMessageCount: 1 }), { selectedId: null });
    expect(ids(added)).toEqual(['new', 'a']);
    expect(added.count).toBe(2);
  });

  it('keeps the total exact, minus what is being read in the open conversation', () => {
    expect(totalUnreadAfter(7, conversation('a', { unreadMessageCount: 2 }), false)).toBe(7);
    expect(totalUnreadAfter(7, conversation('a', { unreadMessageCount: 2 }), true)).toBe(5);
  });
});

describe('conversations', () => {
  it('opening a conversation sets its unread count to 0', () => {
    const list = openConversation(listOf(conversation('a', { unreadMessageCount: 4 }), conversation('b', { unreadMessageCount: 1 })), 'a');
    expect(list.items.map((item) => item.unreadMessageCount)).toEqual([0, 1]);
  });

  it('creating a conversation adds it to the top unless it already exists', () => {
    const list = addConversation(listOf(conversation('a')), conversation('b'));
    expect(ids(list)).toEqual(['b', 'a']);
    expect(list.count).toBe(2);
    const again = addConversation(list, conversation('a', { unreadMessageCount: 9 }));
    expect(again).toBe(list);
  });

  it('deleting hides it from the list', () => {
    const list = removeConversation(listOf(conversation('a'), conversation('b')), 'a');
    expect(ids(list)).toEqual(['b']);
    expect(list.count).toBe(1);
  });

  it('blocking adds the user id to blockedIds; unblocking removes it', () => {
    const blocked = blockUser(conversation('a'), 'user-a');
    expect(blocked.blockedIds).toEqual(['user-a']);
    expect(blockUser(blocked, 'user-a').blockedIds).toEqual(['user-a']);
    expect(blockState(blocked)).toBe('blockedByMe');
    const unblocked = unblockUser(blocked, 'user-a');
    expect(unblocked.blockedIds).toEqual([]);
    expect(blockState(unblocked)).toBe('none');
  });

  it('knows from the block event when the viewer is the one blocked', () => {
    const blocked = applyBlockedIds(conversation('a'), [ME], ME);
    expect(blocked.haveBeenBlockStatus).toBe(true);
    expect(blockState(blocked)).toBe('blockedMe');
  });

  it('follows read receipts forward only, and presence by user', () => {
    expect(recipientRead(conversation('a', { recipientReadSeq: 5 }), 3).recipientReadSeq).toBe(5);
    expect(recipientRead(conversation('a', { recipientReadSeq: 5 }), 9).recipientReadSeq).toBe(9);
    const list = setPresence(listOf(conversation('a'), conversation('b')), 'user-b', true);
    expect(list.items.map((item) => item.recipient.isOnline)).toEqual([false, true]);
  });
});
