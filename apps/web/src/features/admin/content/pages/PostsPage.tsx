import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { PostSummary } from '@cc/contracts';
import { errorMessage } from '../../../../shared/api/apiError';
import { formatDate } from '../../../../shared/format';
import { Button, ButtonLink, EmptyState, Icon, PageHeader, RelativeTime, type TableColumn } from '../../../../shared/ui';
import {
  POSTS_PAGE_SIZE,
  useDeletePostMutation,
  useListAdminPostsQuery,
  usePublishPostMutation,
  useUnpublishPostMutation,
  type PostsFilter,
} from '../api/adminPostsApi';
import { ConfirmModal } from '../../shared/components/ConfirmModal';
import { FilterTabs, type FilterOption } from '../../shared/components/FilterTabs';
import { PostStatusBadge } from '../components/PostStatusBadge';
import { useAdminPath } from '../../shared/hooks/adminBase';
import { AdminListPage } from '../../shared/components/AdminListPage';
import { choiceFilter, useListFilters } from '../../shared/hooks/useListFilters';
import { useListPaging } from '../../shared/hooks/useListPaging';

const FILTERS: readonly FilterOption<PostsFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Drafts' },
  { value: 'published', label: 'Published' },
];

type RowActions = {
  editPath: (post: PostSummary) => string;
  onToggle: (post: PostSummary) => void;
  onDelete: (post: PostSummary) => void;
  busyId: string | null;
};

function postColumns({ editPath, onToggle, onDelete, busyId }: RowActions): TableColumn<PostSummary>[] {
  return [
    {
      key: 'title',
      header: 'Title',
      wrap: true,
      label: false,
      cell: (row) => (
        <div className="admin-person__text">
          <Link to={editPath(row)} className="admin-person__name">
            {row.title}
          </Link>
          <span className="admin-person__sub">/posts/{row.slug}</span>
        </div>
      ),
    },
    { key: 'status', header: 'Status', cell: (row) => <PostStatusBadge status={row.status} /> },
    {
      key: 'published',
      header: 'Published',
      cell: (row) =>
        row.publishedAt ? <time dateTime={row.publishedAt}>{formatDate(row.publishedAt)}</time> : <span className="muted">Not yet</span>,
    },
    { key: 'updated', header: 'Last edited', cell: (row) => <RelativeTime iso={row.updatedAt} /> },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      cell: (row) => (
        <div className="admin-row-actions">
          <ButtonLink size="sm" variant="secondary" to={editPath(row)} aria-label={`Edit “${row.title}”`}>
            Edit
          </ButtonLink>
          <Button
            size="sm"
            variant="ghost"
            loading={busyId === row._id}
            onClick={() => onToggle(row)}
            aria-label={`${row.status === 'published' ? 'Unpublish' : 'Publish'} “${row.title}”`}
          >
            {row.status === 'published' ? 'Unpublish' : 'Publish'}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onDelete(row)} aria-label={`Delete “${row.title}”`}>
            Delete
          </Button>
        </div>
      ),
    },
  ];
}

const SPEC = { status: choiceFilter(FILTERS, 'all') };

/** Publishing, unpublishing and deleting from the list, each with its toast. */
function usePostActions() {
  const [publish] = usePublishPostMutation();
  const [unpublish] = useUnpublishPostMutation();
  const [remove, removal] = useDeletePostMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PostSummary | null>(null);

  const toggle = async (post: PostSummary) => {
    setBusyId(post._id);
    const result = post.status === 'published' ? await unpublish(post._id) : await publish(post._id);
    setBusyId(null);
    if ('error' in result) toast.error(`“${post.title}”: ${errorMessage(result.error)}`);
    else if (result.data.status === 'published') toast.success(`“${post.title}” is published.`);
    else toast.success(`“${post.title}” is back to draft: visitors no longer see it.`);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    const result = await remove(deleting._id);
    if ('error' in result) toast.error(`Could not delete “${deleting.title}”: ${errorMessage(result.error)}`);
    else toast.success(`“${deleting.title}” was deleted.`);
    setDeleting(null);
  };

  return { busyId, toggle, deleting, setDeleting, confirmDelete, removing: removal.isLoading };
}

function emptyPosts(status: PostsFilter, writeButton: ReactNode) {
  if (status === 'all')
    return (
      <EmptyState
        icon="file"
        title="No posts yet"
        description="Write the first one: it stays a draft until you publish it."
        action={writeButton}
      />
    );
  return (
    <EmptyState
      icon="file"
      title={status === 'draft' ? 'No drafts' : 'No published posts'}
      description={
        status === 'draft'
          ? 'Every post is published. Pick “All” to see them, or write a new one.'
          : 'Visitors see nothing at /posts yet. Publish a draft, or pick “All” to see every post.'
      }
    />
  );
}

/** Admin › Posts: every post, drafts included, newest first (docs/product.md#posts). */
export default function PostsPage() {
  const postsPath = useAdminPath('posts');
  const filters = useListFilters(SPEC);
  const { status } = filters.values;
  const paging = useListPaging(POSTS_PAGE_SIZE);
  const query = useListAdminPostsQuery({ status, ...paging.args });
  const actions = usePostActions();
  const { deleting } = actions;

  const writeButton = (
    <ButtonLink to={`${postsPath}/new`} icon={<Icon name="file" size={16} />}>
      Write a post
    </ButtonLink>
  );

  return (
    <AdminListPage
      header={
        <PageHeader
          title="Posts"
          description="News and stories for everyone, at /posts. Drafts stay here until you publish them."
          actions={writeButton}
        />
      }
      filters={<FilterTabs label="Post status" options={FILTERS} value={status} onChange={(next) => filters.set('status', next)} />}
      what="the posts"
      loadingLabel="Loading posts"
      query={query}
      paging={paging}
      caption="Posts"
      columns={postColumns({
        editPath: (post) => `${postsPath}/${post._id}`,
        onToggle: (post) => void actions.toggle(post),
        onDelete: actions.setDeleting,
        busyId: actions.busyId,
      })}
      empty={emptyPosts(status, writeButton)}
    >
      <ConfirmModal
        open={deleting !== null}
        onCancel={() => actions.setDeleting(null)}
        onConfirm={actions.confirmDelete}
        working={actions.removing}
        title={`Delete “${deleting?.title ?? ''}”?`}
        description={
          deleting?.status === 'published'
            ? 'The post disappears from the site at once and its address stops working. This cannot be undone.'
            : 'The draft is gone for good. This cannot be undone.'
        }
        confirmLabel="Delete post"
      />
    </AdminListPage>
  );
}
