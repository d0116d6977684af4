import type { MenuUpdateInput, ReorderMenusInput, menuInputSchema } from '@cc/contracts';
import type { z } from 'zod';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { MenuPatch, MenuRow, MenusRepository } from './menus.repository';

type NewMenuInput = z.output<typeof menuInputSchema>;

/** Menu links per section (the footer is one); administrators edit them, anyone reads them. */
export function createMenusService({ db, repo }: { db: Db; repo: MenusRepository }) {
  const menuNotFound = () => notFound('That menu does not exist.');

  return {
    listSection: (section: string) => repo.listSection(section),

    listForAdmin: (section?: string) => (section ? repo.listSection(section) : repo.listAll()),

    async create(input: NewMenuInput): Promise<MenuRow> {
      const [row] = await repo.insert([input]);
      return row!;
    },

    async update(id: string, input: MenuUpdateInput): Promise<MenuRow> {
      const patch: MenuPatch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      const row = await repo.update(id, patch);
      if (!row) throw menuNotFound();
      return row;
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw menuNotFound();
    },

    /**
     * The listed menus take orderings 0..n-1 in the order given; menus of the section left out of
     * the list (say, added by another administrator meanwhile) follow, keeping their order.
     */
    async reorder({ section, ids }: ReorderMenusInput): Promise<MenuRow[]> {
      return db.transaction(async (tx) => {
        const current = await repo.lockSection(section, tx);
        const inSection = new Set(current.map((m) => m.id));
        const stranger = ids.find((id) => !inSection.has(id));
        if (stranger) {
          const msg = `ids: menu ${stranger} is not in section "${section}".`;
          throw badRequest(msg, { fields: { ids: msg } });
        }
        const listed = new Set(ids);
        const order = [...ids, ...current.filter((m) => !listed.has(m.id)).map((m) => m.id)];
        for (const [ordering, id] of order.entries()) await repo.setOrdering(id, ordering, tx);
        return repo.listSection(section, tx);
      });
    },
  };
}
export type MenusService = ReturnType<typeof createMenusService>;
