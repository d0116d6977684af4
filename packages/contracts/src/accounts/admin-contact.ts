import { z } from 'zod';
import { emptyAsMissing, listOf, optionalFilter, pageQuerySchema, searchTextSchema } from '../common/envelope';

// ---- contact-form messages (admin) ---------------------------------------------------------

/** `open` until an administrator marks it handled (docs/product.md#contact); `all` lists both. */
export const contactMessageStatusSchema = z.enum(['open', 'handled'], { error: "Status must be 'open' or 'handled'" });
export type ContactMessageStatus = z.infer<typeof contactMessageStatusSchema>;
export const contactMessageFilterSchema = z.enum(['open', 'handled', 'all'], { error: "Status must be 'open', 'handled' or 'all'" });

export const ADMIN_CONTACT_QUERY_MAX = 120;

const dateOrInstant = optionalFilter(
  z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: 'Use a date (YYYY-MM-DD) or an ISO date-time' }),
);

/**
 * GET /admin/contact-messages: `status` open (the default), handled or all; `q` matches the
 * sender's name, e-mail or the message text; `from`/`to` bound when it was sent (a bare `to` date
 * includes that whole day). Newest first.
 */
export const adminContactMessagesQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(emptyAsMissing, contactMessageFilterSchema.default('open')),
  q: optionalFilter(searchTextSchema(ADMIN_CONTACT_QUERY_MAX)),
  from: dateOrInstant,
  to: dateOrInstant,
});
export type AdminContactMessagesQuery = z.input<typeof adminContactMessagesQuerySchema>;

/** A message sent through the contact form, as administrators read it. Every field is plain text. */
export const contactMessageRowSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  /** The account the sender was signed in with; null for a visitor (or an account since deleted). */
  sender: z.object({ _id: z.string(), username: z.string() }).nullable(),
  status: contactMessageStatusSchema,
  handledAt: z.string().nullable(),
  /** The administrator who marked it handled; null while open. */
  handledBy: z.object({ _id: z.string(), username: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ContactMessageRow = z.infer<typeof contactMessageRowSchema>;

/** The list, with how many messages are open whatever the filters (the admin menu shows it). */
export const contactMessageListSchema = listOf(contactMessageRowSchema).extend({ open: z.number().int().nonnegative() });
