import { useEffect, useId, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useBlocker } from 'react-router';
import { POST_EXCERPT_MAX, type Post } from '@cc/contracts';
import { formatDate } from '../../../../shared/format';
import { Button, ButtonLink, Card, Icon, RelativeTime, TextAreaField, TextField } from '../../../../shared/ui';
import { PostRichText } from './PostRichText';
import { PostStatusBadge } from './PostStatusBadge';
import { emptyPostForm, postFormSchema, postFormValues } from './postForm';

/** What a button asks for: save as a draft, publish, take back to draft, or save a published post as it is. */
export type PostIntent = 'draft' | 'publish' | 'unpublish' | 'keep';

/** The post's form, starting from the post (or empty for a new one). */
export function usePostForm(post: Post | null) {
  return useForm({ resolver: zodResolver(postFormSchema), mode: 'onTouched', defaultValues: post ? postFormValues(post) : emptyPostForm });
}

export type PostForm = ReturnType<typeof usePostForm>;

/** Leaving with unsaved changes asks first: inside the app (the router) and when closing the tab. */
export function useLeaveGuard(isDirty: boolean, leaving: RefObject<boolean>) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => isDirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!isDirty) return undefined;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);
  return blocker;
}

type ActionsProps = {
  status: Post['status'];
  working: PostIntent | null;
  isNew: boolean;
  isDirty: boolean;
  onSubmit: (intent: PostIntent) => void;
};

/** The header's buttons: a published post saves or unpublishes, a draft saves or publishes. */
export function PostEditorActions({ status, working, isNew, isDirty, onSubmit }: ActionsProps) {
  const busy = working !== null;
  if (status === 'published')
    return (
      <>
        <Button variant="ghost" onClick={() => onSubmit('unpublish')} loading={working === 'unpublish'} disabled={busy}>
          Unpublish
        </Button>
        <Button onClick={() => onSubmit('keep')} loading={working === 'keep'} disabled={busy || !isDirty}>
          Save changes
        </Button>
      </>
    );
  return (
    <>
      <Button variant="secondary" onClick={() => onSubmit('draft')} loading={working === 'draft'} disabled={busy || (!isNew && !isDirty)}>
        Save draft
      </Button>
      <Button onClick={() => onSubmit('publish')} loading={working === 'publish'} disabled={busy}>
        Publish
      </Button>
    </>
  );
}

/** The body: the rich-text editor, its label, and its error. */
export function PostBodyField({ form, initialHtml }: { form: PostForm; initialHtml: string }) {
  const bodyLabelId = useId();
  const {
    setValue,
    resetField,
    formState: { errors, isDirty },
  } = form;
  return (
    <div className="ui-field">
      <div className="ui-field__label-row">
        <span id={bodyLabelId} className="ui-field__label">
          Body
        </span>
        {isDirty ? <span className="post-editor__unsaved">Unsaved changes</span> : null}
      </div>
      <PostRichText
        initialHtml={initialHtml}
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
  );
}

/** Status, publication day and last save, with a link to the live post. */
export function PostStatusCard({ saved, status }: { saved: Post | null; status: Post['status'] }) {
  return (
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
  );
}

/** The slug and the summary, with the summary's count. */
export function PostMetaCard({ form, isNew }: { form: PostForm; isNew: boolean }) {
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const excerptLength = (useWatch({ control, name: 'excerpt' }) ?? '').trim().length;
  return (
    <Card title="Address and summary" className="post-editor__meta">
      <TextField
        label="Slug"
        autoComplete="off"
        spellCheck={false}
        placeholder={isNew ? 'made-from-the-title' : undefined}
        hint={isNew ? 'The post lives at /posts/{slug}. Leave empty to make it from the title.' : 'Changing it breaks links shared before.'}
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
  );
}
