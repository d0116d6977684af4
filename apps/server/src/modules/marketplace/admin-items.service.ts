import type { AdminItemRow, List } from '@cc/contracts';
import { changedFields, type AdminActor, type AuditLog } from '../../platform/audit';
import type { Db } from '../../platform/db';
import { conflict, notFound } from '../../platform/errors';
import { toAdminItemRow } from './items.presenter';
import { itemStatus, type AdminItemsFilter, type ItemsRepository, type SellItemRow } from './items.repository';
import { ITEM_NOT_FOUND } from './items.service';

export const ITEM_REMOVED_BY_MODEL = 'The model removed this item.';
export const ITEM_ALREADY_HIDDEN = 'This item is already hidden.';
export const ITEM_NOT_HIDDEN = 'This item is not hidden: it is already in the store.';

/** An item as its audit rows show it. */
const audited = (item: SellItemRow) => ({ status: itemStatus(item), hiddenReason: item.hiddenReason });

/**
 * Administrators take a model's item out of the store and put it back (docs/product.md#marketplace).
 * Each change and its audit row commit together, with the item's row held, so a purchase either
 * finishes before the change or sees it; a refused change writes nothing.
 */
export function createAdminItemsService({ db, repo, audit }: { db: Db; repo: ItemsRepository; audit: Pick<AuditLog, 'record'> }) {
  async function list(filter: AdminItemsFilter): Promise<List<AdminItemRow>> {
    const { rows, count } = await repo.adminItems(filter);
    return { items: rows.map(toAdminItemRow), count };
  }

  async function change(actor: AdminActor, id: string, hide: { reason: string } | null): Promise<AdminItemRow> {
    const view = await db.transaction(async (tx) => {
      const item = await repo.lockItem(id, tx);
      if (!item) throw notFound(ITEM_NOT_FOUND);
      // Off sale for good by its model's choice: nothing for an administrator to hide or bring back.
      if (item.removedAt) throw conflict(ITEM_REMOVED_BY_MODEL);
      if (hide && item.hiddenAt) throw conflict(ITEM_ALREADY_HIDDEN);
      if (!hide && !item.hiddenAt) throw conflict(ITEM_NOT_HIDDEN);

      const updated = await repo.setHidden(id, hide, tx);
      await audit.record(
        actor,
        {
          action: hide ? 'item.hide' : 'item.restore',
          target: { type: 'sell-item', id },
          ...changedFields(audited(item), audited(updated)),
        },
        tx,
      );
      return repo.findItemView(id, tx);
    });
    if (!view) throw new Error('sell item vanished');
    return toAdminItemRow(view);
  }

  return {
    list,
    hide: (actor: AdminActor, id: string, reason: string) => change(actor, id, { reason }),
    restore: (actor: AdminActor, id: string) => change(actor, id, null),
  };
}
export type AdminItemsService = ReturnType<typeof createAdminItemsService>;
