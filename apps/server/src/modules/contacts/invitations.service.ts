import { ErrorCode, type InviteInput, type Ok } from '@cc/contracts';
import { conflict } from '../../platform/errors';
import type { MailQueue } from '../../platform/mail/outbox';
import type { SettingsService } from '../system';
import type { ContactsRepository } from './contacts.repository';
import { invitationMail } from './invitations.mail';

/** POST /newsletter/invite: a member invites someone by e-mail to join the site. */
export function createInvitationsService(deps: {
  repo: ContactsRepository;
  mail: MailQueue;
  settings: SettingsService;
  publicUrl: string;
}) {
  async function invite({ inviter, input }: { inviter: { name: string; username: string }; input: InviteInput }): Promise<Ok> {
    if (await deps.repo.emailHasAccount(input.email)) throw conflict('That person already has an account.', ErrorCode.EMAIL_TAKEN);
    const siteName = await deps.settings.get('siteName');
    await deps.mail.enqueue(
      invitationMail({ to: input.email, name: input.name || undefined, inviter, siteName, registerUrl: `${deps.publicUrl}/auth/register` }),
    );
    return { ok: true, message: `Your invitation is on its way to ${input.email}.` };
  }
  return { invite };
}
export type InvitationsService = ReturnType<typeof createInvitationsService>;
