import type { Contact, List } from '@cc/contracts';

/** Who a contact change is about: enough to match them against a list's search. */
export type PersonRef = { _id: string; name: string; username: string };

/** The same filter the server applies to `q`: a case-insensitive part of the name or username. */
export function matchesSearch(person: PersonRef, q: string | undefined): boolean {
  const needle = q?.trim().toLowerCase();
  if (!needle) return true;
  return person.name.toLowerCase().includes(needle) || person.username.toLowerCase().includes(needle);
}

type ListView = { q?: string | undefined; skip: number };

/**
 * Adding a contact prepends it, increases the total and sets isFriend. A list
 * filtered by a search the person does not match is left alone; only the first page shows the
 * new contact at its top, but every page of a matching list counts it.
 */
export function contactAdded(list: List<Contact>, contact: Contact, view: ListView = { skip: 0 }): List<Contact> {
  if (!matchesSearch(contact, view.q)) return list;
  if (list.items.some((item) => item._id === contact._id)) return list;
  const added = { ...contact, isFriend: true };
  return { items: view.skip === 0 ? [added, ...list.items] : list.items, count: list.count + 1 };
}

/** Removing a contact removes it and decreases the total (isFriend is cleared on the profile). */
export function contactRemoved(list: List<Contact>, person: PersonRef, view: ListView = { skip: 0 }): List<Contact> {
  const shown = list.items.some((item) => item._id === person._id);
  if (!shown && !matchesSearch(person, view.q)) return list;
  return { items: list.items.filter((item) => item._id !== person._id), count: Math.max(0, list.count - 1) };
}

/** A person as search results and profiles show them, with the viewer's contact state changed. */
export function withFriendship<T extends { _id: string; isFriend: boolean; contactId?: string | null }>(
  person: T,
  userId: string,
  contactId: string | null,
): T {
  if (person._id !== userId) return person;
  const isFriend = contactId !== null;
  return 'contactId' in person ? { ...person, isFriend, contactId } : { ...person, isFriend };
}
