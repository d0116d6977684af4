import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { SellItem } from '@cc/contracts';
import { loginPath } from '../../../shared/api/navigation';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { useAppSelector } from '../../../shared/store/hooks';
import { Badge, Button, ButtonLink, Card, EmptyState, Icon, Pager } from '../../../shared/ui';
import { STORE_PAGE_SIZE, useListModelItemsQuery } from '../api/marketplaceApi';
import { itemCount } from '../lib/words';
import { shownList } from '../lib/itemLists';
import { ItemCard, ItemGridSkeleton } from './ItemCard';
import { BuyDialog } from './BuyDialog';
import { LoadError } from './LoadError';
import './store.css';

type Seller = { _id: string; name: string };

function ItemActions({ item, own, onBuy }: { item: SellItem; own: boolean; onBuy: () => void }) {
  if (own)
    return (
      <ButtonLink to="/store" variant="secondary" size="sm">
        Manage in My store
      </ButtonLink>
    );
  if (item.isPurchased && item.purchasedItem) {
    return (
      <a
        className="ui-button ui-button--secondary ui-button--sm"
        href={item.purchasedItem.downloadUrl}
        download={item.purchasedItem.fileName}
        aria-label={`Download ${item.name}`}
      >
        <Icon name="download" size={16} />
        <span>Download</span>
      </a>
    );
  }
  return (
    <Button size="sm" onClick={onBuy} icon={<Icon name="bag" size={16} />} aria-label={`Buy ${item.name}`}>
      Buy
    </Button>
  );
}

/**
 * The "Store" section of a model's profile (composed in app/, docs/architecture.md#boundaries):
 * the model's items for sale, each with Buy, or "Purchased" and Download once the viewer owns it.
 * A signed-out visitor's Buy goes to the login page and back.
 */
export function ProfileStore({ model }: { model: Seller }) {
  const me = useAppSelector(selectCurrentUser);
  const navigate = useNavigate();
  const location = useLocation();
  const [page, setPage] = useState(1);
  const [buying, setBuying] = useState<SellItem | null>(null);
  const query = useListModelItemsQuery({ modelId: model._id, limit: STORE_PAGE_SIZE, skip: (page - 1) * STORE_PAGE_SIZE });
  const list = shownList(query);
  const own = me?._id === model._id;

  const buy = (item: SellItem) => {
    if (!me) {
      void navigate(loginPath(`${location.pathname}${location.search}`));
      return;
    }
    setBuying(item);
  };

  return (
    <Card
      as="section"
      aria-label="Store"
      title="Store"
      description={query.isLoading ? undefined : itemCount(list.count, 'for sale')}
      className="store-section"
    >
      {query.isLoading ? (
        <ItemGridSkeleton label={`Loading ${model.name}'s store`} cards={3} />
      ) : query.isError ? (
        <LoadError what={`${model.name}'s store`} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : list.items.length === 0 ? (
        <EmptyState
          icon="store"
          title="Nothing for sale yet"
          description={
            own ? 'Add photos, videos or files to your store and they show here.' : `${model.name} has not put anything on sale yet.`
          }
          action={own ? <ButtonLink to="/store">Open My store</ButtonLink> : undefined}
        />
      ) : (
        <>
          <ul className="store-grid" aria-label={`${model.name}'s items`}>
            {list.items.map((item) => (
              <ItemCard
                key={item._id}
                item={item}
                // The server sends the store's previews blurred to all but the item's buyers.
                blurred={!item.isPurchased}
                meta={item.isPurchased ? <Badge tone="success">Purchased</Badge> : own ? <Badge tone="accent">Your item</Badge> : null}
                actions={<ItemActions item={item} own={own} onBuy={() => buy(item)} />}
              />
            ))}
          </ul>
          {list.count > STORE_PAGE_SIZE ? (
            <Pager page={page} pageSize={STORE_PAGE_SIZE} total={list.count} onPage={setPage} busy={query.isFetching} />
          ) : null}
          {me && !own ? (
            <p className="muted text-sm store-section__note">
              What you buy stays in <Link to="/purchases">your purchases</Link>, ready to download.
            </p>
          ) : null}
        </>
      )}
      {buying ? <BuyDialog item={buying} sellerName={model.name} onClose={() => setBuying(null)} /> : null}
    </Card>
  );
}
