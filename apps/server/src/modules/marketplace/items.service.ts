import { ErrorCode, type List, type PageQuery, type SellItem } from '@cc/contracts';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import type { FileRow } from '../../platform/uploads';
import type { MemberLookup } from '../accounts';
import type { MediaRepository } from '../media';
import { toSellItemDto } from './items.presenter';
import { isListed, type ItemPatch, type ItemsRepository, type SellItemRow } from './items.repository';

/** The caller as the routes know them (the signed-in account's row). */
export type Seller = { id: string; type: string; modelStatus: string };
type Payee = Awaited<ReturnType<MemberLookup['findPayee']>>;

export const ITEM_NOT_FOUND = 'That item was not found.';
export const MODEL_NOT_FOUND = 'That model was not found.';
export const ONLY_MODELS_SELL = 'Only models sell items. Ordinary members buy them on a model’s profile.';
export const NOT_APPROVED_YET = 'Your profile is not approved yet. You can sell items once an administrator approves it.';

/**
 * Whose items are on sale (docs/product.md#marketplace): an approved, active model other members
 * can find — the same facts that decide who may be paid at all.
 */
export function sellsPublicly(member: Payee): boolean {
  return Boolean(
    member &&
    member.status === 'active' &&
    member.emailVerifiedAt &&
    member.role === 'user' &&
    member.type === 'model' &&
    member.modelStatus === 'approved',
  );
}

type ItemsDeps = {
  repo: ItemsRepository;
  media: Pick<MediaRepository, 'findMedia'>;
  members: Pick<MemberLookup, 'findPayee'>;
};

/** Models' items: putting media on sale, listing, editing, taking off sale, and the public preview. */
export function createItemsService(deps: ItemsDeps) {
  return { ...modelsOwnItems(deps), ...itemsOnShow(deps) };
}
export type ItemsService = ReturnType<typeof createItemsService>;

function assertModel(user: Seller) {
  if (user.type !== 'model') throw forbidden(ONLY_MODELS_SELL, ErrorCode.NOT_A_MODEL);
}

/** What a model does with her own items: put on sale, list, edit, take off sale. */
function modelsOwnItems(deps: ItemsDeps) {
  const { repo } = deps;

  /**
   * The model's own item, on sale (hidden by an administrator included: she may still edit it);
   * anyone else's answers 404, as if it did not exist.
   */
  async function ownItem(user: Seller, id: string): Promise<SellItemRow> {
    assertModel(user);
    const item = await repo.findItem(id);
    if (!item || item.modelId !== user.id || item.removedAt) throw notFound(ITEM_NOT_FOUND);
    return item;
  }

  async function ownView(id: string): Promise<SellItem> {
    const view = await repo.findItemView(id);
    if (!view) throw new Error('sell item vanished');
    return toSellItemDto(view, { own: true });
  }

  async function create({
    user,
    input,
  }: {
    user: Seller;
    input: { mediaId: string; name: string; description: string; price: number };
  }): Promise<SellItem> {
    assertModel(user);
    if (user.modelStatus !== 'approved') throw forbidden(NOT_APPROVED_YET, ErrorCode.NOT_A_MODEL);
    const file = await deps.media.findMedia(input.mediaId);
    if (!file || file.ownerId !== user.id)
      throw badRequest('mediaId: That file was not found among your uploads.', {
        fields: { mediaId: 'Upload the photo, video or file first' },
      });
    const item = await repo.insertItem({
      modelId: user.id,
      fileId: file.id,
      name: input.name,
      description: input.description,
      price: input.price,
      // What the buyer gets is what the file is, whatever the form claimed.
      mediaType: file.mediaType ?? 'file',
    });
    return ownView(item.id);
  }

  /** The model's own items on sale, those an administrator hid included (marked, with the reason). */
  async function mine({ user, page }: { user: Seller; page: PageQuery }): Promise<List<SellItem>> {
    assertModel(user);
    const { rows, count } = await repo.itemsOnSale(user.id, page, { withHidden: true });
    return { items: rows.map((row) => toSellItemDto(row, { own: true })), count };
  }

  async function update({ user, id, patch }: { user: Seller; id: string; patch: ItemPatch }): Promise<SellItem> {
    await ownItem(user, id);
    const changes = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as ItemPatch;
    if (Object.keys(changes).length === 0) throw badRequest('Change the name, description or price.');
    // Buyers who already paid keep the price and name they bought at: purchases store their own copy.
    if (!(await repo.updateItem(id, user.id, changes))) throw notFound(ITEM_NOT_FOUND);
    return ownView(id);
  }

  /** Off sale for good; its buyers keep their purchase and download. Taking it off twice is fine. */
  async function remove({ user, id }: { user: Seller; id: string }): Promise<void> {
    assertModel(user);
    const item = await repo.findItem(id);
    if (!item || item.modelId !== user.id) throw notFound(ITEM_NOT_FOUND);
    await repo.removeItem(id, user.id);
  }

  return { create, mine, update, remove };
}

/** What anyone sees of the items on sale: a model's list and an item's preview. */
function itemsOnShow(deps: ItemsDeps) {
  const { repo } = deps;

  /** A model's items on sale for anyone; a signed-in viewer also learns which of them they bought. */
  async function ofModel({
    modelId,
    viewerId,
    page,
  }: {
    modelId: string;
    viewerId: string | undefined;
    page: PageQuery;
  }): Promise<List<SellItem>> {
    if (!sellsPublicly(await deps.members.findPayee(modelId))) throw notFound(MODEL_NOT_FOUND);
    const { rows, count } = await repo.itemsOnSale(modelId, page);
    const bought = viewerId
      ? await repo.purchasesOfItems(
          viewerId,
          rows.map((r) => r.item.id),
        )
      : new Map();
    return { items: rows.map((row) => toSellItemDto(row, { purchase: bought.get(row.item.id) })), count };
  }

  /**
   * The small JPEG anyone may see of an item on sale: the photo's thumbnail or the video's poster,
   * never the original. Files (and videos without a poster) have none; an item removed or hidden
   * has none either.
   */
  async function preview(id: string): Promise<{ item: SellItemRow; file: FileRow; key: string }> {
    const item = await repo.findItem(id);
    if (!item || !isListed(item)) throw notFound(ITEM_NOT_FOUND);
    const file = await deps.media.findMedia(item.fileId);
    if (!file?.thumbnailKey || !sellsPublicly(await deps.members.findPayee(item.modelId)))
      throw notFound(file && !file.thumbnailKey ? 'That item has no preview.' : ITEM_NOT_FOUND);
    return { item, file, key: file.thumbnailKey };
  }

  return { ofModel, preview };
}
