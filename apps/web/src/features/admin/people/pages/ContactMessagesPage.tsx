import { ADMIN_CONTACT_QUERY_MAX, type ContactMessageRow } from '@cc/contracts';
import { Button, EmptyState, PageHeader, RelativeTime, type TableColumn } from '../../../../shared/ui';
import { useListContactMessagesQuery, type ContactFilter } from '../api/adminContactApi';
import { ClampedText } from '../../shared/components/ClampedText';
import { ContactMessageDrawer } from '../components/ContactMessageDrawer';
import { ContactStatusBadge } from '../components/ContactStatusBadge';
import { EmailAddress } from '../../shared/components/EmailAddress';
import { FilterTabs, type FilterOption } from '../../shared/components/FilterTabs';
import { AdminListPage } from '../../shared/components/AdminListPage';
import { FilterSearch } from '../../shared/components/FilterSearch';
import { choiceFilter, textFilter, useListFilters } from '../../shared/hooks/useListFilters';
import { useListPaging } from '../../shared/hooks/useListPaging';
import '../../shared/components/AdminList.css';
import '../components/ContactMessages.css';

const FILTERS: readonly FilterOption<ContactFilter>[] = [
  { value: 'open', label: 'Open' },
  { value: 'handled', label: 'Handled' },
  { value: 'all', label: 'All' },
];

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
      label: false,
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

const SPEC = { status: choiceFilter(FILTERS, 'open'), q: textFilter };

/**
 * Admin › Messages: what people sent through the contact form, newest first, open ones by default.
 * A message opens in a drawer to read in full, answer by e-mail and mark handled (docs/product.md#contact).
 */
export default function ContactMessagesPage() {
  const filters = useListFilters(SPEC);
  const { status: filter, q } = filters.values;
  const paging = useListPaging();
  const query = useListContactMessagesQuery({ status: filter, q, ...paging.args }, { refetchOnMountOrArgChange: true });

  return (
    <AdminListPage
      header={
        <PageHeader
          title="Messages"
          description="What people sent through the contact form, newest first. Answer by e-mail, then mark the message handled so it leaves the open list."
        />
      }
      filters={
        <div className="admin-toolbar admin-toolbar--filters">
          <FilterTabs label="Show messages" options={FILTERS} value={filter} onChange={(next) => filters.set('status', next)} />
          <FilterSearch
            filters={filters}
            name="q"
            label="Search messages"
            placeholder="Name, e-mail or words in the message"
            maxLength={ADMIN_CONTACT_QUERY_MAX}
          />
        </div>
      }
      what="messages"
      query={query}
      paging={paging}
      caption="Contact messages"
      columns={columns}
      tableClass="admin-contact-table"
      empty={
        q ? (
          <EmptyState
            icon="chat"
            title={`No messages match “${q}”`}
            description="Search looks at the sender's name and e-mail and at the message text. Check the spelling, or look under All."
            action={
              // Only the search: the status tab stays as it is.
              <Button variant="secondary" onClick={() => filters.clear(['q'])}>
                Clear search
              </Button>
            }
          />
        ) : (
          <EmptyState icon="chat" title={EMPTY[filter].title} description={EMPTY[filter].description} />
        )
      }
      // The open message follows the list while it is in it; once handled it may leave the Open
      // list, and the drawer keeps what the change answered.
      drawerFollowsList
      drawer={({ row, close, replace }) => <ContactMessageDrawer message={row} onClose={close} onChanged={replace} />}
    />
  );
}
