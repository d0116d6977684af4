import type { ContactMessageRow } from '@cc/contracts';
import { changedFields, type AdminActor, type AuditLog } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { notFound } from '../../platform/errors';
import type {
  ContactMessageRecord,
  ContactMessagesFilter,
  ContactMessagesRepository,
  ContactMessageView,
} from './contact-messages.repository';

export const CONTACT_MESSAGE_NOT_FOUND = 'No contact message with that id.';

/** What the administrator reads: plain text fields, the accounts as ids and usernames. */
export function toContactMessageRow(view: ContactMessageView): ContactMessageRow {
  return {
    _id: view.id,
    name: view.name,
    email: view.email,
    message: view.message,
    sender: view.userId && view.senderUsername ? { _id: view.userId, username: view.senderUsername } : null,
    status: view.handledAt ? 'handled' : 'open',
    handledAt: view.handledAt?.toISOString() ?? null,
    handledBy: view.handledBy && view.handlerUsername ? { _id: view.handledBy, username: view.handlerUsername } : null,
    createdAt: view.createdAt.toISOString(),
  };
}

/** A message as its audit rows show it. */
const audited = (m: ContactMessageRecord) => ({ status: m.handledAt ? 'handled' : 'open', handledBy: m.handledBy });

/**
 * Administrators read the contact form's messages and mark them handled or open again
 * (docs/product.md#contact). Like suspending a member, asking for the state a message is already
 * in answers it unchanged and writes no audit row; a real change and its audit row commit together.
 */
export function createAdminContactService({
  db,
  repo,
  audit,
}: {
  db: Db;
  repo: ContactMessagesRepository;
  audit: Pick<AuditLog, 'record'>;
}) {
  async function list(filter: ContactMessagesFilter) {
    const { rows, count, open } = await repo.list(filter);
    return { items: rows.map(toContactMessageRow), count, open };
  }

  async function change(actor: AdminActor, id: string, handled: boolean): Promise<ContactMessageRow> {
    const view = await db.transaction(async (tx) => {
      const message = await repo.lock(id, tx);
      if (!message) throw notFound(CONTACT_MESSAGE_NOT_FOUND);
      if (Boolean(message.handledAt) !== handled) {
        const updated = await repo.setHandled(id, handled ? actor.id : null, tx);
        await audit.record(
          actor,
          {
            action: handled ? 'contact-message.handle' : 'contact-message.reopen',
            target: { type: 'contact-message', id },
            ...changedFields(audited(message), audited(updated)),
          },
          tx,
        );
      }
      return repo.findView(id, tx);
    });
    if (!view) throw new Error('contact message vanished');
    return toContactMessageRow(view);
  }

  return {
    list,
    handle: (actor: AdminActor, id: string) => change(actor, id, true),
    reopen: (actor: AdminActor, id: string) => change(actor, id, false),
  };
}
export type AdminContactService = ReturnType<typeof createAdminContactService>;
