import { ErrorCode, type createPostSchema, type updatePostSchema } from '@cc/contracts';
import type { z } from 'zod';
import { isUniqueViolation, type Db, type DbOrTx } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { PostPatch, PostRow, PostsRepository, PostWithCover } from './posts.repository';
import { excerptFromHtml, sanitizePostBody, textOfHtml } from './posts.sanitizer';
import { firstFreeSlug, slugFromTitle } from './posts.slug';

type CreateInput = z.output<typeof createPostSchema>;
type UpdateInput = z.output<typeof updatePostSchema>;

const SLUG_KEY = 'posts_slug_key';
/** Derived slugs retry when another post took the same one between our read and our write. */
const SLUG_ATTEMPTS = 4;

const postNotFound = () => notFound('That post does not exist.');
const fieldError = (field: string, message: string) => badRequest(`${field}: ${message}`, { fields: { [field]: message } });
const slugTaken = (slug: string) => {
  const message = `Another post already lives at /posts/${slug}. Choose another slug.`;
  return new AppError(409, ErrorCode.CONFLICT, `slug: ${message}`, { fields: { slug: message } });
};

/** Something a reader would see: text or a picture. */
const hasContent = (html: string) => textOfHtml(html) !== '' || /<img\b/i.test(html);

/**
 * Posts administrators write and publish (docs/product.md#posts). The body is sanitised on every
 * save; the slug is unique and, once set, changes only when an administrator gives a new one, so
 * links already shared keep working.
 */
export function createPostsService({ db, repo }: { db: Db; repo: PostsRepository }) {
  async function requireCover(coverId: string | null | undefined, tx: DbOrTx = db) {
    if (coverId && !(await repo.isCoverImage(coverId, tx))) {
      throw fieldError('coverId', 'That cover is not an uploaded image. Upload it again.');
    }
  }

  function requirePublishable(body: string) {
    if (!hasContent(body)) throw fieldError('body', 'Write something before publishing the post.');
  }

  async function loaded(id: string): Promise<PostWithCover> {
    const post = await repo.findById(id);
    if (!post) throw postNotFound();
    return post;
  }

  /** The summary to store: the administrator's own, or else the start of the body's text. */
  function summaryOf(excerpt: string | undefined, body: string) {
    return excerpt?.trim() ? excerpt.trim() : excerptFromHtml(body);
  }

  return {
    listPublished: (page: { limit: number; skip: number }) => repo.listPublished(page),

    listAll: (filter: Parameters<PostsRepository['listAll']>[0]) => repo.listAll(filter),

    /** Drafts are invisible here, to everyone: the public page of a draft answers 404. */
    async getPublished(key: string): Promise<PostWithCover> {
      const post = await repo.findPublished(key);
      if (!post) throw postNotFound();
      return post;
    },

    getForAdmin: loaded,

    async create(input: CreateInput, authorId: string): Promise<PostWithCover> {
      const body = sanitizePostBody(input.body);
      const status = input.status ?? 'draft';
      if (status === 'published') requirePublishable(body);
      await requireCover(input.coverId);
      const values = {
        title: input.title,
        body,
        excerpt: summaryOf(input.excerpt, body),
        coverFileId: input.coverId ?? null,
        status,
        publishedAt: status === 'published' ? new Date() : null,
        authorId,
      };
      for (let attempt = 1; ; attempt++) {
        let slug = input.slug;
        if (slug) {
          if (await repo.slugTaken(slug)) throw slugTaken(slug);
        } else {
          const base = slugFromTitle(input.title);
          slug = firstFreeSlug(base, await repo.slugsLike(base));
        }
        try {
          return await loaded((await repo.insert({ ...values, slug })).id);
        } catch (error) {
          if (!isUniqueViolation(error, SLUG_KEY)) throw error;
          if (input.slug || attempt >= SLUG_ATTEMPTS) throw slugTaken(slug);
        }
      }
    },

    /** Only the fields sent change; a body without a summary of its own gets a fresh default one. */
    async update(id: string, input: UpdateInput): Promise<PostWithCover> {
      try {
        await db.transaction(async (tx) => {
          const current = await repo.lock(id, tx);
          if (!current) throw postNotFound();
          const patch: PostPatch = {};
          if (input.title !== undefined) patch.title = input.title;
          if (input.slug !== undefined && input.slug !== current.slug) {
            if (await repo.slugTaken(input.slug, id, tx)) throw slugTaken(input.slug);
            patch.slug = input.slug;
          }
          const body = input.body !== undefined ? sanitizePostBody(input.body) : current.body;
          if (input.body !== undefined) patch.body = body;
          if (input.excerpt !== undefined) patch.excerpt = summaryOf(input.excerpt, body);
          else if (input.body !== undefined && isDefaultSummary(current)) patch.excerpt = excerptFromHtml(body);
          if (input.coverId !== undefined) {
            await requireCover(input.coverId, tx);
            patch.coverFileId = input.coverId;
          }
          const status = input.status ?? current.status;
          if (status === 'published') {
            requirePublishable(body);
            patch.status = 'published';
            patch.publishedAt = current.publishedAt ?? new Date();
          } else if (input.status === 'draft') {
            patch.status = 'draft';
          }
          await repo.update(id, patch, tx);
        });
      } catch (error) {
        if (isUniqueViolation(error, SLUG_KEY) && input.slug) throw slugTaken(input.slug);
        throw error;
      }
      return loaded(id);
    },

    /** The first publication sets `publishedAt`; publishing again after an unpublish keeps it. */
    async publish(id: string): Promise<PostWithCover> {
      await db.transaction(async (tx) => {
        const current = await repo.lock(id, tx);
        if (!current) throw postNotFound();
        if (current.status === 'published') return;
        requirePublishable(current.body);
        await repo.update(id, { status: 'published', publishedAt: current.publishedAt ?? new Date() }, tx);
      });
      return loaded(id);
    },

    async unpublish(id: string): Promise<PostWithCover> {
      await db.transaction(async (tx) => {
        const current = await repo.lock(id, tx);
        if (!current) throw postNotFound();
        if (current.status === 'draft') return;
        await repo.update(id, { status: 'draft' }, tx);
      });
      return loaded(id);
    },

    async remove(id: string): Promise<void> {
      if (!(await repo.remove(id))) throw postNotFound();
    },
  };
}
export type PostsService = ReturnType<typeof createPostsService>;

/** Whether the stored summary is the default one (none given, or the body's start): it follows the body. */
const isDefaultSummary = (post: PostRow) => post.excerpt === '' || post.excerpt === excerptFromHtml(post.body);
