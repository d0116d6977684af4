import { useState } from 'react';
import type { Contact } from '@cc/contracts';
import { Button, ButtonLink, Card, EmptyState, ListError, PageHeader, Pager } from '../../../shared/ui';
import { CONTACTS_PAGE_SIZE, useListContactsQuery } from '../api/contactsApi';
import { InviteFriendForm } from '../components/InviteFriendForm';
import { PersonRow, PersonRowsSkeleton } from '../components/PersonRow';
import { RemoveContactModal } from '../components/RemoveContactModal';
import { SearchField } from '../components/SearchField';
import { useSearchPages } from '../hooks/useSearchPages';
import './ContactsPage.css';

const count = new Intl.NumberFormat('en-US');

/** /contacts: the member's favourites, searchable, with Message and Remove, and an invitation form. */
export default function ContactsPage() {
  const { search, setSearch, q, page, setPage } = useSearchPages();
  const [removing, setRemoving] = useState<Contact | null>(null);
  const { data, currentData, error, isLoading, isError, isFetching, refetch } = useListContactsQuery({
    q: q || undefined,
    limit: CONTACTS_PAGE_SIZE,
    skip: (page - 1) * CONTACTS_PAGE_SIZE,
  });

  let body;
  if (isLoading) body = <PersonRowsSkeleton label="Loading your contacts" />;
  else if (isError || !data) body = <ListError what="your contacts" error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  // An empty answer to an earlier search says nothing about this one: wait for its own answer.
  else if (data.items.length === 0 && !currentData) body = <PersonRowsSkeleton label="Searching your contacts" />;
  else if (data.items.length === 0 && page === 1) body = <NoContacts q={q} onClearSearch={() => setSearch('')} />;
  else
    body = (
      <div className="stack">
        <ul className="person-list" aria-label="Contacts" aria-busy={isFetching || undefined}>
          {data.items.map((contact) => (
            <PersonRow key={contact._id} person={contact} onRemove={(person) => setRemoving(person as Contact)} />
          ))}
        </ul>
        <Pager page={page} pageSize={CONTACTS_PAGE_SIZE} total={data.count} onPage={setPage} busy={isFetching} />
      </div>
    );

  const total = data && !q ? data.count : null;
  return (
    <div className="page">
      <PageHeader
        title="Contacts"
        description={total === null ? 'The people you keep close.' : total === 1 ? '1 contact' : `${count.format(total)} contacts`}
        actions={
          <ButtonLink to="/people" variant="secondary">
            Find people
          </ButtonLink>
        }
      />
      <div className="contacts-layout">
        <div className="contacts-layout__main">
          <SearchField label="Search contacts" placeholder="Name or username" value={search} onChange={setSearch} />
          {body}
        </div>
        <aside className="contacts-layout__aside">
          <InviteFriendForm />
        </aside>
      </div>
      {removing ? <RemoveContactModal person={removing} onClose={() => setRemoving(null)} /> : null}
    </div>
  );
}

/** None matching the search (clear it, or search all members), or none yet (where to find people). */
function NoContacts({ q, onClearSearch }: { q: string; onClearSearch: () => void }) {
  return (
    <Card>
      {q ? (
        <EmptyState
          icon="compass"
          title={`No contacts match “${q}”`}
          description="Search all members to find someone new."
          action={
            <div className="cluster">
              <Button variant="secondary" onClick={onClearSearch}>
                Clear search
              </Button>
              <ButtonLink to="/people">Find people</ButtonLink>
            </div>
          }
        />
      ) : (
        <EmptyState
          icon="users"
          title="No contacts yet"
          description="Add the creators and members you talk to most, so they are one click away."
          action={
            <div className="cluster">
              <ButtonLink to="/models">Browse models</ButtonLink>
              <ButtonLink to="/people" variant="secondary">
                Find people
              </ButtonLink>
            </div>
          }
        />
      )}
    </Card>
  );
}
