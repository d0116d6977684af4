import { createHash } from 'node:crypto';
import { ErrorCode, type createPostSchema, type updatePostSchema } from '@cc/contracts';
import type { z } from 'zod';
import { changedFields, type AdminActor, type AuditLog } from '../../platform/audit';
import { isUniqueViolation, type Db, type DbOrTx } from '../../platform/db';
import { AppError, badRequest, notFound } from '../../platform/errors';
import type { Storage } from '../../platform/storage';
import type { FileRow } from '../../platform/uploads';
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

/**
 * A post as its audit rows show it. The body (up to hundreds of thousands of characters) is kept as
 * its length and a short digest, so an edit that keeps the length still shows as a change.
 */
const audited = (post: PostRow) => ({
  title: post.title,
  slug: post.slug,
  status: post.status,
  excerpt: post.excerpt,
  coverFileId: post.coverFileId,
  publishedAt: post.publishedAt,
  authorId: post.authorId,
  bodyLength: post.body.length,
  bodyDigest: createHash('sha256').update(post.body).digest('hex').slice(0, 16),
});
const postTarget = (id: string) => ({ type: 'post', id });

/**
 * The editor saves and publishes in one PUT (docs/product.md#posts); the audit row names what the
 * administrator did, so a publication reads as one wherever it came from, with the edits beside it.
 */
const updateAction = (before: PostRow['status'], after: PostRow['status']) =>
  before === after ? 'post.update' : after === 'published' ? 'post.publish' : 'post.unpublish';

/** Something a reader would see: text or a picture. */
const hasContent = (html: string) => textOfHtml(html) !== '' || /<img\b/i.test(html);

/**
 * Posts administrators write and publish (docs/product.md#posts). The body is sanitised on every
 * save; the slug is unique and, once set, changes only when an administrator gives a new one, so
 * links already shared keep working.
 */
export function createPostsService(deps: PostsDeps) {
  const { repo } = deps;
  const helpers = postHelpers(deps);
  return {
    listPublished: (page: { limit: number; skip: number }) => repo.listPublished(page),

    listAll: (filter: Parameters<PostsRepository['listAll']>[0]) => repo.listAll(filter),

    /** Drafts are invisible here, to everyone: the public page of a draft answers 404. */
    async getPublished(key: string): Promise<PostWithCover> {
      const post = await repo.findPublished(key);
      if (!post) throw postNotFound();
      return post;
    },

    getForAdmin: helpers.loaded,
    ...postCreation(deps, helpers),
    ...postEditing(deps, helpers),
    ...postStatusChanges(deps, helpers),
    ...coverUploads(deps),
  };
}
export type PostsService = ReturnType<typeof createPostsService>;

type PostsDeps = {
  db: Db;
  repo: PostsRepository;
  audit: AuditLog;
  storage: Pick<Storage, 'remove'>;
};
type PostHelpers = ReturnType<typeof postHelpers>;

/** The checks and the audit row every change of a post shares. */
function postHelpers({ db, repo, audit }: PostsDeps) {
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

  /** The audit row of a change to an existing post: only the fields that moved; none moved, no row. */
  async function recordChange(actor: AdminActor, action: string, before: PostRow, after: PostRow, tx: DbOrTx) {
    const changed = changedFields(audited(before), audited(after));
    if (Object.keys(changed.after).length === 0) return;
    await audit.record(actor, { action, target: postTarget(after.id), ...changed }, tx);
  }

  return { requireCover, requirePublishable, loaded, summaryOf, recordChange };
}

/** A new post, its slug derived from the title unless given, retried when another took it meanwhile. */
function postCreation({ db, repo, audit }: PostsDeps, { requireCover, requirePublishable, loaded, summaryOf }: PostHelpers) {
  return {
    async create(actor: AdminActor, input: CreateInput): Promise<PostWithCover> {
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
        authorId: actor.id,
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
          // The post and its audit row commit together; a slug race rolls both back before the retry.
          const created = await db.transaction(async (tx) => {
            const row = await repo.insert({ ...values, slug }, tx);
            await audit.record(actor, { action: 'post.create', target: postTarget(row.id), before: null, after: audited(row) }, tx);
            return row;
          });
          return await loaded(created.id);
        } catch (error) {
          if (!isUniqueViolation(error, SLUG_KEY)) throw error;
          if (input.slug || attempt >= SLUG_ATTEMPTS) throw slugTaken(slug);
        }
      }
    },
  };
}

/** An edit of an existing post, in one transaction with the post locked. */
function postEditing({ db, repo }: PostsDeps, { requireCover, requirePublishable, loaded, summaryOf, recordChange }: PostHelpers) {
  return {
    /** Only the fields sent change; a body without a summary of its own gets a fresh default one. */
    async update(actor: AdminActor, id: string, input: UpdateInput): Promise<PostWithCover> {
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
          const updated = await repo.update(id, patch, tx);
          await recordChange(actor, updateAction(current.status, updated!.status), current, updated!, tx);
        });
      } catch (error) {
        if (isUniqueViolation(error, SLUG_KEY) && input.slug) throw slugTaken(input.slug);
        throw error;
      }
      return loaded(id);
    },
  };
}

/** Publishing, unpublishing and deleting, each with its audit row. */
function postStatusChanges({ db, repo, audit }: PostsDeps, { requirePublishable, loaded, recordChange }: PostHelpers) {
  return {
    /** The first publication sets `publishedAt`; publishing again after an unpublish keeps it. */
    async publish(actor: AdminActor, id: string): Promise<PostWithCover> {
      await db.transaction(async (tx) => {
        const current = await repo.lock(id, tx);
        if (!current) throw postNotFound();
        if (current.status === 'published') return;
        requirePublishable(current.body);
        const updated = await repo.update(id, { status: 'published', publishedAt: current.publishedAt ?? new Date() }, tx);
        await recordChange(actor, 'post.publish', current, updated!, tx);
      });
      return loaded(id);
    },

    async unpublish(actor: AdminActor, id: string): Promise<PostWithCover> {
      await db.transaction(async (tx) => {
        const current = await repo.lock(id, tx);
        if (!current) throw postNotFound();
        if (current.status === 'draft') return;
        const updated = await repo.update(id, { status: 'draft' }, tx);
        await recordChange(actor, 'post.unpublish', current, updated!, tx);
      });
      return loaded(id);
    },

    /** The audit row keeps what the post was, since the post itself is gone. */
    async remove(actor: AdminActor, id: string): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await repo.lock(id, tx);
        if (!current) throw postNotFound();
        await repo.remove(id, tx);
        await audit.record(actor, { action: 'post.delete', target: postTarget(id), before: audited(current), after: null }, tx);
      });
    },
  };
}

/** The trace of a cover image uploaded for a post. */
function coverUploads({ db, repo, audit, storage }: PostsDeps) {
  return {
    /**
     * The audit row of a cover upload, written right after `receiveUpload` committed the file row.
     * It cannot share that row's transaction: `receiveUpload` inserts outside any, and opening one
     * around it would hold a connection (on PGlite, the whole database) while the client streams up
     * to 5 MB. So if the audit row cannot be written, the upload is taken back (nobody has its id
     * yet), and a file exists without its trace only if the process dies between the two writes.
     */
    async recordCoverUpload(actor: AdminActor, file: FileRow): Promise<void> {
      try {
        await audit.record(
          actor,
          {
            action: 'post-cover.upload',
            target: { type: 'file', id: file.id },
            before: null,
            after: { name: file.fileName, size: file.size, mime: file.mimeType },
          },
          db,
        );
      } catch (error) {
        // The bytes go only once their row is gone: a row must never point at missing bytes.
        if (await repo.removeFile(file.id).catch(() => false)) await storage.remove(file.storageKey).catch(() => {});
        throw error;
      }
    },
  };
}

/** Whether the stored summary is the default one (none given, or the body's start): it follows the body. */
const isDefaultSummary = (post: PostRow) => post.excerpt === '' || post.excerpt === excerptFromHtml(post.body);
