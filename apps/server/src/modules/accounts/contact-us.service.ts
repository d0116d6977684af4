import type { Db } from '../../platform/db';
import type { MailQueue } from '../../platform/mail/outbox';
import type { SettingsService } from '../system';
import { contactUsMail } from './accounts.mail';
import type { ContactMessagesRepository } from './contact-messages.repository';
import type { UsersRepository } from './users.repository';

/**
 * The public contact form. It goes to the contact address in the site settings, else ADMIN_EMAIL,
 * else the first administrator (there always is one: see first-admin.ts). The message is kept in
 * contact_messages in the same transaction as its mail enters the outbox, so an administrator can
 * read it even if the mail never goes out, and there is no stored message without its mail
 * (docs/product.md#contact).
 */
export function createContactUsService(deps: {
  db: Db;
  settings: SettingsService;
  users: UsersRepository;
  messages: ContactMessagesRepository;
  mail: MailQueue;
  adminEmail: string | undefined;
}) {
  async function send(input: { name: string; email: string; message: string }, senderId: string | null) {
    const to = (await deps.settings.get('contactEmail')) || deps.adminEmail || (await deps.users.firstAdminEmail());
    if (!to) throw new Error('no address to deliver the contact form to');
    await deps.db.transaction(async (tx) => {
      await deps.messages.insert({ ...input, userId: senderId }, tx);
      await deps.mail.enqueue(contactUsMail(to, input), tx);
    });
    return { ok: true as const, message: 'Thank you. Your message has been sent.' };
  }
  return { send };
}
export type ContactUsService = ReturnType<typeof createContactUsService>;
