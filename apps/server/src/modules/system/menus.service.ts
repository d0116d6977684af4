import type { MenuUpdateInput, ReorderMenusInput, menuInputSchema } from '@cc/contracts';
import type { z } from 'zod';
import { changedFields, type AdminActor, type AuditLog } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { badRequest, notFound } from '../../platform/errors';
import type { MenuPatch, MenuRow, MenusRepository } from './menus.repository';

type NewMenuInput = z.output<typeof menuInputSchema>;

/** What an audit row keeps of a menu. */
const audited = ({ section, title, path, openNewTab, ordering }: MenuRow) => ({ section, title, path, openNewTab, ordering });

/**
 * Menu links per section (the footer is one); administrators edit them, anyone reads them. Each
 * change leaves its audit row in its own transaction.
 */
export function createMenusService({ db, repo, audit }: { db: Db; repo: MenusRepository; audit: AuditLog }) {
  const menuNotFound = () => notFound('That menu does not exist.');
  const target = (id: string) => ({ type: 'menu', id });

  return {
    listSection: (section: string) => repo.listSection(section),

    listForAdmin: (section?: string) => (section ? repo.listSection(section) : repo.listAll()),

    async create(actor: AdminActor, input: NewMenuInput): Promise<MenuRow> {
      return db.transaction(async (tx) => {
        const [row] = await repo.insert([input], tx);
        await audit.record(actor, { action: 'menu.create', target: target(row!.id), before: null, after: audited(row!) }, tx);
        return row!;
      });
    },

    async update(actor: AdminActor, id: string, input: MenuUpdateInput): Promise<MenuRow> {
      const patch: MenuPatch = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
      return db.transaction(async (tx) => {
        const before = await repo.lock(id, tx);
        if (!before) throw menuNotFound();
        const row = (await repo.update(id, patch, tx))!;
        const changes = changedFields(audited(before), audited(row));
        if (Object.keys(changes.after).length > 0) await audit.record(actor, { action: 'menu.update', target: target(id), ...changes }, tx);
        return row;
      });
    },

    async remove(actor: AdminActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const removed = await repo.remove(id, tx);
        if (!removed) throw menuNotFound();
        await audit.record(actor, { action: 'menu.delete', target: target(id), before: audited(removed), after: null }, tx);
      });
    },

    /**
     * The listed menus take orderings 0..n-1 in the order given; menus of the section left out of
     * the list (say, added by another administrator meanwhile) follow, keeping their order.
     */
    async reorder(actor: AdminActor, { section, ids }: ReorderMenusInput): Promise<MenuRow[]> {
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
        const idsInOrder = (rows: MenuRow[]) => ({ ids: rows.map((m) => m.id) });
        const reordered = await repo.listSection(section, tx);
        await audit.record(
          actor,
          {
            action: 'menu.reorder',
            target: { type: 'menu-section', id: section },
            before: idsInOrder(current),
            after: idsInOrder(reordered),
          },
          tx,
        );
        return reordered;
      });
    },
  };
}
export type MenusService = ReturnType<typeof createMenusService>;
