import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import type { Post } from '@cc/contracts';
import { isApiError } from '../../../../shared/api/apiError';
import { applyServerErrors } from '../../../../shared/forms/serverErrors';
import { Alert, ButtonLink, Card, EmptyState, Icon, ListError, PageHeader, Skeleton, TextField } from '../../../../shared/ui';
import { useCreatePostMutation, useGetAdminPostQuery, useUpdatePostMutation, type PostChanges } from '../api/adminPostsApi';
import { ConfirmModal } from '../../shared/components/ConfirmModal';
import { PostCoverField } from '../components/PostCoverField';
import {
  PostBodyField,
  PostEditorActions,
  PostMetaCard,
  PostStatusCard,
  useLeaveGuard,
  usePostForm,
  type PostForm,
  type PostIntent as Intent,
} from '../components/PostEditorParts';
import { POST_FORM_FIELDS, postFormValues, type PostFormValues } from '../components/postForm';
import { useAdminPath } from '../../shared/hooks/adminBase';
import '../components/PostEditor.css';

const DONE: Record<Intent, string> = {
  draft: 'Draft saved.',
  publish: 'Published: visitors can read it now.',
  unpublish: 'Unpublished: visitors no longer see it.',
  keep: 'Changes saved and live.',
};

function BackToPosts() {
  return (
    <Link to={useAdminPath('posts')} className="post-editor__back">
      <Icon name="chevronRight" size={14} className="post-editor__back-icon" />
      All posts
    </Link>
  );
}

/**
 * Saving with a button's intent: a new post is created (and the editor moves to its address), an
 * existing one sends only the fields that changed.
 */
function usePostSave(post: Post | null, form: PostForm, leaving: RefObject<boolean>) {
  const postsPath = useAdminPath('posts');
  const navigate = useNavigate();
  const [saved, setSaved] = useState<Post | null>(post);
  const [coverUrl, setCoverUrl] = useState<string | null>(post?.coverUrl ?? null);
  const [working, setWorking] = useState<Intent | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [create] = useCreatePostMutation();
  const [update] = useUpdatePostMutation();
  const { handleSubmit, reset, setError, getValues, formState } = form;
  const isNew = saved === null;

  const submit = (intent: Intent, event?: FormEvent) =>
    void handleSubmit(async (values) => {
      setFormError(null);
      if (!isNew && !values.slug) {
        setError('slug', { type: 'required', message: 'A saved post keeps an address: give it one.' }, { shouldFocus: true });
        return;
      }
      setWorking(intent);
      const result = isNew
        ? await create({
            title: values.title,
            body: values.body,
            ...(values.slug ? { slug: values.slug } : {}),
            ...(values.excerpt ? { excerpt: values.excerpt } : {}),
            ...(values.coverId ? { coverId: values.coverId } : {}),
            status: intent === 'publish' ? 'published' : 'draft',
          })
        : await update({ id: saved._id, changes: changesOf(values, formState.dirtyFields, intent) });
      setWorking(null);
      if ('error' in result) {
        setFormError(applyServerErrors(result.error, setError, POST_FORM_FIELDS));
        return;
      }
      const post = result.data;
      setSaved(post);
      setCoverUrl(post.coverUrl);
      // The editor keeps its own spelling of the body; what the server stored is the same content.
      reset({ ...postFormValues(post), body: getValues('body') });
      toast.success(DONE[intent]);
      if (isNew) {
        leaving.current = true;
        void navigate(`${postsPath}/${post._id}`, { replace: true });
      }
    })(event);

  return { saved, isNew, coverUrl, setCoverUrl, working, formError, submit };
}

/** The editor for one post (a new one when `post` is null): title, body, cover, address and summary. */
function PostEditor({ post }: { post: Post | null }) {
  const leaving = useRef(false);
  const form = usePostForm(post);
  const { register, setValue, formState } = form;
  const { saved, isNew, coverUrl, setCoverUrl, working, formError, submit } = usePostSave(post, form, leaving);
  const blocker = useLeaveGuard(formState.isDirty, leaving);
  const status = saved?.status ?? 'draft';

  return (
    <>
      <PageHeader
        eyebrow={<BackToPosts />}
        title={isNew ? 'New post' : 'Edit post'}
        description={isNew ? 'It stays a draft, seen only by administrators, until you publish it.' : `/posts/${saved?.slug ?? ''}`}
        actions={
          <div className="post-editor__actions">
            <PostEditorActions status={status} working={working} isNew={isNew} isDirty={formState.isDirty} onSubmit={submit} />
          </div>
        }
      />
      {formError ? <Alert tone="danger">{formError}</Alert> : null}
      <form className="post-editor" onSubmit={(event) => submit(status === 'published' ? 'keep' : 'draft', event)} noValidate>
        <Card className="post-editor__main">
          <TextField
            label="Title"
            autoComplete="off"
            autoFocus={isNew}
            placeholder="What is this post about?"
            inputClassName="post-editor__title-input"
            error={formState.errors.title?.message}
            {...register('title')}
          />
          <PostBodyField form={form} initialHtml={post?.body ?? ''} />
        </Card>
        <aside className="post-editor__side">
          <PostStatusCard saved={saved} status={status} />
          <Card title="Cover image">
            <PostCoverField
              url={coverUrl}
              onChange={(cover) => {
                setCoverUrl(cover?.url ?? null);
                setValue('coverId', cover?._id ?? null, { shouldDirty: true });
              }}
            />
          </Card>
          <PostMetaCard form={form} isNew={isNew} />
        </aside>
      </form>
      <ConfirmModal
        open={blocker.state === 'blocked'}
        onCancel={() => blocker.reset?.()}
        onConfirm={() => blocker.proceed?.()}
        working={false}
        title="Leave without saving?"
        description="Your changes to this post are not saved yet. Leaving now discards them."
        confirmLabel="Discard changes"
      />
    </>
  );
}

/** The fields of an existing post that changed, plus the status the button asks for. */
function changesOf(values: PostFormValues, dirty: Partial<Record<keyof PostFormValues, unknown>>, intent: Intent): PostChanges {
  const changes: PostChanges = {};
  if (dirty.title) changes.title = values.title;
  if (dirty.slug) changes.slug = values.slug;
  if (dirty.excerpt) changes.excerpt = values.excerpt;
  if (dirty.body) changes.body = values.body;
  if (dirty.coverId) changes.coverId = values.coverId;
  if (intent === 'publish') changes.status = 'published';
  if (intent === 'unpublish') changes.status = 'draft';
  return changes;
}

function EditorSkeleton() {
  return (
    <div className="stack" role="status" aria-label="Loading the post">
      <Skeleton width={120} height={14} />
      <Skeleton width="40%" height={32} />
      <div className="post-editor">
        <Skeleton height={480} radius="var(--radius-lg)" />
        <Skeleton height={320} radius="var(--radius-lg)" />
      </div>
    </div>
  );
}

function ExistingPost({ id }: { id: string }) {
  const { data, error, isLoading, isError, isFetching, refetch } = useGetAdminPostQuery(id);
  const postsPath = useAdminPath('posts');
  if (isLoading) return <EditorSkeleton />;
  if (isError || !data) {
    if (isApiError(error) && (error.status === 404 || error.status === 422)) {
      return (
        <EmptyState
          icon="compass"
          title="No such post"
          description="It may have been deleted by another administrator. Pick one from the list."
          action={<ButtonLink to={postsPath}>All posts</ButtonLink>}
        />
      );
    }
    return <ListError what="the post" error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  }
  // Keyed by id: the form starts from this post, and refetches after a save do not reset typing.
  return <PostEditor key={data._id} post={data} />;
}

/** Admin › Posts › New post, or › Edit post (docs/product.md#posts). */
export default function PostEditorPage() {
  const { id } = useParams();
  return id ? <ExistingPost id={id} /> : <PostEditor key="new" post={null} />;
}
