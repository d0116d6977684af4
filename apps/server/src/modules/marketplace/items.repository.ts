import type { SellItemStatus } from '@cc/contracts';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { files, ledgerTransactions, purchaseItems, sellItems, users } from '../../db/schema';
import { isUuid, type Db, type DbOrTx, type Tx } from '../../platform/db';
import { perTurnLookup } from '../../platform/turn-batch';

export type SellItemRow = typeof sellItems.$inferSelect;
export type PurchaseRow = typeof purchaseItems.$inferSelect;
export type ItemPatch = Partial<Pick<SellItemRow, 'name' | 'description' | 'price'>>;
export type ItemStatus = SellItemStatus;
/** What administrators filter items by: status (none: all) and text in the name or the model's username. */
export type AdminItemsFilter = { status?: ItemStatus | undefined; q?: string | undefined; limit: number; skip: number };

/** What a buyer may learn of the file behind an item: never its storage key. */
export type ItemFile = { id: string; fileName: string; mimeType: string; size: number; hasPreview: boolean };
export type SellerRow = { id: string; name: string; username: string; avatar: { id: string; fileName: string } | null };
export type SellItemView = { item: SellItemRow; file: ItemFile; seller: SellerRow; salesCount: number };
export type PurchaseView = { purchase: PurchaseRow; file: ItemFile; seller: SellerRow };
type Page = { limit: number; skip: number };

/** Removed by the model wins over hidden by an administrator: a removed item stays off sale for good. */
export const itemStatus = (item: Pick<SellItemRow, 'removedAt' | 'hiddenAt'>): ItemStatus =>
  item.removedAt ? 'removed' : item.hiddenAt ? 'hidden' : 'listed';

/** Members may see and buy an item: neither its model removed it nor an administrator hid it. */
export const isListed = (item: Pick<SellItemRow, 'removedAt' | 'hiddenAt'>) => itemStatus(item) === 'listed';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const sellers = alias(users, 'seller');
const sellerAvatars = alias(files, 'seller_avatar');

/**
 * The only code touching `sell_items` and `purchase_items`. Views join the identity columns of the
 * seller and of the file (docs/architecture.md#boundaries allows joining them).
 */
export function createItemsRepository(db: Db) {
  return { ...sellItemRows(db), ...adminItemRows(db), ...purchaseWrites(db), ...purchaseReads(db) };
}
export type ItemsRepository = ReturnType<typeof createItemsRepository>;

const fileColumns = {
  id: files.id,
  fileName: files.fileName,
  mimeType: files.mimeType,
  size: files.size,
  hasPreview: sql<boolean>`${files.thumbnailKey} is not null`,
};
const sellerColumns = { id: sellers.id, name: sellers.name, username: sellers.username };
const avatarColumns = { id: sellerAvatars.id, fileName: sellerAvatars.fileName };
const salesCount = sql<number>`(select count(*)::int from ${purchaseItems} where ${purchaseItems.sellItemId} = ${sellItems.id})`;

function itemSelect(tx: DbOrTx) {
  return tx
    .select({ item: sellItems, file: fileColumns, seller: sellerColumns, avatar: avatarColumns, salesCount })
    .from(sellItems)
    .innerJoin(files, eq(files.id, sellItems.fileId))
    .innerJoin(sellers, eq(sellers.id, sellItems.modelId))
    .leftJoin(sellerAvatars, eq(sellerAvatars.id, sellers.avatarFileId));
}
type ItemSelectRow = Awaited<ReturnType<ReturnType<typeof itemSelect>['execute']>>[number];
const toItemView = (r: ItemSelectRow): SellItemView => ({
  item: r.item,
  file: r.file,
  seller: { ...r.seller, avatar: r.avatar },
  salesCount: r.salesCount,
});

function purchaseSelect(tx: DbOrTx) {
  return tx
    .select({ purchase: purchaseItems, file: fileColumns, seller: sellerColumns, avatar: avatarColumns })
    .from(purchaseItems)
    .innerJoin(files, eq(files.id, purchaseItems.fileId))
    .innerJoin(sellers, eq(sellers.id, purchaseItems.modelId))
    .leftJoin(sellerAvatars, eq(sellerAvatars.id, sellers.avatarFileId));
}
type PurchaseSelectRow = Awaited<ReturnType<ReturnType<typeof purchaseSelect>['execute']>>[number];
const toPurchaseView = (r: PurchaseSelectRow): PurchaseView => ({
  purchase: r.purchase,
  file: r.file,
  seller: { ...r.seller, avatar: r.avatar },
});

/** The sell items as their models write them and as buyers find them. */
function sellItemRows(db: Db) {
  async function insertItem(values: typeof sellItems.$inferInsert): Promise<SellItemRow> {
    const [row] = await db.insert(sellItems).values(values).returning();
    return row!;
  }

  // A purchase reads this and two lookups of purchaseReads: each prepared once (platform/db.ts
  // preparedStatement says why), and the reads of one turn answered by one statement.
  const itemsByIds = db
    .select()
    .from(sellItems)
    .where(sql`${sellItems.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('items_find_many');

  const findItem = perTurnLookup(
    (ids: string[]) => itemsByIds.execute({ ids: ids.filter(isUuid) }),
    (item) => item.id,
  );

  /** Holds the item's row until the purchase commits, so a price change waits instead of slipping in between. */
  async function lockItemForPurchase(id: string, tx: Tx): Promise<SellItemRow | undefined> {
    const [row] = await tx.select().from(sellItems).where(eq(sellItems.id, id)).limit(1).for('share');
    return row;
  }

  /** `lockItemForPurchase` for many items at once, in id order (as every purchase takes them), by id. */
  async function lockItemsForPurchase(ids: string[], tx: Tx): Promise<Map<string, SellItemRow>> {
    const rows = await tx.select().from(sellItems).where(inArray(sellItems.id, ids)).orderBy(sellItems.id).for('share');
    return new Map(rows.map((row) => [row.id, row]));
  }

  async function findItemView(id: string, tx: DbOrTx = db): Promise<SellItemView | undefined> {
    const [row] = await itemSelect(tx).where(eq(sellItems.id, id)).limit(1);
    return row ? toItemView(row) : undefined;
  }

  /**
   * A model's items still on sale, newest first. `withHidden`: the model's own list, which keeps
   * the items an administrator hid (she sees them marked hidden).
   */
  async function itemsOnSale(
    modelId: string,
    page: Page,
    { withHidden = false }: { withHidden?: boolean } = {},
  ): Promise<{ rows: SellItemView[]; count: number }> {
    const where = and(eq(sellItems.modelId, modelId), isNull(sellItems.removedAt), withHidden ? undefined : isNull(sellItems.hiddenAt));
    const rows = await itemSelect(db)
      .where(where)
      .orderBy(desc(sellItems.createdAt), desc(sellItems.id))
      .limit(page.limit)
      .offset(page.skip);
    const [total] = await db.select({ n: count() }).from(sellItems).where(where);
    return { rows: rows.map(toItemView), count: total?.n ?? 0 };
  }

  /** Changes an item still on sale of this model; nothing when it is not theirs or is off sale. */
  async function updateItem(id: string, modelId: string, patch: ItemPatch): Promise<SellItemRow | undefined> {
    const [row] = await db
      .update(sellItems)
      .set({ ...patch, updatedAt: new Date() })
      .where(and(eq(sellItems.id, id), eq(sellItems.modelId, modelId), isNull(sellItems.removedAt)))
      .returning();
    return row;
  }

  /** Takes an item off sale; the row stays for its buyers. */
  async function removeItem(id: string, modelId: string): Promise<void> {
    await db
      .update(sellItems)
      .set({ removedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(sellItems.id, id), eq(sellItems.modelId, modelId), isNull(sellItems.removedAt)));
  }

  return { insertItem, findItem, lockItemForPurchase, lockItemsForPurchase, findItemView, itemsOnSale, updateItem, removeItem };
}

/** Items as administrators review, hide and restore them. */
function adminItemRows(db: Db) {
  /** Every item, whatever its status, newest first: what administrators review. */
  async function adminItems(filter: AdminItemsFilter): Promise<{ rows: SellItemView[]; count: number }> {
    const where: SQL[] = [];
    if (filter.status === 'listed') where.push(isNull(sellItems.removedAt), isNull(sellItems.hiddenAt));
    if (filter.status === 'hidden') where.push(isNull(sellItems.removedAt), isNotNull(sellItems.hiddenAt));
    if (filter.status === 'removed') where.push(isNotNull(sellItems.removedAt));
    if (filter.q) {
      // '@anna' finds the model anna as well.
      const username = filter.q.replace(/^@/, '');
      where.push(or(ilike(sellItems.name, likePattern(filter.q)), ilike(sellers.username, likePattern(username || filter.q)))!);
    }
    const condition = where.length ? and(...where) : undefined;
    const rows = await itemSelect(db)
      .where(condition)
      .orderBy(desc(sellItems.createdAt), desc(sellItems.id))
      .limit(filter.limit)
      .offset(filter.skip);
    const [total] = await db.select({ n: count() }).from(sellItems).innerJoin(sellers, eq(sellers.id, sellItems.modelId)).where(condition);
    return { rows: rows.map(toItemView), count: total?.n ?? 0 };
  }

  /** Holds the item's row for an administrator's change: a purchase in progress finishes first, a later one sees the change. */
  async function lockItem(id: string, tx: Tx): Promise<SellItemRow | undefined> {
    const [row] = await tx.select().from(sellItems).where(eq(sellItems.id, id)).limit(1).for('update');
    return row;
  }

  /** Hides the item (with the reason its model reads) or, with null, restores it. */
  async function setHidden(id: string, hidden: { reason: string } | null, tx: Tx): Promise<SellItemRow> {
    const now = new Date();
    const [row] = await tx
      .update(sellItems)
      .set({ hiddenAt: hidden ? now : null, hiddenReason: hidden ? hidden.reason : null, updatedAt: now })
      .where(eq(sellItems.id, id))
      .returning();
    return row!;
  }

  return { adminItems, lockItem, setHidden };
}

/** Purchases written in the buyer's transaction, and hidden from their list. */
function purchaseWrites(db: Db) {
  async function insertPurchase(values: typeof purchaseItems.$inferInsert, tx: Tx): Promise<PurchaseRow> {
    const [row] = await tx.insert(purchaseItems).values(values).returning();
    return row!;
  }

  /** Many purchases in one statement, answered in the order given. */
  async function insertPurchases(values: (typeof purchaseItems.$inferInsert)[], tx: Tx): Promise<PurchaseRow[]> {
    const rows = await tx.insert(purchaseItems).values(values).returning();
    const byBuyerAndItem = new Map(rows.map((row) => [`${row.buyerId}:${row.sellItemId}`, row]));
    return values.map((value) => byBuyerAndItem.get(`${value.buyerId}:${value.sellItemId}`)!);
  }

  async function hidePurchase(id: string, buyerId: string): Promise<void> {
    await db
      .update(purchaseItems)
      .set({ hiddenAt: new Date() })
      .where(and(eq(purchaseItems.id, id), eq(purchaseItems.buyerId, buyerId), isNull(purchaseItems.hiddenAt)));
  }

  return { insertPurchase, insertPurchases, hidePurchase };
}

/** A buyer's purchases: one, by item, by request key, their list, and the media download rule. */
function purchaseReads(db: Db) {
  const purchasesOfBuyers = db
    .select()
    .from(purchaseItems)
    .where(
      sql`(${purchaseItems.buyerId}, ${purchaseItems.sellItemId}) in (select * from unnest(${sql.placeholder('buyerIds')}::uuid[], ${sql.placeholder('sellItemIds')}::uuid[]))`,
    )
    .prepare('purchases_of_buyers');
  const purchaseViewsByIds = purchaseSelect(db)
    .where(sql`${purchaseItems.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('purchases_views');

  const buyerAndItem = (buyerId: string, sellItemId: string) => `${buyerId}/${sellItemId}`;
  const purchaseOfBuyer = perTurnLookup(
    (keys: string[]) => {
      const pairs = keys.map((key) => key.split('/') as [string, string]).filter((pair) => pair.every(isUuid));
      return purchasesOfBuyers.execute({ buyerIds: pairs.map(([buyer]) => buyer), sellItemIds: pairs.map(([, item]) => item) });
    },
    (row) => buyerAndItem(row.buyerId, row.sellItemId),
  );
  const findPurchaseOf = (buyerId: string, sellItemId: string) => purchaseOfBuyer(buyerAndItem(buyerId, sellItemId));

  const purchaseViewById = perTurnLookup(
    (ids: string[]) => purchaseViewsByIds.execute({ ids: ids.filter(isUuid) }),
    (row) => row.purchase.id,
  );
  async function findPurchaseView(id: string): Promise<PurchaseView | undefined> {
    const row = await purchaseViewById(id);
    return row ? toPurchaseView(row) : undefined;
  }

  /** The buyer's purchase made with this idempotency key (its ledger transaction keeps the key), if any. */
  async function findPurchaseByRequestKey(buyerId: string, requestKey: string): Promise<PurchaseRow | undefined> {
    const [row] = await db
      .select({ purchase: purchaseItems })
      .from(purchaseItems)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, purchaseItems.transactionId))
      .where(and(eq(purchaseItems.buyerId, buyerId), sql`${ledgerTransactions.metadata}->>'requestKey' = ${requestKey}`))
      .limit(1);
    return row?.purchase;
  }

  async function findPurchase(id: string): Promise<PurchaseRow | undefined> {
    const [row] = await db.select().from(purchaseItems).where(eq(purchaseItems.id, id)).limit(1);
    return row;
  }

  /** This buyer's purchases of these items (hidden ones too: hiding keeps the purchase), by item id. */
  async function purchasesOfItems(buyerId: string, sellItemIds: string[]): Promise<Map<string, PurchaseView>> {
    if (sellItemIds.length === 0) return new Map();
    const rows = await purchaseSelect(db).where(and(eq(purchaseItems.buyerId, buyerId), inArray(purchaseItems.sellItemId, sellItemIds)));
    return new Map(rows.map((r) => [r.purchase.sellItemId, toPurchaseView(r)]));
  }

  /** A buyer's list: what they have not hidden, newest first. */
  async function purchasesOf(buyerId: string, page: Page): Promise<{ rows: PurchaseView[]; count: number }> {
    const where = and(eq(purchaseItems.buyerId, buyerId), isNull(purchaseItems.hiddenAt));
    const rows = await purchaseSelect(db)
      .where(where)
      .orderBy(desc(purchaseItems.createdAt), desc(purchaseItems.id))
      .limit(page.limit)
      .offset(page.skip);
    const [total] = await db.select({ n: count() }).from(purchaseItems).where(where);
    return { rows: rows.map(toPurchaseView), count: total?.n ?? 0 };
  }

  /** Whether this member bought an item made of this file (the media download rule). */
  async function boughtFile(fileId: string, buyerId: string): Promise<boolean> {
    const [row] = await db
      .select({ id: purchaseItems.id })
      .from(purchaseItems)
      .where(and(eq(purchaseItems.fileId, fileId), eq(purchaseItems.buyerId, buyerId)))
      .limit(1);
    return Boolean(row);
  }

  return { findPurchase, findPurchaseOf, findPurchaseByRequestKey, findPurchaseView, purchasesOfItems, purchasesOf, boughtFile };
}
