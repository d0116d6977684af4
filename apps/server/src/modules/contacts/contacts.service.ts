import type { Contact, List } from '@cc/contracts';
import { badRequest, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import { toContact } from './contacts.presenter';
import type { ContactsRepository } from './contacts.repository';

export type ContactPage = { q?: string | undefined; limit: number; skip: number };

const NOT_A_CONTACT = 'That member is not in your contacts.';

/** Contacts are one-way favourites: adding someone asks nothing of them, and tells them (notification). */
export function createContactsService({ repo, events }: { repo: ContactsRepository; events: EventBus }) {
  async function list({ ownerId, query }: { ownerId: string; query: ContactPage }): Promise<List<Contact>> {
    const { rows, count } = await repo.listForOwner({ ownerId, q: query.q || undefined, limit: query.limit, skip: query.skip });
    return { items: rows.map(toContact), count };
  }

  async function get({ ownerId, idOrUserId }: { ownerId: string; idOrUserId: string }): Promise<Contact> {
    const row = await repo.findForOwner(ownerId, idOrUserId);
    if (!row) throw notFound(NOT_A_CONTACT);
    return toContact(row);
  }

  /** The contact, and whether it is new (adding someone twice answers the existing one). */
  async function add({ ownerId, userId }: { ownerId: string; userId: string }): Promise<{ contact: Contact; created: boolean }> {
    if (userId === ownerId) throw badRequest('You cannot add yourself to your contacts.', { fields: { userId: 'Choose another member' } });
    const member = await repo.findVisibleMember(userId);
    if (!member) throw notFound('That member was not found.');
    const inserted = await repo.insert({ ownerId, contactUserId: userId });
    // One statement, already committed: the notification can safely go out now.
    if (inserted) events.publish('contact.added', { contactId: inserted.id, ownerId, contactUserId: userId });
    return { contact: await get({ ownerId, idOrUserId: inserted?.id ?? userId }), created: Boolean(inserted) };
  }

  async function remove({ ownerId, idOrUserId }: { ownerId: string; idOrUserId: string }) {
    const removed = await repo.removeForOwner(ownerId, idOrUserId);
    if (!removed) throw notFound(NOT_A_CONTACT);
    return { ok: true as const, message: 'Removed from your contacts.' };
  }

  return { list, get, add, remove };
}
export type ContactsService = ReturnType<typeof createContactsService>;
