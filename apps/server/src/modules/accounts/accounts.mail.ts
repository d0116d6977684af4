import type { MailMessage } from '../../platform/mail/outbox';

/** Member-written text (names, messages) is escaped: mail clients render the HTML part. */
const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Plain text is the message; the HTML part is the same paragraphs, escaped. */
function mail(to: string, subject: string, template: string, paragraphs: string[]): MailMessage {
  return {
    to,
    subject,
    template,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n'),
  };
}

// The code comes first in code mails so it is the first 6-digit number a reader (or test) sees.

/**
 * `confirmPage` is where the code can be typed: a client with no box for it (the xChat client
 * expects a link) sends people there (docs/product.md#xchat-clients). The code stays out of the URL.
 */
export const verifyEmailMail = (to: string, name: string, code: string, minutes: number, confirmPage: string) =>
  mail(to, 'Confirm your e-mail address', 'verify-email', [
    `Your confirmation code is ${code}`,
    `Hello ${name},`,
    `enter this code to confirm your e-mail address. It is valid for ${minutes} minutes.`,
    `You can type it here: ${confirmPage}`,
    'If you did not create an account, ignore this e-mail.',
  ]);

/**
 * `confirms` names what the code is for when the client said so ("your payout request of 100.00
 * tokens ($8.00)"), so a member can tell a code she asked for from one she did not (issue #28).
 */
export const accountCodeMail = (to: string, name: string, code: string, minutes: number, confirms = 'the change to your account') =>
  mail(to, 'Your account code', 'account-code', [
    `Your account code is ${code}`,
    `Hello ${name},`,
    `enter this code to confirm ${confirms}. It is valid for ${minutes} minutes.`,
    'If you did not ask for it, someone may be using your account: change your password.',
  ]);

export const resetPasswordMail = (to: string, name: string, link: string) =>
  mail(to, 'Reset your password', 'reset-password', [
    `Hello ${name},`,
    `open this link to choose a new password. It works once, within one hour:\n${link}`,
    'If you did not ask to reset your password, ignore this e-mail: your password stays the same.',
  ]);

export const modelApprovedMail = (to: string, name: string) =>
  mail(to, 'Your model account is approved', 'model-approved', [
    `Hello ${name},`,
    'an administrator approved your verification document. Your profile is now visible to members.',
  ]);

export const modelRefusedMail = (to: string, name: string, reason: string) =>
  mail(to, 'Your verification document was refused', 'model-refused', [
    `Hello ${name},`,
    'an administrator could not approve your verification document.',
    `Reason: ${reason}`,
    'You can upload a new document from your profile.',
  ]);

export const contactUsMail = (to: string, sender: { name: string; email: string; message: string }) =>
  mail(to, `Contact form: ${sender.name}`, 'contact-us', [
    `From: ${sender.name} <${sender.email}>`,
    `Reply to: ${sender.email}`,
    sender.message,
  ]);
