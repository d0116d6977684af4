import { Button, ButtonLink, Card, EmptyState, ListError, PageHeader, Pager } from '../../../shared/ui';
import { PEOPLE_PAGE_SIZE, useSearchMembersQuery } from '../api/contactsApi';
import { PersonRow, PersonRowsSkeleton } from '../components/PersonRow';
import { SearchField } from '../components/SearchField';
import { useSearchPages } from '../hooks/useSearchPages';

/** /people: find any member by name or username, add them to contacts or message them. */
export default function PeopleSearchPage() {
  const { search, setSearch, q, page, setPage } = useSearchPages();
  const { data, currentData, error, isLoading, isError, isFetching, refetch } = useSearchMembersQuery({
    q: q || undefined,
    limit: PEOPLE_PAGE_SIZE,
    skip: (page - 1) * PEOPLE_PAGE_SIZE,
  });

  let body;
  if (isLoading) body = <PersonRowsSkeleton label="Loading members" />;
  else if (isError || !data) body = <ListError what="members" error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  // An empty answer to an earlier search says nothing about this one: wait for its own answer.
  else if (data.items.length === 0 && !currentData) body = <PersonRowsSkeleton label="Searching members" />;
  else if (data.items.length === 0)
    body = (
      <Card>
        {q ? (
          <EmptyState
            icon="compass"
            title={`Nobody matches “${q}”`}
            description="Try part of a name or a username, or browse the models."
            action={
              <div className="cluster">
                <Button variant="secondary" onClick={() => setSearch('')}>
                  Clear search
                </Button>
                <ButtonLink to="/models">Browse models</ButtonLink>
              </div>
            }
          />
        ) : (
          <EmptyState
            icon="user"
            title="No members yet"
            description="Invite a friend from your contacts page."
            action={<ButtonLink to="/contacts">Go to contacts</ButtonLink>}
          />
        )}
      </Card>
    );
  else
    body = (
      <div className="stack">
        <ul className="person-list" aria-label="Members" aria-busy={isFetching || undefined}>
          {data.items.map((person) => (
            <PersonRow key={person._id} person={person} />
          ))}
        </ul>
        <Pager page={page} pageSize={PEOPLE_PAGE_SIZE} total={data.count} onPage={setPage} busy={isFetching} />
      </div>
    );

  return (
    <div className="page">
      <PageHeader
        title="Find people"
        description="Search members by name or username. Add them to your contacts or start a conversation."
      />
      <SearchField label="Search members" placeholder="Name or username" value={search} onChange={setSearch} />
      {body}
    </div>
  );
}
