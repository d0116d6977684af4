import { z } from 'zod';

/** A mail as administrators see it: never its body, which may hold sign-in or reset codes. */
export const outboxRowSchema = z.object({
  _id: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
  attempts: z.number().int(),
  createdAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
});
export type OutboxRow = z.infer<typeof outboxRowSchema>;
