import { asc, count, eq } from 'drizzle-orm';
import { menus } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';

export type MenuRow = typeof menus.$inferSelect;
export type NewMenu = Omit<typeof menus.$inferInsert, 'id' | 'createdAt'>;
export type MenuPatch = Partial<NewMenu>;

/**
 * The only code in this module that touches the menus table. Reads and writes go to `db` unless a
 * transaction is passed.
 */
export const createMenusRepository = (db: Db) => ({
  /** One section in display order: `ordering`, then title so equal orderings stay stable. */
  async listSection(section: string, tx: DbOrTx = db): Promise<MenuRow[]> {
    return tx.select().from(menus).where(eq(menus.section, section)).orderBy(asc(menus.ordering), asc(menus.title), asc(menus.id));
  },

  async listAll(tx: DbOrTx = db): Promise<MenuRow[]> {
    return tx.select().from(menus).orderBy(asc(menus.section), asc(menus.ordering), asc(menus.title), asc(menus.id));
  },

  /** Locks the section's rows so two reorders of one section apply one after the other. */
  async lockSection(section: string, tx: DbOrTx): Promise<MenuRow[]> {
    return tx
      .select()
      .from(menus)
      .where(eq(menus.section, section))
      .orderBy(asc(menus.ordering), asc(menus.title), asc(menus.id))
      .for('update');
  },

  /** One menu, locked until the transaction ends, so what an audit row calls "before" stays true. */
  async lock(id: string, tx: DbOrTx): Promise<MenuRow | undefined> {
    const [row] = await tx.select().from(menus).where(eq(menus.id, id)).limit(1).for('update');
    return row;
  },

  async countSection(section: string, tx: DbOrTx = db): Promise<number> {
    const [row] = await tx.select({ n: count() }).from(menus).where(eq(menus.section, section));
    return row?.n ?? 0;
  },

  async insert(values: NewMenu[], tx: DbOrTx = db): Promise<MenuRow[]> {
    return values.length ? tx.insert(menus).values(values).returning() : [];
  },

  async update(id: string, patch: MenuPatch, tx: DbOrTx = db): Promise<MenuRow | undefined> {
    if (Object.keys(patch).length === 0) return (await tx.select().from(menus).where(eq(menus.id, id)).limit(1))[0];
    const [row] = await tx.update(menus).set(patch).where(eq(menus.id, id)).returning();
    return row;
  },

  async setOrdering(id: string, ordering: number, tx: DbOrTx = db): Promise<void> {
    await tx.update(menus).set({ ordering }).where(eq(menus.id, id));
  },

  async remove(id: string, tx: DbOrTx = db): Promise<MenuRow | undefined> {
    const [removed] = await tx.delete(menus).where(eq(menus.id, id)).returning();
    return removed;
  },
});
export type MenusRepository = ReturnType<typeof createMenusRepository>;
