import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { PurchaseItem } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { formatTokens } from '../../../shared/format';
import { usePage } from '../../../shared/hooks/usePage';
import { When } from '../../../shared/money';
import { Button, ButtonLink, Card, ConfirmDialog, EmptyState, Icon, PageHeader, Pager, TableSkeleton } from '../../../shared/ui';
import { STORE_PAGE_SIZE, useHidePurchaseMutation, useListPurchasesQuery } from '../api/marketplaceApi';
import { ItemPreview } from '../components/ItemPreview';
import { LoadError } from '../components/LoadError';
import { shownList } from '../lib/itemLists';
import { itemCount } from '../lib/words';
import '../components/store.css';

function RemovePurchase({ purchase, onClose }: { purchase: PurchaseItem; onClose: () => void }) {
  const [hidePurchase, { isLoading }] = useHidePurchaseMutation();
  const confirm = async () => {
    const answer = await hidePurchase(purchase._id);
    if (answer.error) toast.error(errorMessage(answer.error));
    else toast.success(`${purchase.name} was removed from your list.`);
    onClose();
  };
  return (
    <ConfirmDialog
      title={`Remove ${purchase.name} from your list?`}
      description="It leaves your purchases and you can no longer download it from here. Nothing is refunded."
      confirmLabel="Remove from my list"
      busy={isLoading}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}

function PurchaseRow({ purchase, onRemove }: { purchase: PurchaseItem; onRemove: () => void }) {
  const headingId = `purchase-${purchase._id}-name`;
  return (
    <li className="purchase-row" aria-labelledby={headingId}>
      <ItemPreview
        name={purchase.name}
        mediaType={purchase.mediaType}
        previewUrl={purchase.previewUrl}
        mimeType={purchase.mimeType}
        className="purchase-row__preview"
      />
      <div className="purchase-row__text">
        <h2 id={headingId} className="purchase-row__name" title={purchase.name}>
          {purchase.name}
        </h2>
        <p className="purchase-row__meta">
          {purchase.model ? (
            <>
              from <Link to={`/models/${encodeURIComponent(purchase.model.username)}`}>{purchase.model.name}</Link>
            </>
          ) : (
            'from a creator no longer here'
          )}
          <span aria-hidden="true"> · </span>
          <When iso={purchase.createdAt} />
        </p>
      </div>
      <p className="purchase-row__price">
        <strong>{formatTokens(purchase.price)}</strong> tokens
      </p>
      <div className="purchase-row__actions">
        <a
          className="ui-button ui-button--primary ui-button--sm"
          href={purchase.downloadUrl}
          download={purchase.fileName}
          aria-label={`Download ${purchase.name}`}
        >
          <Icon name="download" size={16} />
          <span>Download</span>
        </a>
        <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${purchase.name} from my list`}>
          Remove from my list
        </Button>
      </div>
    </li>
  );
}

/** /purchases: what the member bought, newest first, each ready to download (docs/product.md#marketplace). */
export default function PurchasesPage() {
  const [page, setPage] = usePage();
  const query = useListPurchasesQuery({ limit: STORE_PAGE_SIZE, skip: (page - 1) * STORE_PAGE_SIZE });
  const list = shownList(query);
  const [removing, setRemoving] = useState<PurchaseItem | null>(null);

  return (
    <div className="page store-page">
      <PageHeader title="Purchases" description="Photos, videos and files you bought. Download them whenever you like." />
      <div className="stack">
        <p className="store-count" aria-live="polite">
          {query.isLoading ? 'Loading…' : itemCount(list.count, '', ['purchase', 'purchases'])}
        </p>
        {query.isLoading ? (
          <TableSkeleton columns={4} rows={3} label="Loading your purchases" />
        ) : query.isError ? (
          <LoadError what="your purchases" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        ) : list.items.length === 0 ? (
          <Card>
            <EmptyState
              icon="store"
              title="No purchases yet"
              description="Creators sell photos, videos and files in the Store on their profile. What you buy shows here, ready to download."
              action={<ButtonLink to="/models">Browse creators</ButtonLink>}
            />
          </Card>
        ) : (
          <>
            <ul className="purchase-list" aria-label="Your purchases">
              {list.items.map((purchase) => (
                <PurchaseRow key={purchase._id} purchase={purchase} onRemove={() => setRemoving(purchase)} />
              ))}
            </ul>
            <Pager page={page} pageSize={STORE_PAGE_SIZE} total={list.count} onPage={setPage} busy={query.isFetching} />
          </>
        )}
      </div>
      {removing ? <RemovePurchase purchase={removing} onClose={() => setRemoving(null)} /> : null}
    </div>
  );
}
