import { z } from 'zod';
import { emailSchema, profileByUsernameSchema } from '../accounts/account';
import { pageQuerySchema } from '../common/envelope';

/**
 * Contacts are one-way favourites. A contact is the other member's public profile with
 * `isFriend` (always true in the list) and `contactId`, the id of the favourite itself: the same
 * shape `GET /users/findByUsername` answers, so one card component shows both.
 */
export const contactSchema = profileByUsernameSchema;
export type Contact = z.infer<typeof contactSchema>;

/** POST /contact */
export const addContactSchema = z.object({ userId: z.uuid('Choose a member to add') });
export type AddContactInput = z.infer<typeof addContactSchema>;

/** GET /contact — `q` filters by name or username. */
export const contactListQuerySchema = pageQuerySchema.extend({ q: z.string().trim().max(80).optional() });
export type ContactListQuery = z.input<typeof contactListQuerySchema>;

/** POST /newsletter/invite — invite someone by e-mail to join the site. */
export const inviteSchema = z.object({
  email: emailSchema,
  name: z.string().trim().max(80, 'Name must be at most 80 characters').optional(),
});
export type InviteInput = z.infer<typeof inviteSchema>;
