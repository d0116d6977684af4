import { useState } from 'react';
import { ADMIN_ITEMS_QUERY_MAX, type AdminItemRow } from '@cc/contracts';
import {
  Button,
  Card,
  EmptyState,
  ListError,
  PageHeader,
  Pager,
  RelativeTime,
  Table,
  TableSkeleton,
  type TableColumn,
} from '../../../shared/ui';
import { PAGE_SIZE } from '../api/adminApi';
import { useListAdminItemsQuery, type ItemsFilter } from '../api/adminItemsApi';
import { ClampedText } from '../components/ClampedText';
import { FilterTabs, type FilterOption } from '../components/FilterTabs';
import { ItemDrawer } from '../components/ItemDrawer';
import { SearchField } from '../components/SearchField';
import { ItemStatusBadge, ItemThumb, itemPrice } from '../components/SellItemParts';
import { usePageClamp } from '../hooks/usePageClamp';
import { usePageParam, useSearchParam } from '../hooks/useSearchParam';
import '../components/AdminList.css';
import '../components/SellItems.css';

const FILTERS: readonly FilterOption<ItemsFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'listed', label: 'Listed' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'removed', label: 'Removed' },
];
const isFilter = (value: string): value is ItemsFilter => FILTERS.some((option) => option.value === value);

const EMPTY: Record<ItemsFilter, { title: string; description: string }> = {
  all: { title: 'No items yet', description: 'When a model puts a photo, a video or a file on sale in her store, it appears here.' },
  listed: { title: 'Nothing is on sale', description: 'Items models put on sale, and ones you restore, are listed here.' },
  hidden: { title: 'No hidden items', description: 'Items you hide from the store wait here, with your reason, until you restore them.' },
  removed: { title: 'No removed items', description: 'Items their models took off sale for good are listed here.' },
};

const count = new Intl.NumberFormat('en-US');

function itemColumns(onOpen: (item: AdminItemRow) => void): TableColumn<AdminItemRow>[] {
  return [
    {
      key: 'item',
      header: 'Item',
      wrap: true,
      cell: (row) => (
        <div className="admin-item">
          <ItemThumb item={row} />
          <div className="admin-item__text">
            <button type="button" className="admin-link-button admin-item__name" onClick={() => onOpen(row)}>
              {row.name}
            </button>
            {row.description ? <ClampedText text={row.description} what="description" className="admin-person__sub" /> : null}
          </div>
        </div>
      ),
    },
    {
      key: 'model',
      header: 'Model',
      wrap: true,
      cell: (row) => (
        <div className="admin-person__text">
          <span>{row.model.name}</span>
          <span className="admin-person__sub">@{row.model.username}</span>
        </div>
      ),
    },
    { key: 'price', header: 'Price', align: 'end', cell: (row) => itemPrice(row.price) },
    {
      key: 'status',
      header: 'Status',
      wrap: true,
      cell: (row) => (
        <div className="admin-item-status">
          <ItemStatusBadge status={row.status} />
          {row.status === 'hidden' && row.hiddenReason ? (
            <ClampedText text={row.hiddenReason} what="reason" className="admin-person__sub" />
          ) : null}
        </div>
      ),
    },
    { key: 'purchases', header: 'Purchases', align: 'end', cell: (row) => count.format(row.purchases) },
    { key: 'created', header: 'Created', cell: (row) => <RelativeTime iso={row.createdAt} /> },
  ];
}

/**
 * Admin › Sell items: every model's items, newest first, by status and by name or model. An item
 * opens in a drawer where it can be hidden from the store with a reason, or restored
 * (docs/product.md#marketplace).
 */
export default function SellItemsPage() {
  const [rawFilter, setFilter] = useSearchParam('status', 'all');
  const filter: ItemsFilter = isFilter(rawFilter) ? rawFilter : 'all';
  const [q, setQ] = useSearchParam('q');
  const [page, setPage] = usePageParam();
  const [clears, setClears] = useState(0);
  const [opened, setOpened] = useState<AdminItemRow | null>(null);
  const { data, error, isLoading, isFetching, isError, refetch } = useListAdminItemsQuery(
    { status: filter, q, limit: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  usePageClamp(page, PAGE_SIZE, data?.count, data?.items.length, setPage);

  // The open item follows each new answer of the list (another administrator's change shows);
  // between answers it keeps what the last hide or restore answered.
  const [seen, setSeen] = useState(data);
  if (data !== seen) {
    setSeen(data);
    const row = opened ? data?.items.find((item) => item._id === opened._id) : undefined;
    if (row) setOpened(row);
  }

  const onSearch = (next: string) => {
    if (next !== q) setQ(next, ['page']);
  };
  const clearAll = () => {
    setQ('', ['status', 'page']);
    setClears((n) => n + 1);
  };

  return (
    <>
      <PageHeader
        title="Sell items"
        description="Every item models sell, newest first. Hide one that breaks the rules: it leaves the store at once, its buyers keep it, and its model sees your reason. Restoring puts it back."
      />
      <div className="admin-toolbar admin-toolbar--filters">
        <FilterTabs label="Show items" options={FILTERS} value={filter} onChange={(next) => setFilter(next, ['page'])} />
        <SearchField
          clears={clears}
          label="Search items"
          placeholder="Item name or model username"
          initial={q}
          maxLength={ADMIN_ITEMS_QUERY_MAX}
          onSearch={onSearch}
        />
      </div>
      {isLoading ? (
        <TableSkeleton columns={6} label="Loading sell items" />
      ) : isError ? (
        <ListError what="sell items" error={error} onRetry={refetch} retrying={isFetching} />
      ) : data && data.items.length === 0 ? (
        <Card>
          {q ? (
            <EmptyState
              icon="bag"
              title={`No items match “${q}”`}
              description="Search looks at item names and models' usernames. Check the spelling, try part of the name, or look under All."
              action={
                <Button variant="secondary" onClick={clearAll}>
                  Clear filters
                </Button>
              }
            />
          ) : (
            <EmptyState icon="bag" title={EMPTY[filter].title} description={EMPTY[filter].description} />
          )}
        </Card>
      ) : data ? (
        <>
          <div className="admin-card-table admin-items-table">
            <Table caption="Sell items" columns={itemColumns(setOpened)} rows={data.items} rowKey={(row) => row._id} />
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.count} onPage={setPage} busy={isFetching} />
        </>
      ) : null}
      <ItemDrawer item={opened} onClose={() => setOpened(null)} onChanged={setOpened} />
    </>
  );
}
