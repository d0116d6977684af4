import { z } from 'zod';
import { DEFAULT_MENU_SECTION } from './menu-sections';

/** The site's menus (footer links and other sections), as administrators edit them and pages show them. */
export const menuSectionSchema = z
  .string()
  .trim()
  .min(1, 'Section is required')
  .max(40, 'Section must be at most 40 characters')
  .regex(/^[a-z0-9-]+$/, 'Section may contain only lowercase letters, digits and dashes');

export const menuItemSchema = z.object({
  _id: z.string(),
  title: z.string(),
  path: z.string(),
  openNewTab: z.boolean(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const adminMenuItemSchema = menuItemSchema.extend({ section: z.string(), ordering: z.number().int() });
export type AdminMenuItem = z.infer<typeof adminMenuItemSchema>;

const menuFields = {
  title: z.string().trim().min(1, 'Title is required').max(80, 'Title must be at most 80 characters'),
  path: z
    .string()
    .trim()
    .min(1, 'Path is required')
    .max(500, 'Path must be at most 500 characters')
    .refine((p) => p.startsWith('/') || /^https?:\/\//i.test(p) || /^mailto:/i.test(p), {
      message: 'Path must start with /, http://, https:// or mailto:',
    }),
  openNewTab: z.boolean(),
  section: menuSectionSchema,
  ordering: z.number().int().min(0).max(10_000),
};

export const menuInputSchema = z.object({
  ...menuFields,
  openNewTab: menuFields.openNewTab.default(false),
  section: menuFields.section.default(DEFAULT_MENU_SECTION),
  ordering: menuFields.ordering.default(0),
});
export type MenuInput = z.input<typeof menuInputSchema>;
/** Built from the fields without defaults: a partial update must not reset what it leaves out. */
export const menuUpdateSchema = z.object(menuFields).partial();
export type MenuUpdateInput = z.infer<typeof menuUpdateSchema>;

export const menuSectionParamsSchema = z.object({ section: menuSectionSchema });
/** An empty `section=` means every section, like leaving it out. */
export const adminMenusQuerySchema = z.object({
  section: z.preprocess((v) => (v === '' ? undefined : v), menuSectionSchema.optional()),
});
export const reorderMenusSchema = z.object({
  section: menuSectionSchema,
  ids: z
    .array(z.uuid('That id is not valid'))
    .min(1, 'List at least one menu')
    .max(500, 'List at most 500 menus')
    .refine((ids) => new Set(ids).size === ids.length, { message: 'List each menu only once' }),
});
export type ReorderMenusInput = z.infer<typeof reorderMenusSchema>;
