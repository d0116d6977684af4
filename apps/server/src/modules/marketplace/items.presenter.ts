import type { PurchaseItem, SellItem } from '@cc/contracts';
import { fileUrl } from '../../platform/uploads';
import { mediaThumbnailUrl } from '../media';
import type { PurchaseView, SellerRow, SellItemView } from './items.repository';

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
 * adds what only the seller sees: the media behind it and how often it sold.
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
    previewUrl: file.hasPreview ? sellItemPreviewUrl(item.id) : null,
    mimeType: file.mimeType,
    size: file.size,
    isPurchased: Boolean(viewer.purchase),
    purchasedItem: viewer.purchase ? toPurchaseDto(viewer.purchase) : null,
    ...(viewer.own ? { mediaId: item.fileId, salesCount } : {}),
    createdAt: item.createdAt.toISOString(),
    updatedAt: item.updatedAt.toISOString(),
  };
}
