import { z } from 'zod';
import { menuInputSchema, menuSectionSchema } from '@cc/contracts';

/** The fields a person edits; ordering is the list's business (the up/down buttons). */
export const menuFormSchema = z.object({
  title: menuInputSchema.shape.title,
  path: menuInputSchema.shape.path,
  openNewTab: z.boolean(),
  section: menuSectionSchema,
});
export type MenuFormValues = z.input<typeof menuFormSchema>;
export const MENU_FORM_FIELDS = ['title', 'path', 'openNewTab', 'section'] as const;
