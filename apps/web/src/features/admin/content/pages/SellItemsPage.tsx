import { ADMIN_ITEMS_QUERY_MAX, type AdminItemRow } from '@cc/contracts';
import { Button, EmptyState, PageHeader, RelativeTime, type TableColumn } from '../../../../shared/ui';
import { useListAdminItemsQuery, type ItemsFilter } from '../api/adminItemsApi';
import { ClampedText } from '../../shared/components/ClampedText';
import { FilterTabs, type FilterOption } from '../../shared/components/FilterTabs';
import { ItemDrawer } from '../components/ItemDrawer';
import { ItemStatusBadge, ItemThumb, itemPrice } from '../components/SellItemParts';
import { AdminListPage } from '../../shared/components/AdminListPage';
import { FilterSearch } from '../../shared/components/FilterSearch';
import { choiceFilter, textFilter, useListFilters } from '../../shared/hooks/useListFilters';
import { useListPaging } from '../../shared/hooks/useListPaging';
import '../../shared/components/AdminList.css';
import '../components/SellItems.css';

const FILTERS: readonly FilterOption<ItemsFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'listed', label: 'Listed' },
  { value: 'hidden', label: 'Hidden' },
  { value: 'removed', label: 'Removed' },
];

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
      label: false,
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

const SPEC = { status: choiceFilter(FILTERS, 'all'), q: textFilter };

/**
 * Admin › Sell items: every model's items, newest first, by status and by name or model. An item
 * opens in a drawer where it can be hidden from the store with a reason, or restored
 * (docs/product.md#marketplace).
 */
export default function SellItemsPage() {
  const filters = useListFilters(SPEC);
  const { status: filter, q } = filters.values;
  const paging = useListPaging();
  const query = useListAdminItemsQuery({ status: filter, q, ...paging.args }, { refetchOnMountOrArgChange: true });

  return (
    <AdminListPage
      header={
        <PageHeader
          title="Sell items"
          description="Every item models sell, newest first. Hide one that breaks the rules: it leaves the store at once, its buyers keep it, and its model sees your reason. Restoring puts it back."
        />
      }
      filters={
        <div className="admin-toolbar admin-toolbar--filters">
          <FilterTabs label="Show items" options={FILTERS} value={filter} onChange={(next) => filters.set('status', next)} />
          <FilterSearch
            filters={filters}
            name="q"
            label="Search items"
            placeholder="Item name or model username"
            maxLength={ADMIN_ITEMS_QUERY_MAX}
          />
        </div>
      }
      what="sell items"
      query={query}
      paging={paging}
      caption="Sell items"
      columns={itemColumns}
      tableClass="admin-items-table"
      empty={
        q ? (
          <EmptyState
            icon="bag"
            title={`No items match “${q}”`}
            description="Search looks at item names and models' usernames. Check the spelling, try part of the name, or look under All."
            action={
              <Button variant="secondary" onClick={() => filters.clear()}>
                Clear filters
              </Button>
            }
          />
        ) : (
          <EmptyState icon="bag" title={EMPTY[filter].title} description={EMPTY[filter].description} />
        )
      }
      // The open item follows each new answer of the list (another administrator's change shows);
      // between answers it keeps what the last hide or restore answered.
      drawerFollowsList
      drawer={({ row, close, replace }) => <ItemDrawer item={row} onClose={close} onChanged={replace} />}
    />
  );
}
