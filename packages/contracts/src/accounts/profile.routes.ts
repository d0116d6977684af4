import { okSchema } from '../common/envelope';
import { defineRoute } from '../common/routes';
import {
  accountCodeRequestSchema,
  accountCodeStatusSchema,
  deactivateSchema,
  meSchema,
  tokenPerMessageSchema,
  updatePasswordSchema,
  updateProfileSchema,
} from './account';
import { profilePaths } from './profile.paths';

/** The signed-in member's own account: profile, picture, password, document, code, deactivation, price. */
export const profileRoutes = {
  me: defineRoute({
    ...profilePaths.me,
    access: 'member',
    tags: ['users'],
    summary: 'My account, with my balance in tokens',
    answer: meSchema,
  }),
  updateProfile: defineRoute({
    ...profilePaths.updateProfile,
    access: 'member',
    tags: ['users'],
    summary: 'Change my profile: name, username, bio, gender, age, place, private contact details, availability for calls',
    description:
      'Every field is optional: only the fields sent change; an empty string clears one. `email` is accepted only as the current address. `callAvailable` (models) follows the rules of PUT /masked-call/settings; others get 403. Other fields are ignored.',
    body: updateProfileSchema,
    answer: meSchema,
  }),
  avatar: defineRoute({
    ...profilePaths.avatar,
    access: 'member',
    tags: ['users'],
    summary: 'Upload a profile picture (field "file": JPEG, PNG, WebP or GIF up to 5 MB)',
    answer: meSchema,
  }),
  updatePassword: defineRoute({
    ...profilePaths.updatePassword,
    access: 'member',
    tags: ['users'],
    summary: 'Change the password; other sessions end',
    description: 'Takes `{ currentPassword, newPassword }`; the current password may also be sent as `password`.',
    body: updatePasswordSchema,
    answer: okSchema,
  }),
  submitDocument: defineRoute({
    ...profilePaths.submitDocument,
    access: 'member',
    tags: ['users'],
    summary: 'Models: submit a verification document',
    description:
      'Multipart: the fields legalName and birthDate (YYYY-MM-DD), and optionally documentType (`ID`, `passport` or `driverCard`; default `ID`) and the field "file" (JPEG, PNG, WebP or PDF up to 10 MB), in any order. Or JSON: `{ legalName, birthDate, documentType?, fileId }`, fileId (also `documentFileId`) being a JPEG, PNG, WebP or PDF uploaded before through /media/files or /media/photos by the same member.',
    answer: meSchema,
  }),
  /**
   * The spec lists GET /users/otp/. With the bearer header it mails the code; with the session cookie
   * alone (which a link on another site brings along) it only reports (docs/product.md#compatibility).
   */
  accountCodeStatus: defineRoute({
    ...profilePaths.accountCodeStatus,
    access: 'member',
    tags: ['users'],
    summary: 'With the bearer header: mail a 6-digit account code. With the cookie alone: whether one waits',
    description:
      'With the Authorization header it mails a new code (the same cap as POST /users/otp/) and answers `sent: true`. Signed in by the cookie alone it changes nothing and mails nothing (`sent: false`).',
    answer: accountCodeStatusSchema,
  }),
  accountCode: defineRoute({
    ...profilePaths.accountCode,
    access: 'member',
    tags: ['users'],
    summary: 'Mail a 6-digit account code (valid 10 minutes)',
    description:
      "The code is what PUT /users/deactivate and payouts ask for. A new code replaces the previous one. No body; or `{purpose: 'payout', token}` so the mail names the payout it confirms. Needs the Authorization header (the cookie alone is refused).",
    body: accountCodeRequestSchema,
    answer: okSchema,
  }),
  deactivate: defineRoute({
    ...profilePaths.deactivate,
    access: 'member',
    tags: ['users'],
    summary: 'Deactivate my account with a code from POST /users/otp/',
    description: 'Takes `{ verifyCode }`.',
    body: deactivateSchema,
    answer: okSchema,
  }),
  tokenPerMessage: defineRoute({
    ...profilePaths.tokenPerMessage,
    access: 'member',
    tags: ['users'],
    summary: 'Models: the price of one message, in tokens',
    description: 'Takes `{ token }`, the price in tokens with at most two decimals (1.5 is 1.50 tokens; 0 makes messages free).',
    body: tokenPerMessageSchema,
    answer: meSchema,
  }),
};
