import { z } from 'zod';
import { pageQuerySchema } from '../common/envelope';
import { tokenAmount } from '../common/money';
import { memberTypeSchema, modelStatusSchema, roleSchema, verificationDocumentSchema } from './account';

// ---- administrators: model approval and member accounts ---------------------------------------

export const accountStatusSchema = z.enum(['active', 'deactivated', 'suspended']);
export type AccountStatus = z.infer<typeof accountStatusSchema>;

export const adminModelsFilterSchema = z.enum(['pending', 'approved', 'refused', 'all'], {
  error: "Status must be 'pending', 'approved', 'refused' or 'all'",
});

/** GET /admin/models: the review queue (pending by default, oldest submission first). */
export const adminModelsQuerySchema = pageQuerySchema.extend({ status: adminModelsFilterSchema.default('pending') });
export type AdminModelsQuery = z.input<typeof adminModelsQuerySchema>;

/** A model as an administrator reviews it: contact e-mail and the submitted document included. */
export const adminModelRowSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  status: accountStatusSchema,
  modelStatus: modelStatusSchema,
  createdAt: z.string(),
  verificationDocument: verificationDocumentSchema.nullable(),
});
export type AdminModelRow = z.infer<typeof adminModelRowSchema>;

export const refuseModelSchema = z.object({
  reason: z
    .string({ error: 'Give the model a reason' })
    .trim()
    .min(3, 'Give the model a reason of at least 3 characters')
    .max(500, 'Reason must be at most 500 characters'),
});
export type RefuseModelInput = z.input<typeof refuseModelSchema>;

/** GET /admin/users: q matches username, name or e-mail. */
export const adminUsersQuerySchema = pageQuerySchema.extend({ q: z.string().trim().max(80).optional() });
export type AdminUsersQuery = z.input<typeof adminUsersQuerySchema>;

export const adminUserRowSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  type: memberTypeSchema,
  status: accountStatusSchema,
  modelStatus: modelStatusSchema,
  emailVerified: z.boolean(),
  balance: tokenAmount({ description: 'Tokens the member holds' }),
  avatarUrl: z.string().nullable(),
  /** The member's private contact details (docs/product.md#accounts): administrators may see them. */
  phoneNumber: z.string().nullable(),
  address: z.string(),
  postCode: z.string(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRowSchema>;
