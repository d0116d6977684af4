import { and, count, desc, eq, inArray, like, or, type SQL } from 'drizzle-orm';
import { files, posts } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';

export type PostRow = typeof posts.$inferSelect;
export type NewPost = Omit<typeof posts.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type PostPatch = Partial<NewPost>;
/** A post with its cover's identity (to build its public address). */
export type PostWithCover = PostRow & { cover: { id: string; fileName: string } | null };
/** A post in a list: the body stays in the database. */
export type ListedPost = Omit<PostWithCover, 'body'>;

export type PostFilter = { status?: PostRow['status']; limit: number; skip: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Images a cover may be: the types the cover upload accepts. */
export const COVER_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Everything but the body, which lists never need. */
const summaryColumns = {
  id: posts.id,
  title: posts.title,
  slug: posts.slug,
  excerpt: posts.excerpt,
  coverFileId: posts.coverFileId,
  status: posts.status,
  publishedAt: posts.publishedAt,
  authorId: posts.authorId,
  createdAt: posts.createdAt,
  updatedAt: posts.updatedAt,
};
const coverColumns = { coverId: files.id, coverFileName: files.fileName };

type Joined<T> = T & { coverId: string | null; coverFileName: string | null };
function withCover<T extends object>({ coverId, coverFileName, ...row }: Joined<T>): T & { cover: PostWithCover['cover'] } {
  return { ...(row as T), cover: coverId && coverFileName ? { id: coverId, fileName: coverFileName } : null };
}

/** The only code touching the posts table (docs/architecture.md#boundaries); covers join `files` for their address. */
export function createPostsRepository(db: Db) {
  async function page(where: SQL | undefined, order: SQL[], { limit, skip }: { limit: number; skip: number }) {
    const [rows, [total]] = await Promise.all([
      db
        .select({ ...summaryColumns, ...coverColumns })
        .from(posts)
        .leftJoin(files, eq(files.id, posts.coverFileId))
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(skip),
      db.select({ n: count() }).from(posts).where(where),
    ]);
    return { rows: rows.map((row) => withCover(row)) as ListedPost[], count: total?.n ?? 0 };
  }

  async function findOne(where: SQL, tx: DbOrTx = db): Promise<PostWithCover | undefined> {
    const [row] = await tx
      .select({ ...summaryColumns, body: posts.body, ...coverColumns })
      .from(posts)
      .leftJoin(files, eq(files.id, posts.coverFileId))
      .where(where)
      .limit(1);
    return row ? (withCover(row) as PostWithCover) : undefined;
  }

  return {
    /** Published posts, newest publication first. */
    listPublished: (pageArgs: { limit: number; skip: number }) =>
      page(eq(posts.status, 'published'), [desc(posts.publishedAt), desc(posts.id)], pageArgs),

    /** Every post (or those of one status), newest first. */
    listAll: ({ status, ...pageArgs }: PostFilter) =>
      page(status ? eq(posts.status, status) : undefined, [desc(posts.createdAt), desc(posts.id)], pageArgs),

    findById: (id: string, tx: DbOrTx = db) => findOne(eq(posts.id, id), tx),

    /** A published post by its slug, or by its id when the key is one. */
    findPublished(key: string): Promise<PostWithCover | undefined> {
      const byKey = UUID.test(key) ? or(eq(posts.slug, key.toLowerCase()), eq(posts.id, key)) : eq(posts.slug, key.toLowerCase());
      return findOne(and(eq(posts.status, 'published'), byKey)!);
    },

    /** Slugs equal to `base` or `base-…`, to pick the next free suffix. */
    async slugsLike(base: string, tx: DbOrTx = db): Promise<Set<string>> {
      const rows = await tx
        .select({ slug: posts.slug })
        .from(posts)
        .where(or(eq(posts.slug, base), like(posts.slug, `${base}-%`)));
      return new Set(rows.map((r) => r.slug));
    },

    async slugTaken(slug: string, exceptId?: string, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx.select({ id: posts.id }).from(posts).where(eq(posts.slug, slug)).limit(1);
      return row !== undefined && row.id !== exceptId;
    },

    /** Whether `id` is an uploaded public image that can be a cover. */
    async isCoverImage(id: string, tx: DbOrTx = db): Promise<boolean> {
      const [row] = await tx
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.id, id), eq(files.kind, 'site'), eq(files.visibility, 'public'), inArray(files.mimeType, COVER_MIME_TYPES)))
        .limit(1);
      return row !== undefined;
    },

    async insert(values: NewPost, tx: DbOrTx = db): Promise<PostRow> {
      const [row] = await tx.insert(posts).values(values).returning();
      return row!;
    },

    async update(id: string, patch: PostPatch, tx: DbOrTx = db): Promise<PostRow | undefined> {
      const [row] = await tx
        .update(posts)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(posts.id, id))
        .returning();
      return row;
    },

    /** Locks the post for the rest of the transaction, so two edits apply one after the other. */
    async lock(id: string, tx: DbOrTx): Promise<PostRow | undefined> {
      const [row] = await tx.select().from(posts).where(eq(posts.id, id)).limit(1).for('update');
      return row;
    },

    async remove(id: string, tx: DbOrTx = db): Promise<boolean> {
      return (await tx.delete(posts).where(eq(posts.id, id)).returning({ id: posts.id })).length > 0;
    },

    /** Takes back a cover upload that could not be recorded; answers whether its row was there. */
    async removeFile(id: string, tx: DbOrTx = db): Promise<boolean> {
      return (await tx.delete(files).where(eq(files.id, id)).returning({ id: files.id })).length > 0;
    },
  };
}
export type PostsRepository = ReturnType<typeof createPostsRepository>;
