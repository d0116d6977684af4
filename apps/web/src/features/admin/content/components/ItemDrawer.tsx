import { useState } from 'react';
import { toast } from 'sonner';
import type { AdminItemRow } from '@cc/contracts';
import { errorMessage } from '../../../../shared/api/apiError';
import { formatDateTime } from '../../../../shared/money';
import { Alert, Button, RelativeTime } from '../../../../shared/ui';
import { useRestoreSellItemMutation } from '../api/adminItemsApi';
import { ConfirmModal } from '../../shared/components/ConfirmModal';
import { Drawer } from '../../shared/components/Drawer';
import { HideItemModal } from './HideItemModal';
import { ItemStatusBadge, ItemThumb, KIND, itemPrice } from './SellItemParts';
import '../../shared/components/AdminDetails.css';
import './SellItems.css';

const purchasesText = (n: number) =>
  n === 0 ? 'Nobody yet' : `${n.toLocaleString('en-US')} ${n === 1 ? 'member' : 'members'} (they keep it whatever happens)`;

/** Where the item stands, in a sentence, with the reason an administrator gave. */
function StatusNote({ item }: { item: AdminItemRow }) {
  if (item.status === 'hidden')
    return (
      <Alert tone="warning" title="Hidden from the store">
        <p>
          {item.hiddenAt ? (
            <>
              Since <RelativeTime iso={item.hiddenAt} />.{' '}
            </>
          ) : null}
          {item.model.name} reads this reason next to it:
        </p>
        <blockquote className="admin-item-reason">{item.hiddenReason}</blockquote>
      </Alert>
    );
  if (item.status === 'removed')
    return (
      <Alert tone="info" title="Removed by its model">
        {item.model.name} took it off sale{item.removedAt ? <> {formatDateTime(item.removedAt)}</> : null}, for good: it can be neither
        hidden nor restored. Its buyers keep it.
      </Alert>
    );
  return null;
}

type ItemDrawerProps = {
  item: AdminItemRow | null;
  onClose: () => void;
  /** The item changed (hidden, restored): the drawer shows the server's answer at once. */
  onChanged: (item: AdminItemRow) => void;
};

/** The item's picture, status, facts and description. */
function ItemDetails({ item }: { item: AdminItemRow }) {
  return (
    <>
      <div className="admin-item-hero">
        <ItemThumb item={item} size="lg" />
      </div>
      <StatusNote item={item} />
      <dl className="admin-details admin-item-facts">
        <div className="admin-details__row">
          <dt>Status</dt>
          <dd>
            <ItemStatusBadge status={item.status} />
          </dd>
        </div>
        <div className="admin-details__row">
          <dt>Price</dt>
          <dd>{itemPrice(item.price)}</dd>
        </div>
        <div className="admin-details__row">
          <dt>Model</dt>
          <dd>
            {item.model.name} <span className="muted">@{item.model.username}</span>
          </dd>
        </div>
        <div className="admin-details__row">
          <dt>Bought by</dt>
          <dd>{purchasesText(item.purchases)}</dd>
        </div>
        <div className="admin-details__row">
          <dt>Put on sale</dt>
          <dd>{formatDateTime(item.createdAt)}</dd>
        </div>
      </dl>
      <section className="stack-sm" aria-label="Description">
        <h3 className="admin-drawer-section__title">Description</h3>
        {item.description ? <p className="admin-item-description">{item.description}</p> : <p className="muted">No description.</p>}
      </section>
    </>
  );
}

/** One item: its preview, price, model and status, and the action its status allows. */
export function ItemDrawer({ item, onClose, onChanged }: ItemDrawerProps) {
  const [hiding, setHiding] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const [restoreError, setRestoreError] = useState<string | null>(null);
  const [restore, restoration] = useRestoreSellItemMutation();

  const confirmRestore = async () => {
    if (!item) return;
    setRestoreError(null);
    const result = await restore(item._id);
    if ('error' in result) {
      setRestoreError(errorMessage(result.error));
      return;
    }
    toast.success('Back in the store.');
    setRestoring(false);
    onChanged(result.data);
  };

  return (
    <>
      <Drawer
        open={item !== null}
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={item?.name ?? 'Item'}
        description={item ? `${KIND[item.mediaType]} by @${item.model.username} · ${itemPrice(item.price)}` : undefined}
        footer={
          item?.status === 'listed' ? (
            <Button variant="danger" onClick={() => setHiding(true)}>
              Hide from store
            </Button>
          ) : item?.status === 'hidden' ? (
            <Button
              onClick={() => {
                setRestoreError(null);
                setRestoring(true);
              }}
            >
              Restore to store
            </Button>
          ) : undefined
        }
      >
        {item ? (
          <>
            <ItemDetails item={item} />
          </>
        ) : null}
      </Drawer>
      {hiding && item ? (
        <HideItemModal
          item={item}
          onClose={() => setHiding(false)}
          onHidden={(hidden) => {
            setHiding(false);
            onChanged(hidden);
          }}
        />
      ) : null}
      <ConfirmModal
        open={restoring && item !== null}
        onCancel={() => setRestoring(false)}
        onConfirm={() => void confirmRestore()}
        working={restoration.isLoading}
        error={restoreError}
        tone="primary"
        title={`Put “${item?.name ?? ''}” back in the store?`}
        description={`Members can see and buy it again in @${item?.model.username ?? ''}'s store, at its current price, and ${item?.model.name ?? 'its model'} no longer sees it marked hidden.`}
        confirmLabel="Restore to store"
      />
    </>
  );
}
