import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { PostSummary } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { formatDate } from '../../../shared/format';
import {
  Button,
  ButtonLink,
  Card,
  EmptyState,
  Icon,
  ListError,
  PageHeader,
  Pager,
  RelativeTime,
  Table,
  TableSkeleton,
  type TableColumn,
} from '../../../shared/ui';
import {
  POSTS_PAGE_SIZE,
  useDeletePostMutation,
  useListAdminPostsQuery,
  usePublishPostMutation,
  useUnpublishPostMutation,
  type PostsFilter,
} from '../api/adminPostsApi';
import { ConfirmModal } from '../components/ConfirmModal';
import { FilterTabs, type FilterOption } from '../components/FilterTabs';
import { PostStatusBadge } from '../components/PostStatusBadge';
import { useAdminPath } from '../hooks/adminBase';
import { usePageClamp } from '../hooks/usePageClamp';
import { usePageParam, useSearchParam } from '../hooks/useSearchParam';

const FILTERS: readonly FilterOption<PostsFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'draft', label: 'Drafts' },
  { value: 'published', label: 'Published' },
];
const isFilter = (value: string): value is PostsFilter => FILTERS.some((option) => option.value === value);

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

/** Admin › Posts: every post, drafts included, newest first (docs/product.md#posts). */
export default function PostsPage() {
  const postsPath = useAdminPath('posts');
  const [rawStatus, setStatus] = useSearchParam('status', 'all');
  const status = isFilter(rawStatus) ? rawStatus : 'all';
  const [page, setPage] = usePageParam();
  const { data, error, isLoading, isError, isFetching, refetch } = useListAdminPostsQuery({
    status,
    limit: POSTS_PAGE_SIZE,
    skip: (page - 1) * POSTS_PAGE_SIZE,
  });
  usePageClamp(page, POSTS_PAGE_SIZE, data?.count, data?.items.length, setPage);
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

  const writeButton = (
    <ButtonLink to={`${postsPath}/new`} icon={<Icon name="file" size={16} />}>
      Write a post
    </ButtonLink>
  );

  return (
    <>
      <PageHeader
        title="Posts"
        description="News and stories for everyone, at /posts. Drafts stay here until you publish them."
        actions={writeButton}
      />
      <FilterTabs label="Post status" options={FILTERS} value={status} onChange={(next) => setStatus(next, ['page'])} />
      {isLoading ? (
        <TableSkeleton columns={5} label="Loading posts" />
      ) : isError ? (
        <ListError what="the posts" error={error} onRetry={refetch} retrying={isFetching} />
      ) : data && data.items.length === 0 ? (
        <Card>
          {status === 'all' ? (
            <EmptyState
              icon="file"
              title="No posts yet"
              description="Write the first one: it stays a draft until you publish it."
              action={writeButton}
            />
          ) : (
            <EmptyState
              icon="file"
              title={status === 'draft' ? 'No drafts' : 'No published posts'}
              description={
                status === 'draft'
                  ? 'Every post is published. Pick “All” to see them, or write a new one.'
                  : 'Visitors see nothing at /posts yet. Publish a draft, or pick “All” to see every post.'
              }
            />
          )}
        </Card>
      ) : data ? (
        <>
          <div className="admin-sticky-actions">
            <Table
              caption="Posts"
              columns={postColumns({ editPath: (post) => `${postsPath}/${post._id}`, onToggle: toggle, onDelete: setDeleting, busyId })}
              rows={data.items}
              rowKey={(row) => row._id}
            />
          </div>
          <Pager page={page} pageSize={POSTS_PAGE_SIZE} total={data.count} onPage={setPage} busy={isFetching} />
        </>
      ) : null}
      <ConfirmModal
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
        working={removal.isLoading}
        title={`Delete “${deleting?.title ?? ''}”?`}
        description={
          deleting?.status === 'published'
            ? 'The post disappears from the site at once and its address stops working. This cannot be undone.'
            : 'The draft is gone for good. This cannot be undone.'
        }
        confirmLabel="Delete post"
      />
    </>
  );
}
