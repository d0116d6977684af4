import { baseApi } from '../../../../shared/api/baseApi';

export type PageArgs = { limit: number; skip: number };

export const PAGE_SIZE = 20;

/**
 * The admin area's own cache tags. 'SiteConfig' and 'Menu' belong to the shell (shared/site/siteApi):
 * invalidating them after a change makes the favicon, site name, footer content and footer menus
 * follow without a reload. 'AdminAudit' is the audit log: every administrator action that succeeds
 * writes a row there, so each such mutation (here and in the other admin APIs) invalidates it.
 */
export const adminBase = baseApi.enhanceEndpoints({
  addTagTypes: [
    'AdminModels',
    'AdminUsers',
    'AdminSettings',
    'AdminMenus',
    'AdminOutbox',
    'AdminPackages',
    'AdminPayments',
    'AdminInvoices',
    'AdminEntries',
    'AdminAudit',
    // The members' own package list (features/wallet): a change shows on /tokens without a reload.
    'TokenPackages',
  ],
});

/** What a mutation answered, or null when it failed (the caller reports failures itself). */
export async function settled<T>(queryFulfilled: Promise<{ data: T }>): Promise<T | null> {
  try {
    return (await queryFulfilled).data;
  } catch {
    return null;
  }
}
