import type { ReactNode } from 'react';
import { Card, ListError, Pager, Table, TableSkeleton, type TableColumn } from '../../../../shared/ui';
import { useListDrawer, type ListDrawer } from '../hooks/useListDrawer';
import type { ListPaging } from '../hooks/useListPaging';
import { usePageClamp } from '../hooks/usePageClamp';
import './AdminList.css';

type ListQuery<Row> = {
  data?: { items: readonly Row[]; count: number } | undefined;
  error?: unknown;
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

type AdminListPageProps<Row extends { _id: string }> = {
  /** The page's heading (PageHeader). */
  header: ReactNode;
  /** The filter bar or tabs above the list. */
  filters?: ReactNode;
  /** Between the filters and the list: a notice, totals. */
  notice?: ReactNode;
  /** "members": the error says "Could not load members". */
  what: string;
  /** The skeleton's name while loading; "Loading <what>" unless given. */
  loadingLabel?: string;
  query: ListQuery<Row>;
  paging: ListPaging;
  caption: string;
  /** The columns; a function of `open` when a cell opens the row's drawer. */
  columns: readonly TableColumn<Row>[] | ((open: (row: Row) => void) => readonly TableColumn<Row>[]);
  /** The table's own stylesheet hooks (its wrapper's class). */
  tableClass?: string;
  cardsBelow?: 'sm' | 'md';
  /** Shown in a card when the list is empty: always with what to do next. */
  empty: ReactNode;
  /** The drawer of the open row (closed while `row` is null). */
  drawer?: (drawer: ListDrawer<Row>) => ReactNode;
  /** The open row follows each new answer of the list (see useListDrawer). */
  drawerFollowsList?: boolean;
  /** Modals and the like, after the list. */
  children?: ReactNode;
};

/**
 * The frame of every admin list: heading, filters, then the skeleton, the error with Retry, the
 * empty state or the table (cards on a phone) with its pager, and the drawer. A later page whose
 * rows went away steps back to the last page with rows.
 */
export function AdminListPage<Row extends { _id: string }>(props: AdminListPageProps<Row>) {
  const { query, paging } = props;
  const { data } = query;
  usePageClamp(paging.page, paging.pageSize, data?.count, data?.items.length, paging.setPage);
  const drawer = useListDrawer(data?.items, props.drawerFollowsList ?? false);
  const columns = typeof props.columns === 'function' ? props.columns(drawer.open) : props.columns;
  return (
    <>
      {props.header}
      {props.filters}
      {props.notice}
      {query.isLoading ? (
        <TableSkeleton columns={columns.length} label={props.loadingLabel ?? `Loading ${props.what}`} />
      ) : query.isError ? (
        <ListError what={props.what} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : data && data.items.length === 0 ? (
        <Card>{props.empty}</Card>
      ) : data ? (
        <>
          <div className={props.tableClass}>
            <Table
              caption={props.caption}
              columns={columns}
              rows={data.items}
              rowKey={(row) => row._id}
              cardsBelow={props.cardsBelow ?? 'md'}
            />
          </div>
          <Pager page={paging.page} pageSize={paging.pageSize} total={data.count} onPage={paging.setPage} busy={query.isFetching} />
        </>
      ) : null}
      {props.drawer?.(drawer)}
      {props.children}
    </>
  );
}
