import type { Message, MessagePage } from '@cc/contracts';

/**
 * The loaded part of one conversation, in display order (oldest first, newest at the bottom).
 * `hasMore`: older messages exist beyond the first item; `count`: messages in the conversation.
 */
export type MessageWindow = { items: Message[]; hasMore: boolean; count: number };

export const EMPTY_WINDOW: MessageWindow = { items: [], hasMore: false, count: 0 };

/** Lists arrive newest first and are reversed for display (docs/product.md#messaging). */
export function toDisplayOrder(newestFirst: readonly Message[]): Message[] {
  return [...newestFirst].reverse();
}

export function windowFromPage(page: MessagePage): MessageWindow {
  return { items: toDisplayOrder(page.items), hasMore: page.hasMore, count: page.count };
}

const sameMessage = (a: Message, b: Message) => a._id === b._id || (a.clientId !== '' && a.clientId === b.clientId);

/**
 * A sent or received message is appended unless its id (or the sender's clientId) is
 * already present — the send answer and the socket echo of one message arrive both, in any order.
 * A copy already present is refreshed instead, and order by `seq` is kept either way.
 */
export function appendMessage(window: MessageWindow, message: Message): MessageWindow {
  const index = window.items.findIndex((item) => sameMessage(item, message));
  if (index >= 0) {
    if (window.items[index] === message) return window;
    const items = window.items.slice();
    items[index] = message;
    return { ...window, items };
  }
  const items = window.items.slice();
  let at = items.length;
  // Usually the newest: walk back only past messages that are newer than this one.
  while (at > 0 && items[at - 1]!.seq > message.seq) at -= 1;
  items.splice(at, 0, message);
  return { ...window, items, count: window.count + 1 };
}

/** Loading older messages prepends them (the page arrives newest first). */
export function prependOlder(window: MessageWindow, olderPage: MessagePage): MessageWindow {
  const known = new Set(window.items.map((item) => item._id));
  const older = toDisplayOrder(olderPage.items).filter((item) => !known.has(item._id));
  return { items: [...older, ...window.items], hasMore: olderPage.hasMore, count: olderPage.count };
}

/**
 * A fresh newest page meets what is already loaded (after a reconnect, or a reload racing the
 * socket): when they overlap, the union by id (the fresh copy winning) keeps the older pages and
 * anything the socket added; when a gap separates them, the fresh page alone is the truth, so no
 * hole is ever shown. Nothing is duplicated either way.
 */
export function mergeNewestPage(current: MessageWindow, fresh: MessageWindow): MessageWindow {
  const newestLoaded = current.items.at(-1);
  const oldestFresh = fresh.items[0];
  const newestFresh = fresh.items.at(-1);
  if (!newestLoaded || !oldestFresh || !newestFresh) return fresh;
  const overlaps = fresh.hasMore && oldestFresh.seq <= newestLoaded.seq;
  const freshIds = new Set(fresh.items.map((item) => item._id));
  const freshClientIds = new Set(fresh.items.map((item) => item.clientId));
  // Older loaded pages stay only when they join the fresh page; newer ones (from the socket) always.
  const kept = current.items.filter(
    (item) => !freshIds.has(item._id) && !freshClientIds.has(item.clientId) && (overlaps || item.seq > newestFresh.seq),
  );
  if (kept.length === 0) return overlaps ? { ...fresh, hasMore: current.hasMore } : fresh;
  const items = [...kept, ...fresh.items].sort((a, b) => a.seq - b.seq);
  return { items, hasMore: overlaps ? current.hasMore : fresh.hasMore, count: fresh.count };
}

function updateMessage(window: MessageWindow, messageId: string, change: (message: Message) => Message): MessageWindow {
  const index = window.items.findIndex((item) => item._id === messageId);
  if (index < 0) return window;
  const items = window.items.slice();
  items[index] = change(items[index]!);
  return { ...window, items };
}

/** A deleted message keeps its place, without text or media, for both people (docs/product.md#messaging). */
export function markMessageDeleted(window: MessageWindow, messageId: string, deletedAt: string): MessageWindow {
  return updateMessage(window, messageId, (message) =>
    message.deletedAt ? message : { ...message, text: '', media: null, deletedAt, bookmarked: false, bookmarkId: null },
  );
}

/** Bookmarking sets bookmarked with its bookmarkId (bookmarks are per person, docs/product.md#messaging). */
export function setBookmark(window: MessageWindow, messageId: string, bookmarkId: string): MessageWindow {
  return updateMessage(window, messageId, (message) => ({ ...message, bookmarked: true, bookmarkId }));
}

/** Un-bookmarking clears both. */
export function clearBookmark(window: MessageWindow, messageId: string): MessageWindow {
  return updateMessage(window, messageId, (message) => ({ ...message, bookmarked: false, bookmarkId: null }));
}
