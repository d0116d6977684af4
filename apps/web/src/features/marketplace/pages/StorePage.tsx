import { useState } from 'react';
import { toast } from 'sonner';
import type { Me, SellItem } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { usePage } from '../../../shared/hooks/usePage';
import { useAppSelector } from '../../../shared/store/hooks';
import { Alert, Button, ButtonLink, Card, ConfirmDialog, CreatorNav, EmptyState, Icon, PageHeader, Pager } from '../../../shared/ui';
import { STORE_PAGE_SIZE, useListMyItemsQuery, useRemoveItemMutation } from '../api/marketplaceApi';
import { AddItemModal } from '../components/AddItemModal';
import { EditItemModal } from '../components/EditItemModal';
import { ItemCard, ItemGridSkeleton } from '../components/ItemCard';
import { LoadError } from '../components/LoadError';
import { shownList } from '../lib/itemLists';
import { itemCount, salesLabel } from '../lib/words';
import '../components/store.css';

function RemoveItem({ item, onClose }: { item: SellItem; onClose: () => void }) {
  const [removeItem, { isLoading }] = useRemoveItemMutation();
  const confirm = async () => {
    const answer = await removeItem(item._id);
    if (answer.error) toast.error(errorMessage(answer.error));
    else toast.success(`${item.name} is no longer on sale.`);
    onClose();
  };
  return (
    <ConfirmDialog
      title={`Remove ${item.name} from sale?`}
      description="New buyers can no longer buy it. Buyers who already bought it keep their downloads."
      confirmLabel="Remove from sale"
      busy={isLoading}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

/** A model whose account is not approved yet cannot sell (docs/product.md#roles). */
function NotApprovedYet({ me }: { me: Me }) {
  return (
    <Alert
      tone="warning"
      title="Your store opens once your account is approved"
      action={
        <ButtonLink to="/account/verification" size="sm" variant="secondary">
          Verification
        </ButtonLink>
      }
    >
      {me.modelStatus === 'pending'
        ? 'An administrator is checking your document. You can add items as soon as they approve it.'
        : 'Upload your verification document; an administrator approves it before you can sell.'}
    </Alert>
  );
}

type GridProps = { items: readonly SellItem[]; onEdit: (item: SellItem) => void; onRemove: (item: SellItem) => void };

/** The model's items with their sales, each with Edit and Remove. */
function MyItemsGrid({ items, onEdit, onRemove }: GridProps) {
  return (
    <ul className="store-grid" aria-label="Your items">
      {items.map((item) => (
        <ItemCard
          key={item._id}
          item={item}
          meta={<span className="store-card__sales">{salesLabel(item.salesCount)}</span>}
          actions={
            <>
              <Button
                size="sm"
                variant="secondary"
                icon={<Icon name="pencil" size={16} />}
                onClick={() => onEdit(item)}
                aria-label={`Edit ${item.name}`}
              >
                Edit
              </Button>
              <Button
                size="sm"
                variant="ghost"
                icon={<Icon name="trash" size={16} />}
                onClick={() => onRemove(item)}
                aria-label={`Remove ${item.name}`}
              >
                Remove
              </Button>
            </>
          }
        />
      ))}
    </ul>
  );
}

function ModelStore({ me }: { me: Me }) {
  const [page, setPage] = usePage();
  const query = useListMyItemsQuery({ limit: STORE_PAGE_SIZE, skip: (page - 1) * STORE_PAGE_SIZE });
  const list = shownList(query);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<SellItem | null>(null);
  const [removing, setRemoving] = useState<SellItem | null>(null);
  const canSell = me.modelStatus === 'approved';
  const add = (
    <Button icon={<Icon name="plus" size={18} />} onClick={() => setAdding(true)} disabled={!canSell}>
      Add item
    </Button>
  );

  return (
    <>
      <PageHeader
        title="My store"
        description="Photos, videos and files you sell for tokens. Shoppers see a blurred preview; buyers see it clear and download the original."
        actions={add}
      />
      <div className="stack">
        {canSell ? null : <NotApprovedYet me={me} />}
        <p className="store-count" aria-live="polite">
          {query.isLoading ? 'Loading…' : itemCount(list.count, 'for sale')}
        </p>
        {query.isLoading ? (
          <ItemGridSkeleton label="Loading your items" />
        ) : query.isError ? (
          <LoadError what="your items" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : list.items.length === 0 ? (
          <Card>
            <EmptyState
              icon="store"
              title="Your store is empty"
              description="Add a photo, video or file, give it a name and a price, and members can buy it from your profile."
              action={canSell ? add : undefined}
            />
          </Card>
        ) : (
          <>
            <MyItemsGrid items={list.items} onEdit={setEditing} onRemove={setRemoving} />
            <Pager page={page} pageSize={STORE_PAGE_SIZE} total={list.count} onPage={setPage} busy={query.isFetching} />
          </>
        )}
      </div>
      {adding ? <AddItemModal onClose={() => setAdding(false)} /> : null}
      {editing ? <EditItemModal item={editing} onClose={() => setEditing(null)} /> : null}
      {removing ? <RemoveItem item={removing} onClose={() => setRemoving(null)} /> : null}
    </>
  );
}

/** /store: a model's own items (add, edit, remove); anyone else hears what the store is for. */
export default function StorePage() {
  const me = useAppSelector(selectCurrentUser);
  if (me?.type === 'model') {
    return (
      <div className="page store-page">
        <CreatorNav />
        <ModelStore me={me} />
      </div>
    );
  }
  return (
    <div className="page page--narrow">
      <PageHeader title="My store" />
      <Card>
        <EmptyState
          icon="store"
          title="Selling is for creators"
          description="Creator accounts sell photos, videos and files for tokens from their profile. You can buy from any creator's store; what you buy waits in your purchases."
          action={
            <div className="cluster">
              <ButtonLink to="/models">Browse creators</ButtonLink>
              <ButtonLink to="/purchases" variant="secondary">
                My purchases
              </ButtonLink>
            </div>
          }
        />
      </Card>
    </div>
  );
}
