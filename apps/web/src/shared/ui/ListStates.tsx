import type { ReactNode } from 'react';
import { errorMessage } from '../api/apiError';
import { Alert } from './Alert';
import { Button } from './Button';
import { Card } from './Card';
import { Icon } from './Icon';
import { Skeleton } from './Skeleton';
import './ListStates.css';

/** Rows of grey bars in the table's own frame, so the page does not jump when data arrives. */
export function TableSkeleton({ columns, rows = 5, label }: { columns: number; rows?: number; label: string }) {
  return (
    <div className="ui-table__scroll" role="status" aria-label={label}>
      <table className="ui-table ui-skeleton-table" aria-hidden="true">
        <thead>
          <tr>
            {Array.from({ length: columns }, (_, column) => (
              <th key={column}>
                <Skeleton width={column === 0 ? 120 : 72} height={10} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, row) => (
            <tr key={row}>
              {Array.from({ length: columns }, (_, column) => (
                <td key={column}>
                  <Skeleton width={column === 0 ? '70%' : `${50 + ((row + column) % 3) * 15}%`} height={14} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A failed load: what went wrong in the server's words, and a way to try again. */
export function ListError({
  error,
  onRetry,
  what,
  retrying = false,
}: {
  error: unknown;
  onRetry: () => void;
  what: string;
  retrying?: boolean;
}) {
  return (
    <Alert
      tone="danger"
      title={`Could not load ${what}`}
      action={
        <Button size="sm" variant="secondary" onClick={onRetry} loading={retrying}>
          Retry
        </Button>
      }
    >
      {errorMessage(error)}
    </Alert>
  );
}

const count = new Intl.NumberFormat('en-US');

/** "21–40 of 57" and Previous / Next, under every paged table. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  busy = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  busy?: boolean;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <nav className="ui-pager" aria-label="Pages">
      <p className="ui-pager__summary" aria-live="polite">
        {total === 0 ? 'No results' : `${count.format(first)}–${count.format(last)} of ${count.format(total)}`}
      </p>
      {pages > 1 ? (
        <div className="ui-pager__buttons">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => onPage(page - 1)}
            disabled={page <= 1 || busy}
            icon={<Icon name="chevronRight" size={16} className="ui-flip" />}
          >
            Previous
          </Button>
          <span className="ui-pager__page">
            Page {page} of {pages}
          </span>
          <Button size="sm" variant="secondary" onClick={() => onPage(page + 1)} disabled={page >= pages || busy}>
            Next
            <Icon name="chevronRight" size={16} />
          </Button>
        </div>
      ) : null}
    </nav>
  );
}

/** The parts of an RTK Query result that a list's states need. */
export type ListQuery<T> = {
  data?: T | undefined;
  error?: unknown;
  isLoading: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

type ListViewProps<T extends { items: readonly unknown[] }> = {
  query: ListQuery<T>;
  /** "your payments": used in the loading and error messages. */
  what: string;
  columns: number;
  /** Shown when there is nothing yet — always with what to do next. */
  empty: ReactNode;
  children: (data: T) => ReactNode;
};

/**
 * A list's states from an RTK Query result: skeleton while loading, error with Retry, the empty
 * state, the rows. A failed load resets the list to empty with a total of 0 (docs/product.md#client-rules) instead of
 * leaving rows from an earlier page on screen.
 */
export function ListView<T extends { items: readonly unknown[] }>({ query, what, columns, empty, children }: ListViewProps<T>) {
  if (query.isLoading) return <TableSkeleton columns={columns} label={`Loading ${what}`} />;
  if (query.isError || !query.data)
    return (
      <>
        <ListError what={what} error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
        <Pager page={1} pageSize={1} total={0} onPage={() => undefined} />
      </>
    );
  if (query.data.items.length === 0) return <Card>{empty}</Card>;
  return <>{children(query.data)}</>;
}
