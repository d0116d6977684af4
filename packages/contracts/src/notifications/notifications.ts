import { z } from 'zod';
import { pageQuerySchema } from '../common/envelope';
import { messagePartySchema } from '../messaging/messages';

/** What a member is told about (docs/product.md#notifications). */
export const notificationTypeSchema = z.enum([
  'message',
  'contact',
  'tip',
  'token_purchase',
  'refund',
  'model_approved',
  'model_refused',
  'item_sold',
  'payout',
  'call',
]);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.object({
  _id: z.string(),
  type: notificationTypeSchema,
  /** One sentence for people, e.g. "Ada tipped you 5.00 tokens". */
  text: z.string(),
  /** Where clicking it goes inside the app (a path), or null. */
  link: z.string().nullable(),
  /** Words the member who caused it wrote (a tip's note), plain text; null when there are none. */
  note: z.string().nullable().optional(),
  /** Who caused it, when a member did. */
  actor: messagePartySchema.nullable(),
  read: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = pageQuerySchema;

/** PUT /notifications/read/all */
export const readAllResultSchema = z.object({ updated: z.number().int().nonnegative(), count: z.literal(0) });
