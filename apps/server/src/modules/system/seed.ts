import { DEFAULT_MENU_SECTION } from '@cc/contracts';
import { settings } from '../../db/schema';
import type { Db } from '../../platform/db';
import { createMenusRepository, type NewMenu } from './menus.repository';

/** Settings row that records the footer menus were seeded once; its presence stops any re-seed. */
export const FOOTER_MENUS_SEED_KEY = 'seed:footerMenus';

export const DEFAULT_FOOTER_MENUS: NewMenu[] = [
  { section: DEFAULT_MENU_SECTION, title: 'Contact us', path: '/contact-us', openNewTab: false, ordering: 0 },
  // The API reference (/api/docs) is for developers, not the members' footer (issue #28); the README links it.
  { section: DEFAULT_MENU_SECTION, title: 'Meet the creators', path: '/models', openNewTab: false, ordering: 1 },
];

/**
 * Inserts the default footer menus the first time the app ever starts. The marker row is claimed
 * with ON CONFLICT DO NOTHING in the same transaction as the insert: a second process starting at
 * the same moment waits on the marker's key and then finds it taken, so menus are inserted once.
 * Because the marker outlives the menus, a menu an administrator deleted never comes back.
 * Returns whether this call seeded.
 */
export async function seedFooterMenus(db: Db): Promise<boolean> {
  const menusRepository = createMenusRepository(db);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(settings)
      .values({ key: FOOTER_MENUS_SEED_KEY, value: true })
      .onConflictDoNothing({ target: settings.key })
      .returning({ key: settings.key });
    if (claimed.length === 0) return false;
    // Footer menus that predate the marker (an older install) are kept as they are.
    if ((await menusRepository.countSection(DEFAULT_MENU_SECTION, tx)) > 0) return false;
    await menusRepository.insert(DEFAULT_FOOTER_MENUS, tx);
    return true;
  });
}
