import { useState } from 'react';
import { ADMIN_CONTACT_QUERY_MAX, type ContactMessageRow } from '@cc/contracts';
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
import { useListContactMessagesQuery, type ContactFilter } from '../api/adminContactApi';
import { ClampedText } from '../components/ClampedText';
import { ContactMessageDrawer } from '../components/ContactMessageDrawer';
import { ContactStatusBadge } from '../components/ContactStatusBadge';
import { EmailAddress } from '../components/EmailAddress';
import { FilterTabs, type FilterOption } from '../components/FilterTabs';
import { SearchField } from '../components/SearchField';
import { usePageClamp } from '../hooks/usePageClamp';
import { usePageParam, useSearchParam } from '../hooks/useSearchParam';
import '../components/AdminList.css';
import '../components/ContactMessages.css';

const FILTERS: readonly FilterOption<ContactFilter>[] = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
];
const isFilter = (value: string): value is ContactFilter => FILTERS.some((option) => option.value === value);

const EMPTY: Record<ContactFilter, { title: string; description: string }> = {
  open: { title: 'No open messages', description: 'Nothing waits for an answer. New messages from the contact form appear here.' },
  handled: { title: 'No handled messages', description: 'Messages you mark handled are kept here.' },
  all: {
    title: 'No messages yet',
    description: 'When someone sends the contact form, their message appears here, even if its e-mail did not go out.',
  },
};

function columns(onOpen: (message: ContactMessageRow) => void): TableColumn<ContactMessageRow>[] {
  return [
    {
      key: 'from',
      header: 'From',
      wrap: true,
      cell: (row) => (
        <div className="admin-contact-from">
          <button type="button" className="admin-link-button admin-contact-wrap" onClick={() => onOpen(row)}>
            {row.name}
          </button>
          <span className="admin-person__sub">
            <EmailAddress address={row.email} />
          </span>
          {row.sender ? <span className="admin-person__sub">@{row.sender.username}</span> : null}
        </div>
      ),
    },
    {
      key: 'message',
      header: 'Message',
      wrap: true,
      cell: (row) => <ClampedText text={row.message} what="message" className="admin-contact-preview" />,
    },
    { key: 'status', header: 'Status', cell: (row) => <ContactStatusBadge status={row.status} /> },
    { key: 'received', header: 'Received', cell: (row) => <RelativeTime iso={row.createdAt} /> },
  ];
}

/**
 * Admin › Messages: what people sent through the contact form, newest first, open ones by default.
 * A message opens in a drawer to read in full, answer by e-mail and mark handled (docs/product.md#contact).
 */
export default function ContactMessagesPage() {
  const [rawFilter, setFilter] = useSearchParam('status', 'open');
  const filter: ContactFilter = isFilter(rawFilter) ? rawFilter : 'open';
  const [q, setQ] = useSearchParam('q');
  const [page, setPage] = usePageParam();
  const [clears, setClears] = useState(0);
  const [opened, setOpened] = useState<ContactMessageRow | null>(null);
  const { data, error, isLoading, isFetching, isError, refetch } = useListContactMessagesQuery(
    { status: filter, q, limit: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  usePageClamp(page, PAGE_SIZE, data?.count, data?.items.length, setPage);

  // The open message follows each new answer of the list while it is in it; once handled it may
  // leave the Open list, and the drawer keeps what the change answered.
  const [seen, setSeen] = useState(data);
  if (data !== seen) {
    setSeen(data);
    const row = opened ? data?.items.find((message) => message._id === opened._id) : undefined;
    if (row) setOpened(row);
  }

  const onSearch = (next: string) => {
    if (next !== q) setQ(next, ['page']);
  };
  const clearSearch = () => {
    setQ('', ['page']);
    setClears((n) => n + 1);
  };

  return (
    <>
      <PageHeader
        title="Messages"
        description="What people sent through the contact form, newest first. Answer by e-mail, then mark the message handled so it leaves the open list."
      />
      <div className="admin-toolbar admin-toolbar--filters">
        <FilterTabs label="Show messages" options={FILTERS} value={filter} onChange={(next) => setFilter(next, ['page'])} />
        <SearchField
          clears={clears}
          label="Search messages"
          placeholder="Name, e-mail or words in the message"
          initial={q}
          maxLength={ADMIN_CONTACT_QUERY_MAX}
          onSearch={onSearch}
        />
      </div>
      {isLoading ? (
        <TableSkeleton columns={4} label="Loading messages" />
      ) : isError ? (
        <ListError what="messages" error={error} onRetry={refetch} retrying={isFetching} />
      ) : data && data.items.length === 0 ? (
        <Card>
          {q ? (
            <EmptyState
              icon="chat"
              title={`No messages match “${q}”`}
              description="Search looks at the sender's name and e-mail and at the message text. Check the spelling, or look under All."
              action={
                <Button variant="secondary" onClick={clearSearch}>
                  Clear search
                </Button>
              }
            />
          ) : (
            <EmptyState icon="chat" title={EMPTY[filter].title} description={EMPTY[filter].description} />
          )}
        </Card>
      ) : data ? (
        <>
          <div className="admin-card-table admin-contact-table">
            <Table caption="Contact messages" columns={columns(setOpened)} rows={data.items} rowKey={(row) => row._id} />
          </div>
          <Pager page={page} pageSize={PAGE_SIZE} total={data.count} onPage={setPage} busy={isFetching} />
        </>
      ) : null}
      <ContactMessageDrawer message={opened} onClose={() => setOpened(null)} onChanged={setOpened} />
    </>
  );
}
