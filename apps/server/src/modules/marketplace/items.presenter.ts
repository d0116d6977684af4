import type { AdminItemRow, PurchaseItem, SellItem } from '@cc/contracts';
import { fileUrl } from '../../platform/uploads';
import { mediaThumbnailUrl } from '../media';
import { itemStatus, type PurchaseView, type SellerRow, type SellItemView } from './items.repository';

export const sellItemPreviewUrl = (id: string) => `/api/sell-item/${id}/preview`;
export const purchaseDownloadUrl = (id: string) => `/api/purchase-item/${id}/download/`;

/** Explicit allow-lists: storage keys never leave the server; the media id only to its seller. */

const toSeller = (seller: SellerRow) => ({
  _id: seller.id,
  username: seller.username,
  name: seller.name,
  avatarUrl: seller.avatar ? fileUrl(seller.avatar) : null,
});

/**
 * A purchase as its buyer keeps it. Its preview is the media thumbnail the buyer may read through
 * the buyer's right, so it keeps working after the item goes off sale (docs/product.md#marketplace).
 */
export function toPurchaseDto({ purchase, file, seller }: PurchaseView): PurchaseItem {
  return {
    _id: purchase.id,
    sellItemId: purchase.sellItemId,
    modelId: purchase.modelId,
    model: toSeller(seller),
    name: purchase.name,
    description: purchase.description,
    mediaType: purchase.mediaType,
    price: purchase.price,
    previewUrl: file.hasPreview ? mediaThumbnailUrl(file.id) : null,
    downloadUrl: purchaseDownloadUrl(purchase.id),
    fileName: file.fileName,
    mimeType: file.mimeType,
    size: file.size,
    transactionId: purchase.transactionId,
    createdAt: purchase.createdAt.toISOString(),
  };
}

/**
 * An item on sale. `purchase` is the viewer's own purchase of it (null for anyone else); `own`
 * adds what only the seller sees: the media behind it, how often it sold, and whether (and why) an
 * administrator hid it. A hidden item has no public preview, so its seller's view shows the media
 * thumbnail, which she may read as its owner.
 */
export function toSellItemDto(
  { item, file, seller, salesCount }: SellItemView,
  viewer: { purchase?: PurchaseView | undefined; own?: boolean } = {},
): SellItem {
  return {
    _id: item.id,
    modelId: item.modelId,
    model: toSeller(seller),
    name: item.name,
    description: item.description,
    price: item.price,
    mediaType: item.mediaType,
    // The seller and its buyers see the clear thumbnail (theirs to read); anyone else the blurred
    // public preview (issue #28). A hidden item has no public preview at all.
    previewUrl: file.hasPreview ? (viewer.own || viewer.purchase ? mediaThumbnailUrl(file.id) : sellItemPreviewUrl(item.id)) : null,
    mimeType: file.mimeType,
    size: file.size,
    isPurchased: Boolean(viewer.purchase),
    purchasedItem: viewer.purchase ? toPurchaseDto(viewer.purchase) : null,
    ...(viewer.own
      ? { mediaId: item.fileId, salesCount, hiddenAt: item.hiddenAt?.toISOString() ?? null, hiddenReason: item.hiddenReason }
      : {}),
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}

/**
 * An item as administrators review it, whatever its status. Its preview is the media thumbnail,
 * which administrators may read even when the item is hidden or removed.
 */
export function toAdminItemRow({ item, file, seller, salesCount }: SellItemView): AdminItemRow {
  return {
    _id: item.id,
    name: item.name,
    description: item.description,
    price: item.price,
    mediaType: item.mediaType,
    model: { _id: seller.id, username: seller.username, name: seller.name },
    status: itemStatus(item),
    hiddenAt: item.hiddenAt?.toISOString() ?? null,
    hiddenReason: item.hiddenReason,
    removedAt: item.removedAt?.toISOString() ?? null,
    purchases: salesCount,
    previewUrl: file.hasPreview ? mediaThumbnailUrl(file.id) : null,
    createdAt: item.createdAt.toISOString(),
  };
}
