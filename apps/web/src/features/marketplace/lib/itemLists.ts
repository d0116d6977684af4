import type { List, PurchaseItem, SellItem } from '@cc/contracts';

/**
 * The spec's item transitions (section 4) on the lists the pages show: a purchase joins the
 * purchases and its sell item becomes `isPurchased`; a removed purchase leaves the list.
 */

/**
 * The item just bought shows as purchased, with its download, wherever it is listed — and clear:
 * the purchase's preview is the thumbnail a buyer may read, not the blurred public one.
 */
export function sellItemPurchased(list: List<SellItem>, purchase: PurchaseItem): List<SellItem> {
  if (!list.items.some((item) => item._id === purchase.sellItemId)) return list;
  return {
    ...list,
    items: list.items.map((item) =>
      item._id === purchase.sellItemId
        ? { ...item, isPurchased: true, purchasedItem: purchase, previewUrl: purchase.previewUrl ?? item.previewUrl }
        : item,
    ),
  };
}

/**
 * The purchase joins the buyer's purchases and the total grows. The list is newest first, so on
 * its first page the new purchase leads; later pages only count it.
 */
export function purchaseAdded(list: List<PurchaseItem>, purchase: PurchaseItem, firstPage: boolean): List<PurchaseItem> {
  if (list.items.some((item) => item._id === purchase._id)) return list;
  return { items: firstPage ? [purchase, ...list.items] : list.items, count: list.count + 1 };
}

/** A purchase taken off the buyer's list: gone, and the total one less. */
export function purchaseRemoved(list: List<PurchaseItem>, purchaseId: string): List<PurchaseItem> {
  if (!list.items.some((item) => item._id === purchaseId)) return list;
  return { items: list.items.filter((item) => item._id !== purchaseId), count: Math.max(0, list.count - 1) };
}

/** A failed load shows an empty list with a total of 0, never rows of an earlier answer (spec section 8). */
export function shownList<T>(query: { data?: List<T> | undefined; isError: boolean }): List<T> {
  if (query.isError || !query.data) return { items: [], count: 0 };
  return query.data;
}
