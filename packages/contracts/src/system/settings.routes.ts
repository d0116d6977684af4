import { defineRoute } from '../common/routes';
import { settingsSchema, updateSettingsSchema } from './settings';
import { settingsPaths } from './settings.paths';

/** Administrators: every site setting (minPayoutTokens in tokens, siteCommission a percent). */
export const settingsRoutes = {
  get: defineRoute({
    ...settingsPaths.get,
    access: 'admin',
    tags: ['admin', 'system'],
    summary: 'Every setting',
    answer: settingsSchema,
  }),
  update: defineRoute({
    ...settingsPaths.update,
    access: 'admin',
    tags: ['admin', 'system'],
    summary: 'Change some settings (all checked before any is written)',
    description: 'Every field is optional; `minPayoutTokens` is in tokens, `siteCommission` a whole percent.',
    body: updateSettingsSchema,
    answer: settingsSchema,
  }),
  uploadFavicon: defineRoute({
    ...settingsPaths.uploadFavicon,
    access: 'admin',
    tags: ['admin', 'system'],
    summary: 'Upload the site favicon (multipart field "file": PNG, ICO or WebP up to 1 MB)',
    answer: settingsSchema,
  }),
};
