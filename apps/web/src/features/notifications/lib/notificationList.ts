import type { List, Notification, UnreadCount } from '@cc/contracts';

/** Which notifications were read: some by id, or all of them. */
export type ReadIds = readonly string[] | 'all';

/**
 * Marking one notification read sets its read flag (docs/product.md#notifications); marking read with no id marks all
 * read. The list's total stays: a read notification is still a notification.
 */
export function markRead(list: List<Notification>, id?: string): List<Notification> {
  return markManyRead(list, id === undefined ? 'all' : [id]);
}

export function markManyRead(list: List<Notification>, ids: ReadIds): List<Notification> {
  const hit = (item: Notification) => ids === 'all' || ids.includes(item._id);
  if (!list.items.some((item) => !item.read && hit(item))) return list;
  return { ...list, items: list.items.map((item) => (!item.read && hit(item) ? { ...item, read: true } : item)) };
}

/** Clearing zeroes the unread count. */
export function clearUnread(_count?: UnreadCount): UnreadCount {
  return { count: 0 };
}

/**
 * An unread-only list after some were read: they leave it, and its total becomes `unreadCount`
 * when the server said it (the socket does), or goes down by those that left.
 */
export function dropRead(unread: List<Notification>, ids: ReadIds, unreadCount?: number): List<Notification> {
  if (ids === 'all') return { items: [], count: 0 };
  const items = unread.items.filter((item) => !ids.includes(item._id));
  const count = unreadCount ?? Math.max(0, unread.count - (unread.items.length - items.length));
  return { items, count };
}

/** A page of a newest-first list after a new notification: on top of the first page, counted on every page. */
export function notificationAdded(
  list: List<Notification>,
  notification: Notification,
  view: { skip: number; limit: number },
): List<Notification> {
  if (list.items.some((item) => item._id === notification._id)) return list;
  const items = view.skip === 0 ? [notification, ...list.items].slice(0, view.limit) : list.items;
  return { items, count: list.count + 1 };
}

/** True when one of these lists holds it unread. */
export function isUnreadIn(lists: readonly List<Notification>[], id: string): boolean {
  return lists.some((list) => list.items.some((item) => item._id === id && !item.read));
}
