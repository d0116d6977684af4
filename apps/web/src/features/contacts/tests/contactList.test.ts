import { describe, expect, it } from 'vitest';
import type { Contact, List } from '@cc/contracts';
import { contactAdded, contactRemoved, matchesSearch, withFriendship } from '../lib/contactList';
import { aContact, aMember, aProfile } from './harness';

const ivy = aContact({ _id: 'ivy', name: 'Ivy Stone', username: 'ivy' });
const ruby = aContact({ _id: 'ruby', name: 'Ruby Rose', username: 'ruby', contactId: 'c-ruby' });
const twoContacts = (): List<Contact> => ({ items: [ivy], count: 2 });

describe('contacts', () => {
  it('adding prepends the contact, increases the total and sets isFriend', () => {
    const next = contactAdded(twoContacts(), { ...ruby, isFriend: false });
    expect(next.items.map((c) => c._id)).toEqual(['ruby', 'ivy']);
    expect(next.count).toBe(3);
    expect(next.items[0]!.isFriend).toBe(true);
  });

  it('adding someone already listed changes nothing', () => {
    const list: List<Contact> = { items: [ruby, ivy], count: 2 };
    expect(contactAdded(list, ruby)).toBe(list);
  });

  it('adding counts on later pages without showing there, and skips searches that do not match', () => {
    expect(contactAdded(twoContacts(), ruby, { skip: 20 })).toEqual({ items: [ivy], count: 3 });
    expect(contactAdded(twoContacts(), ruby, { skip: 0, q: 'ivy' })).toEqual(twoContacts());
    expect(contactAdded(twoContacts(), ruby, { skip: 0, q: 'ROS' }).count).toBe(3);
  });

  it('removing removes it and decreases the total', () => {
    const next = contactRemoved({ items: [ruby, ivy], count: 2 }, ruby);
    expect(next).toEqual({ items: [ivy], count: 1 });
  });

  it('removing from a search it does not match changes nothing; the total never goes below 0', () => {
    const list: List<Contact> = { items: [ivy], count: 1 };
    expect(contactRemoved(list, ruby, { skip: 0, q: 'ivy' })).toBe(list);
    expect(contactRemoved({ items: [], count: 0 }, ruby).count).toBe(0);
  });

  it('removing clears isFriend and the contact id; adding sets them, on that member only', () => {
    const profile = aProfile({ _id: 'ruby', isFriend: true, contactId: 'c-ruby' });
    expect(withFriendship(profile, 'ruby', null)).toMatchObject({ isFriend: false, contactId: null });
    expect(withFriendship({ ...profile, isFriend: false, contactId: null }, 'ruby', 'c-2')).toMatchObject({
      isFriend: true,
      contactId: 'c-2',
    });
    const listed = aMember({ _id: 'other' });
    expect(withFriendship(listed, 'ruby', 'c-2')).toBe(listed);
    expect(withFriendship(aMember({ _id: 'ruby' }), 'ruby', 'c-2')).not.toHaveProperty('contactId');
  });

  it('matches a search by part of the name or username, ignoring case', () => {
    expect(matchesSearch(ruby, undefined)).toBe(true);
    expect(matchesSearch(ruby, '  ')).toBe(true);
    expect(matchesSearch(ruby, 'rose')).toBe(true);
    expect(matchesSearch(ruby, 'RUB')).toBe(true);
    expect(matchesSearch(ruby, 'ivy')).toBe(false);
  });
});
