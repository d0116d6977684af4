import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useBlocker, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { POST_EXCERPT_MAX, type Post } from '@cc/contracts';
import { isApiError } from '../../../shared/api/apiError';
import { formatDate } from '../../../shared/format';
import { applyServerErrors } from '../../../shared/forms/serverErrors';
import {
  Alert,
  Button,
  ButtonLink,
  Card,
  EmptyState,
  Icon,
  ListError,
  PageHeader,
  RelativeTime,
  Skeleton,
  TextAreaField,
  TextField,
} from '../../../shared/ui';
import { useCreatePostMutation, useGetAdminPostQuery, useUpdatePostMutation, type PostChanges } from '../api/adminPostsApi';
import { ConfirmModal } from '../components/ConfirmModal';
import { PostCoverField } from '../components/PostCoverField';
import { PostRichText } from '../components/PostRichText';
import { PostStatusBadge } from '../components/PostStatusBadge';
import { emptyPostForm, POST_FORM_FIELDS, postFormSchema, postFormValues, type PostFormValues } from '../components/postForm';
import { useAdminPath } from '../hooks/adminBase';
import '../components/PostEditor.css';

/** What a button asks for: save as a draft, publish, take back to draft, or save a published post as it is. */
type Intent = 'draft' | 'publish' | 'unpublish' | 'keep';

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

/** The editor for one post (a new one when `post` is null): title, body, cover, address and summary. */
function PostEditor({ post }: { post: Post | null }) {
  const postsPath = useAdminPath('posts');
  const navigate = useNavigate();
  const bodyLabelId = useId();
  const [saved, setSaved] = useState<Post | null>(post);
  const [coverUrl, setCoverUrl] = useState<string | null>(post?.coverUrl ?? null);
  const [working, setWorking] = useState<Intent | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const leaving = useRef(false);
  const [create] = useCreatePostMutation();
  const [update] = useUpdatePostMutation();
  const {
    register,
    handleSubmit,
    setValue,
    resetField,
    reset,
    setError,
    control,
    getValues,
    formState: { errors, isDirty, dirtyFields },
  } = useForm({ resolver: zodResolver(postFormSchema), mode: 'onTouched', defaultValues: post ? postFormValues(post) : emptyPostForm });

  // Leaving with unsaved changes asks first: inside the app (the router) and when closing the tab.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const status = saved?.status ?? 'draft';
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
        : await update({ id: saved._id, changes: changesOf(values, dirtyFields, intent) });
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

  const excerptLength = (useWatch({ control, name: 'excerpt' }) ?? '').trim().length;
  const busy = working !== null;
  const actions =
    status === 'published' ? (
      <>
        <Button variant="ghost" onClick={() => submit('unpublish')} loading={working === 'unpublish'} disabled={busy}>
          Unpublish
        </Button>
        <Button onClick={() => submit('keep')} loading={working === 'keep'} disabled={busy || !isDirty}>
          Save changes
        </Button>
      </>
    ) : (
      <>
        <Button variant="secondary" onClick={() => submit('draft')} loading={working === 'draft'} disabled={busy || (!isNew && !isDirty)}>
          Save draft
        </Button>
        <Button onClick={() => submit('publish')} loading={working === 'publish'} disabled={busy}>
          Publish
        </Button>
      </>
    );

  return (
    <>
      <PageHeader
        eyebrow={<BackToPosts />}
        title={isNew ? 'New post' : 'Edit post'}
        description={isNew ? 'It stays a draft, seen only by administrators, until you publish it.' : `/posts/${saved.slug}`}
        actions={<div className="post-editor__actions">{actions}</div>}
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
            error={errors.title?.message}
            {...register('title')}
          />
          <div className="ui-field">
            <div className="ui-field__label-row">
              <span id={bodyLabelId} className="ui-field__label">
                Body
              </span>
              {isDirty ? <span className="post-editor__unsaved">Unsaved changes</span> : null}
            </div>
            <PostRichText
              initialHtml={post?.body ?? ''}
              labelId={bodyLabelId}
              invalid={Boolean(errors.body)}
              describedBy={errors.body ? `${bodyLabelId}-error` : undefined}
              onReady={(html) => resetField('body', { defaultValue: html })}
              onChange={(html) => setValue('body', html, { shouldDirty: true, shouldValidate: Boolean(errors.body) })}
            />
            {errors.body ? (
              <p id={`${bodyLabelId}-error`} className="ui-field__error" role="alert">
                <Icon name="alert" size={14} />
                {errors.body.message}
              </p>
            ) : null}
          </div>
        </Card>
        <aside className="post-editor__side">
          <Card title="Status">
            <dl className="post-editor__facts">
              <div>
                <dt>Status</dt>
                <dd>
                  <PostStatusBadge status={status} />
                </dd>
              </div>
              <div>
                <dt>Published</dt>
                <dd>{saved?.publishedAt ? formatDate(saved.publishedAt) : <span className="muted">Not yet</span>}</dd>
              </div>
              {saved ? (
                <div>
                  <dt>Last saved</dt>
                  <dd>
                    <RelativeTime iso={saved.updatedAt} />
                  </dd>
                </div>
              ) : null}
            </dl>
            {saved && status === 'published' ? (
              <ButtonLink to={`/posts/${saved.slug}`} target="_blank" rel="noopener" variant="secondary" size="sm" block>
                View on the site
              </ButtonLink>
            ) : null}
          </Card>
          <Card title="Cover image">
            <PostCoverField
              url={coverUrl}
              onChange={(cover) => {
                setCoverUrl(cover?.url ?? null);
                setValue('coverId', cover?._id ?? null, { shouldDirty: true });
              }}
            />
          </Card>
          <Card title="Address and summary" className="post-editor__meta">
            <TextField
              label="Slug"
              autoComplete="off"
              spellCheck={false}
              placeholder={isNew ? 'made-from-the-title' : undefined}
              hint={
                isNew
                  ? 'The post lives at /posts/{slug}. Leave empty to make it from the title.'
                  : 'Changing it breaks links shared before.'
              }
              error={errors.slug?.message}
              {...register('slug')}
            />
            <TextAreaField
              label="Summary"
              rows={4}
              labelAside={
                <span className={excerptLength > POST_EXCERPT_MAX ? 'post-editor__count is-over' : 'post-editor__count'}>
                  {excerptLength}/{POST_EXCERPT_MAX}
                </span>
              }
              hint="Shown on the list of posts. Leave empty to use the start of the post."
              error={errors.excerpt?.message}
              {...register('excerpt')}
            />
          </Card>
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
