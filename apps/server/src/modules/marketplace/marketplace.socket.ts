import type { MemberLookup } from '../accounts';
import type { EventBus } from '../../platform/events';
import { emitToUser, type Io } from '../../platform/socket';
import type { ItemsRepository } from './items.repository';
import { toSellItemDto } from './items.presenter';

/**
 * The xChat client's `purchased_item` to the seller (docs/product.md#sockets), beside our own
 * notification, while the `legacySocketEvents` setting is on.
 */
export function registerMarketplaceSocket({
  events,
  io,
  repo,
  members,
  legacyEvents,
}: {
  events: EventBus;
  io: () => Io;
  repo: Pick<ItemsRepository, 'findItemView'>;
  members: Pick<MemberLookup, 'findPayee'>;
  legacyEvents: () => Promise<boolean>;
}) {
  return events.subscribe('item.purchased', async ({ sellItemId, buyerId, modelId, price }) => {
    if (!(await legacyEvents())) return;
    const [view, buyer] = await Promise.all([repo.findItemView(sellItemId), members.findPayee(buyerId)]);
    if (!view) return;
    emitToUser(io(), modelId, 'purchased_item', {
      userId: buyerId,
      modelId,
      type: 'purchased_item',
      token: price,
      itemId: sellItemId,
      item: toSellItemDto(view),
      status: 'approved',
      username: buyer?.username ?? '',
      createdAt: new Date().toISOString(),
    });
  });
}
