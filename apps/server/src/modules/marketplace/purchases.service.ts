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
import { AppError, conflict, notFound } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import { perTurnBatch } from '../../platform/turn-batch';
import type { FileRow } from '../../platform/uploads';
import type { MemberLookup } from '../accounts';
import type { MediaRepository } from '../media';
import type { Ledger, Transferred } from '../wallet';
import { toPurchaseDto } from './items.presenter';
import { isListed, type ItemsRepository, type PurchaseRow, type SellItemRow } from './items.repository';
import { sellsPublicly } from './items.service';

type Buyer = { id: string; username: string };
/** A sale as checked before its transaction: the item as read then, and its seller. */
type Sale = { buyer: Buyer; item: SellItemRow; seller: { username: string }; requestKey: string | null };
type Sold = { row: PurchaseRow; paid: Transferred };

/** Thrown to roll a group of sales back: an item changed or went off sale (removed or hidden) since it was read. */
class ChangedMeanwhile extends Error {}
/** `expectedPrice`: the price the buyer saw, in hundredths (docs/product.md#price-changes); none: the current price. */
export type PurchaseRequest = { sellItemId: string; expectedPrice?: number | undefined; idempotencyKey?: string | undefined };

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
export function createPurchasesService(deps: PurchasesDeps) {
  return { ...buying(deps, saleWriting(deps)), ...buyersPurchases(deps) };
}
export type PurchasesService = ReturnType<typeof createPurchasesService>;

type PurchasesDeps = {
  db: Db;
  repo: ItemsRepository;
  ledger: Pick<Ledger, 'transferWithCommission' | 'transfersWithCommission' | 'announce' | 'balanceOf'>;
  members: Pick<MemberLookup, 'findPayee'>;
  media: Pick<MediaRepository, 'findMedia'>;
  events: EventBus;
};
type SaleWriting = ReturnType<typeof saleWriting>;

/** The ledger transfer that pays for a sale: one key per buyer and item, so even the ledger refuses to take the money twice. */
function transferOf({ buyer, seller }: Sale, item: SellItemRow, requestKey: string | null) {
  return {
    payerId: buyer.id,
    modelId: item.modelId,
    gross: item.price,
    source: 'item' as const,
    idempotencyKey: `item:${buyer.id}:${item.id}`,
    memo: `Item “${item.name}” from @${seller.username}, bought by @${buyer.username}`,
    metadata: { sellItemId: item.id, requestKey },
  };
}

/** The purchase row: the item as it is when bought (later edits do not change what was bought). */
function purchaseOf(buyer: Buyer, item: SellItemRow, transactionId: string) {
  return {
    sellItemId: item.id,
    buyerId: buyer.id,
    modelId: item.modelId,
    fileId: item.fileId,
    name: item.name,
    description: item.description,
    mediaType: item.mediaType,
    price: item.price,
    transactionId,
  };
}

/** The transactions that charge and write sales: one alone, or many arriving together. */
function saleWriting({ db, repo, ledger }: PurchasesDeps) {
  /**
   * One sale in its own transaction: the item held first (a price change waits), its price checked
   * against the one the buyer saw, then the charge and the purchase. Null: another purchase of the
   * same item by the same buyer took the ledger key first.
   */
  async function sellAlone(sale: Sale, seenPrice: number | undefined): Promise<Sold | null> {
    return db.transaction(async (tx) => {
      const current = await repo.lockItemForPurchase(sale.item.id, tx);
      // Removed by its model or hidden by an administrator meanwhile: off sale, as for anyone else.
      if (!current || !isListed(current)) throw notFound(NOT_ON_SALE);
      // docs/product.md#price-changes: the price paid is the price seen; another one is never charged silently.
      if (seenPrice !== undefined && seenPrice !== current.price) throw priceChanged(current.price);
      const paid = await ledger.transferWithCommission(transferOf(sale, current, sale.requestKey), tx);
      if (paid.replayed) return null;
      return { row: await repo.insertPurchase(purchaseOf(sale.buyer, current, paid.transactionId), tx), paid };
    });
  }

  /**
   * Many sales in one transaction: every charge at the price read before (`ledger.transfersWithCommission`),
   * then the items held and checked unchanged, then every purchase in one insert. An item changed
   * or taken off sale meanwhile, or a purchase that may not be written, rolls the group back; what
   * the group leaves goes alone (`sellAlone`), for its exact answer.
   */
  async function sellMany(sales: Sale[]): Promise<Map<Sale, Sold>> {
    try {
      return await ledger.transfersWithCommission(
        sales.map((sale) => transferOf(sale, sale.item, sale.requestKey)),
        async (transfers, tx) => {
          const charged = sales.flatMap((sale, index) => (transfers[index] ? [{ sale, paid: transfers[index] }] : []));
          if (charged.length === 0) return new Map<Sale, Sold>();
          const current = await repo.lockItemsForPurchase(
            charged.map(({ sale }) => sale.item.id),
            tx,
          );
          const unchanged = ({ sale }: (typeof charged)[number]) => {
            const now = current.get(sale.item.id);
            return now && isListed(now) && now.price === sale.item.price;
          };
          if (!charged.every(unchanged)) throw new ChangedMeanwhile();
          const rows = await repo.insertPurchases(
            charged.map(({ sale, paid }) => purchaseOf(sale.buyer, current.get(sale.item.id)!, paid.transactionId)),
            tx,
          );
          return new Map(charged.map(({ sale, paid }, index) => [sale, { row: rows[index]!, paid }]));
        },
      );
    } catch (error) {
      if (error instanceof ChangedMeanwhile || sales.length > 1) return new Map<Sale, Sold>();
      throw error;
    }
  }

  // Purchases that arrive together (one turn, or while a group is being written) are sold
  // together, one group at a time (platform/turn-batch.ts): many buyers of one model then change
  // her wallet once per group.
  const sellTogether = perTurnBatch(sellMany, { callsAtOnce: 1 });

  return { sellAlone, sellTogether };
}

/** A purchase: the checks, the sale (together or alone), its replay by idempotency key, and the news. */
function buying(deps: PurchasesDeps, { sellAlone, sellTogether }: SaleWriting) {
  const { repo, ledger } = deps;

  async function alreadyPurchased(buyerId: string, sellItemId: string) {
    const existing = await repo.findPurchaseOf(buyerId, sellItemId);
    return new AppError(
      409,
      MarketplaceErrorCode.ALREADY_PURCHASED,
      'You already bought this item. It is in your purchases.',
      existing ? { purchaseId: existing.id } : undefined,
    );
  }

  /**
   * docs/product.md#idempotency: the key of an earlier purchase answers that purchase again when it
   * names the same item, and 409 when it names another.
   */
  async function replayOf(buyerId: string, earlier: PurchaseRow, input: PurchaseRequest): Promise<ItemPurchaseResult> {
    if (earlier.sellItemId !== input.sellItemId)
      throw conflict('This idempotency key was already used for a different request. Use a new key for a new request.');
    const view = await repo.findPurchaseView(earlier.id);
    if (!view) throw new Error('purchase vanished');
    return { ...toPurchaseDto(view), balance: await ledger.balanceOf(buyerId) };
  }

  async function purchase({ buyer, input }: { buyer: Buyer; input: PurchaseRequest }): Promise<ItemPurchaseResult> {
    // The reads at once: one round trip's wait instead of several.
    const [item, earlier, keyed] = await Promise.all([
      repo.findItem(input.sellItemId),
      repo.findPurchaseOf(buyer.id, input.sellItemId),
      input.idempotencyKey === undefined ? undefined : repo.findPurchaseByRequestKey(buyer.id, input.idempotencyKey),
    ]);
    if (keyed) return replayOf(buyer.id, keyed, input);
    if (!item || !isListed(item)) throw notFound(NOT_ON_SALE);
    if (item.modelId === buyer.id) throw new AppError(400, ErrorCode.VALIDATION_FAILED, 'You cannot buy your own item.');
    const seller = await deps.members.findPayee(item.modelId);
    if (!seller || !sellsPublicly(seller)) throw notFound(NOT_ON_SALE);
    // The friendly answer first; the ledger key and the unique index below are what hold under a race.
    if (earlier) throw await alreadyPurchased(buyer.id, item.id);

    const sale: Sale = { buyer, item, seller, requestKey: input.idempotencyKey ?? null };
    let outcome;
    try {
      // Sold together when the buyer saw the price it has; otherwise alone, which answers the change.
      const pricedAsSeen = input.expectedPrice === undefined || input.expectedPrice === item.price;
      outcome = (pricedAsSeen ? await sellTogether(sale) : undefined) ?? (await sellAlone(sale, input.expectedPrice));
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

  return { purchase };
}

/** The buyer's own purchases: listed, hidden from the list, downloaded. */
function buyersPurchases({ repo, media }: PurchasesDeps) {
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
    const file = await media.findMedia(found.fileId);
    if (!file) throw notFound(PURCHASE_NOT_FOUND);
    return file;
  }

  return { list, hide, downloadable };
}
