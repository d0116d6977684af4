import type { MailQueue } from '../../platform/mail/outbox';
import type { SettingsService } from '../system';
import { contactUsMail } from './accounts.mail';
import type { UsersRepository } from './users.repository';

/**
 * The public contact form. It goes to the contact address in the site settings, else ADMIN_EMAIL,
 * else the first administrator (there always is one: see first-admin.ts).
 */
export function createContactUsService(deps: {
  settings: SettingsService;
  users: UsersRepository;
  mail: MailQueue;
  adminEmail: string | undefined;
}) {
  async function send(input: { name: string; email: string; message: string }) {
    const to = (await deps.settings.get('contactEmail')) || deps.adminEmail || (await deps.users.firstAdminEmail());
    if (!to) throw new Error('no address to deliver the contact form to');
    await deps.mail.enqueue(contactUsMail(to, input));
    return { ok: true as const, message: 'Thank you. Your message has been sent.' };
  }
  return { send };
}
export type ContactUsService = ReturnType<typeof createContactUsService>;
