import { z } from 'zod';
import { documentTypeSchema } from '@cc/contracts';

/** What users.verificationDocument (jsonb) holds. Read through this schema, never trusted as-is. */
export const storedDocumentSchema = z.object({
  documentType: documentTypeSchema,
  legalName: z.string(),
  birthDate: z.string(),
  fileId: z.string(),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  refusalReason: z.string().nullable(),
});
export type StoredDocument = z.infer<typeof storedDocumentSchema>;

export const readDocument = (value: unknown): StoredDocument | null => {
  const parsed = storedDocumentSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};
