import type { MailMessage } from '../../platform/mail/outbox';

/** Member-written text (names) is escaped: mail clients render the HTML part. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A name inside a subject line stays on one line. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, ' ').trim();

export function invitationMail(opts: {
  to: string;
  name?: string | undefined;
  inviter: { name: string; username: string };
  siteName: string;
  registerUrl: string;
}): MailMessage {
  const inviter = oneLine(opts.inviter.name) || `@${opts.inviter.username}`;
  const paragraphs = [
    opts.name ? `Hello ${opts.name},` : 'Hello,',
    `${inviter} (@${opts.inviter.username}) invited you to join ${opts.siteName}.`,
    `Create your account here:\n${opts.registerUrl}`,
    `If you do not know ${inviter}, you can ignore this e-mail: we will not write to you again unless someone invites you.`,
  ];
  return {
    to: opts.to,
    subject: `${inviter} invited you to ${opts.siteName}`,
    template: 'invitation',
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n'),
  };
}
