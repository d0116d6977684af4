import {
  ErrorCode,
  formatTokens,
  hundredthsToTokens,
  MarketplaceErrorCode,
  type ItemPurchaseResult,
  type List,
  type PageQuery,
  type PurchaseItem,
} from '@cc/contracts';
import { isUniqueViolation, type Db } from '../../platform/db';
import { AppError, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { FileRow } from '../../platform/uploads';
import type { MemberLookup } from '../accounts';
import type { MediaRepository } from '../media';
import type { Ledger } from '../wallet';
import { toPurchaseDto } from './items.presenter';
import type { ItemsRepository } from './items.repository';
import { sellsPublicly } from './items.service';

type Buyer = { id: string; username: string };
export type PurchaseRequest = { sellItemId: string; price?: number | undefined; idempotencyKey?: string | undefined };

export const NOT_ON_SALE = 'That item is not on sale.';
export const PURCHASE_NOT_FOUND = 'That purchase was not found.';

const priceChanged = (price: number) => {
  const tokens = hundredthsToTokens(price);
  return new AppError(
    409,
    MarketplaceErrorCode.PRICE_CHANGED,
    `The price of this item is now ${formatTokens(tokens)} tokens. Check it and buy again.`,
    { price: tokens },
  );
};

/**
 * Buying items (docs/product.md#marketplace): the price is charged once, in the same transaction
 * that writes the purchase, so there is never money without its purchase or the other way round.
 */
export function createPurchasesService(deps: {
  db: Db;
  repo: ItemsRepository;
  ledger: Pick<Ledger, 'transferWithCommission' | 'announce' | 'balanceOf'>;
  members: Pick<MemberLookup, 'findPayee'>;
  media: Pick<MediaRepository, 'findMedia'>;
  events: EventBus;
}) {
  const { db, repo, ledger } = deps;

  async function alreadyPurchased(buyerId: string, sellItemId: string) {
    const existing = await repo.findPurchaseOf(buyerId, sellItemId);
    return new AppError(
      409,
      MarketplaceErrorCode.ALREADY_PURCHASED,
      'You already bought this item. It is in your purchases.',
      existing ? { purchaseId: existing.id } : undefined,
    );
  }

  async function purchase({ buyer, input }: { buyer: Buyer; input: PurchaseRequest }): Promise<ItemPurchaseResult> {
    // Both reads at once: one round trip's wait instead of two.
    const [item, earlier] = await Promise.all([repo.findItem(input.sellItemId), repo.findPurchaseOf(buyer.id, input.sellItemId)]);
    if (!item || item.removedAt) throw notFound(NOT_ON_SALE);
    if (item.modelId === buyer.id) throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'You cannot buy your own item.');
    const seller = await deps.members.findPayee(item.modelId);
    if (!seller || !sellsPublicly(seller)) throw notFound(NOT_ON_SALE);
    // The friendly answer first; the ledger key and the unique index below are what hold under a race.
    if (earlier) throw await alreadyPurchased(buyer.id, item.id);

    let outcome;
    try {
      outcome = await db.transaction(async (tx) => {
        const current = await repo.lockItemForPurchase(item.id, tx);
        if (!current || current.removedAt) throw notFound(NOT_ON_SALE);
        // docs/product.md#ledger: the price paid is the price seen; another one is never charged silently.
        if (input.price !== undefined && input.price !== current.price) throw priceChanged(current.price);
        const paid = await ledger.transferWithCommission(
          {
            payerId: buyer.id,
            modelId: current.modelId,
            gross: current.price,
            source: 'item',
            // One key per buyer and item: even the ledger refuses to take the money twice.
            idempotencyKey: `item:${buyer.id}:${current.id}`,
            memo: `Item “${current.name}” from @${seller.username}, bought by @${buyer.username}`,
            metadata: { sellItemId: current.id, requestKey: input.idempotencyKey ?? null },
          },
          tx,
        );
        if (paid.replayed) return null;
        const row = await repo.insertPurchase(
          {
            sellItemId: current.id,
            buyerId: buyer.id,
            modelId: current.modelId,
            fileId: current.fileId,
            name: current.name,
            description: current.description,
            mediaType: current.mediaType,
            price: current.price,
            transactionId: paid.transactionId,
          },
          tx,
        );
        return { row, paid };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'purchase_items_once')) throw await alreadyPurchased(buyer.id, item.id);
      throw error;
    }
    // Another purchase of the same item by the same buyer committed first.
    if (!outcome) throw await alreadyPurchased(buyer.id, item.id);

    const { row, paid } = outcome;
    ledger.announce(paid);
    deps.events.publish('item.purchased', {
      purchaseId: row.id,
      sellItemId: row.sellItemId,
      buyerId: buyer.id,
      modelId: row.modelId,
      name: row.name,
      price: row.price,
      net: paid.net,
    });
    const view = await repo.findPurchaseView(row.id);
    if (!view) throw new Error('purchase vanished after commit');
    return { ...toPurchaseDto(view), balance: paid.balances[buyer.id] ?? (await ledger.balanceOf(buyer.id)) };
  }

  async function list({ buyerId, page }: { buyerId: string; page: PageQuery }): Promise<List<PurchaseItem>> {
    const { rows, count } = await repo.purchasesOf(buyerId, page);
    return { items: rows.map(toPurchaseDto), count };
  }

  /** Off the buyer's list; the purchase itself, its download and the money stay as they are. */
  async function hide({ buyerId, id }: { buyerId: string; id: string }): Promise<void> {
    const found = await repo.findPurchase(id);
    if (!found || found.buyerId !== buyerId) throw notFound(PURCHASE_NOT_FOUND);
    await repo.hidePurchase(id, buyerId);
  }

  /** The file behind the buyer's own purchase, hidden or not, on sale or not. */
  async function downloadable({ buyerId, id }: { buyerId: string; id: string }): Promise<FileRow> {
    const found = await repo.findPurchase(id);
    if (!found || found.buyerId !== buyerId) throw notFound(PURCHASE_NOT_FOUND);
    const file = await deps.media.findMedia(found.fileId);
    if (!file) throw notFound(PURCHASE_NOT_FOUND);
    return file;
  }

  return { purchase, list, hide, downloadable };
}
export type PurchasesService = ReturnType<typeof createPurchasesService>;
