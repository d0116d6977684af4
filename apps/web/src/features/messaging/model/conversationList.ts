import type { Conversation, List, Message } from '@cc/contracts';

export type ConversationList = List<Conversation>;

function mapConversation(list: ConversationList, id: string, change: (conversation: Conversation) => Conversation): ConversationList {
  const index = list.items.findIndex((item) => item._id === id);
  if (index < 0) return list;
  const items = list.items.slice();
  items[index] = change(items[index]!);
  return { ...list, items };
}

/** Puts a conversation first (the list is most recent first), replacing its older copy. */
function moveToTop(list: ConversationList, conversation: Conversation): ConversationList {
  const rest = list.items.filter((item) => item._id !== conversation._id);
  const isNew = rest.length === list.items.length;
  return { items: [conversation, ...rest], count: list.count + (isNew ? 1 : 0) };
}

const withLastMessage = (conversation: Conversation, message: Message): Conversation => ({
  ...conversation,
  lastMessage: message,
  lastMessageId: message._id,
  lastMessageAt: message.createdAt,
});

/**
 * An incoming message raises the conversation's unread by 1 unless it is the selected one
 * (or the viewer sent it), sets its last message, and moves it to the top.
 */
export function receiveMessage(
  list: ConversationList,
  message: Message,
  opts: { viewerId: string; selectedId: string | null },
): ConversationList {
  const conversation = list.items.find((item) => item._id === message.conversationId);
  if (!conversation) return list;
  const counts = message.senderId !== opts.viewerId && message.conversationId !== opts.selectedId;
  const updated = withLastMessage(conversation, message);
  return moveToTop(list, counts ? { ...updated, unreadMessageCount: conversation.unreadMessageCount + 1 } : updated);
}

/**
 * The same when the server's event carries the conversation with exact counts: those are taken as
 * they are (the selected conversation reads 0, since it is being read). A conversation the list
 * did not have yet (someone wrote first) joins at the top.
 */
export function receiveMessageWithCounts(
  list: ConversationList,
  conversation: Conversation,
  opts: { selectedId: string | null },
): ConversationList {
  const counted = conversation._id === opts.selectedId ? { ...conversation, unreadMessageCount: 0 } : conversation;
  return moveToTop(list, counted);
}

/** The sender's own view after a send: the last message changes and it moves up; no unread. */
export function sentMessage(list: ConversationList, message: Message): ConversationList {
  const conversation = list.items.find((item) => item._id === message.conversationId);
  if (!conversation) return list;
  if (conversation.lastMessage && conversation.lastMessage.seq > message.seq) return list;
  return moveToTop(list, withLastMessage(conversation, message));
}

/** Opening a conversation sets its unread count to 0 (unread counts are exact: docs/product.md#messaging). */
export function openConversation(list: ConversationList, id: string): ConversationList {
  return mapConversation(list, id, (conversation) =>
    conversation.unreadMessageCount === 0 ? conversation : { ...conversation, unreadMessageCount: 0 },
  );
}

/** Creating a conversation adds it to the top unless it already exists (docs/product.md#messaging). */
export function addConversation(list: ConversationList, conversation: Conversation): ConversationList {
  if (list.items.some((item) => item._id === conversation._id)) return list;
  return { items: [conversation, ...list.items], count: list.count + 1 };
}

/** Deleting hides the conversation for the viewer. */
export function removeConversation(list: ConversationList, id: string): ConversationList {
  if (!list.items.some((item) => item._id === id)) return list;
  return { items: list.items.filter((item) => item._id !== id), count: Math.max(0, list.count - 1) };
}

/** A newer copy of one conversation (a block answer, a read receipt) in place, keeping the order. */
export function replaceConversation(list: ConversationList, conversation: Conversation): ConversationList {
  return mapConversation(list, conversation._id, () => conversation);
}

export function updateConversation(
  list: ConversationList,
  id: string,
  change: (conversation: Conversation) => Conversation,
): ConversationList {
  return mapConversation(list, id, change);
}

/** Blocking adds the user id to blockedIds (docs/product.md#messaging). */
export function blockUser(conversation: Conversation, userId: string): Conversation {
  if (conversation.blockedIds.includes(userId)) return conversation;
  return { ...conversation, blockedIds: [...conversation.blockedIds, userId] };
}

/** Unblocking removes it. */
export function unblockUser(conversation: Conversation, userId: string): Conversation {
  if (!conversation.blockedIds.includes(userId)) return conversation;
  return { ...conversation, blockedIds: conversation.blockedIds.filter((id) => id !== userId) };
}

/** The 'conversation:blocked' event: the whole list, and whether the viewer is the one blocked. */
export function applyBlockedIds(conversation: Conversation, blockedIds: string[], viewerId: string): Conversation {
  return { ...conversation, blockedIds, haveBeenBlockStatus: blockedIds.includes(viewerId) };
}

/** The other person read up to `readSeq`: the viewer's messages up to it show as seen. */
export function recipientRead(conversation: Conversation, readSeq: number): Conversation {
  return readSeq > conversation.recipientReadSeq ? { ...conversation, recipientReadSeq: readSeq } : conversation;
}

export function setUnread(conversation: Conversation, unreadMessageCount: number): Conversation {
  return conversation.unreadMessageCount === unreadMessageCount ? conversation : { ...conversation, unreadMessageCount };
}

/** 'presence:changed': the online dot of a conversation with that person. */
export function setRecipientOnline(conversation: Conversation, userId: string, online: boolean): Conversation {
  if (conversation.recipient._id !== userId || conversation.recipient.isOnline === online) return conversation;
  return { ...conversation, recipient: { ...conversation.recipient, isOnline: online } };
}

/** 'presence:changed' across a list. */
export function setPresence(list: ConversationList, userId: string, online: boolean): ConversationList {
  const items = list.items.map((item) => setRecipientOnline(item, userId, online));
  return items.every((item, index) => item === list.items[index]) ? list : { ...list, items };
}

/** The viewer blocked the other person (they may unblock); the other blocked the viewer (nobody may send). */
export function blockState(conversation: Conversation): 'none' | 'blockedByMe' | 'blockedMe' {
  if (conversation.blockedIds.includes(conversation.recipient._id)) return 'blockedByMe';
  if (conversation.haveBeenBlockStatus) return 'blockedMe';
  return 'none';
}

/**
 * The total for the top-bar badge from an event's exact `totalUnread`; when the message landed in
 * the conversation being read, its unread ones are being read right now and do not count.
 */
export function totalUnreadAfter(eventTotal: number, conversation: Conversation, isOpen: boolean): number {
  return isOpen ? Math.max(0, eventTotal - conversation.unreadMessageCount) : eventTotal;
}
