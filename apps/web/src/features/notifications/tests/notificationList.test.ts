import { describe, expect, it } from 'vitest';
import type { List, Notification } from '@cc/contracts';
import { clearUnread, dropRead, isUnreadIn, markManyRead, markRead, notificationAdded } from '../lib/notificationList';
import { aNotification } from './harness';

const three = (): List<Notification> => ({
  items: [aNotification({ _id: 'a' }), aNotification({ _id: 'b' }), aNotification({ _id: 'c', read: true })],
  count: 7,
});

describe('notifications', () => {
  it('marking one read sets its read flag, and only its', () => {
    const next = markRead(three(), 'b');
    expect(next.items.map((n) => [n._id, n.read])).toEqual([
      ['a', false],
      ['b', true],
      ['c', true],
    ]);
    expect(next.count).toBe(7);
  });

  it('marking read with no id marks all read', () => {
    const next = markRead(three());
    expect(next.items.every((n) => n.read)).toBe(true);
    expect(next.count).toBe(7);
  });

  it('clearing zeroes the unread count', () => {
    expect(clearUnread({ count: 12 })).toEqual({ count: 0 });
  });

  it('leaves a list untouched when nothing in it changes', () => {
    const list = three();
    expect(markRead(list, 'c')).toBe(list);
    expect(markManyRead(list, ['zzz'])).toBe(list);
  });
});

describe('unread lists and new notifications', () => {
  it('read ones leave an unread list; its total is the server’s when given, else goes down by those that left', () => {
    const unread: List<Notification> = { items: [aNotification({ _id: 'a' }), aNotification({ _id: 'b' })], count: 9 };
    expect(dropRead(unread, ['a']).count).toBe(8);
    expect(dropRead(unread, ['a']).items.map((n) => n._id)).toEqual(['b']);
    expect(dropRead(unread, ['a'], 4).count).toBe(4);
    expect(dropRead(unread, ['elsewhere']).count).toBe(9);
    expect(dropRead(unread, 'all')).toEqual({ items: [], count: 0 });
  });

  it('a new one goes on top of the first page, keeps the page size, and counts on every page once', () => {
    const fresh = aNotification({ _id: 'new' });
    const first = notificationAdded(three(), fresh, { skip: 0, limit: 3 });
    expect(first.items.map((n) => n._id)).toEqual(['new', 'a', 'b']);
    expect(first.count).toBe(8);
    expect(notificationAdded(first, fresh, { skip: 0, limit: 3 })).toBe(first);
    const later = notificationAdded(three(), fresh, { skip: 20, limit: 20 });
    expect(later.items.map((n) => n._id)).toEqual(['a', 'b', 'c']);
    expect(later.count).toBe(8);
  });

  it('tells whether a notification is unread in any list', () => {
    expect(isUnreadIn([three()], 'a')).toBe(true);
    expect(isUnreadIn([three()], 'c')).toBe(false);
    expect(isUnreadIn([], 'a')).toBe(false);
  });
});
