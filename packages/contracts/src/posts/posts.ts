import { z } from 'zod';
import { hasNoNul, pageQuerySchema } from '../common/envelope';

/**
 * Posts: articles administrators write and publish (docs/product.md#posts). The body is HTML,
 * sanitised by the server when saved, so what the public page renders is never a script.
 */
export const POST_TITLE_MAX = 200;
export const POST_EXCERPT_MAX = 500;
/** Sanitised HTML, at most 200,000 characters (a long article with formatting). */
export const POST_BODY_MAX = 200_000;

export const postStatusSchema = z.enum(['draft', 'published']);
export type PostStatus = z.infer<typeof postStatusSchema>;

/** A post in a list: everything but the body. */
export const postSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** The post's address: /posts/{slug}. */
  slug: z.string(),
  excerpt: z.string(),
  /** A public image (GET /files/…); null without a cover. */
  coverUrl: z.string().nullable(),
  status: postStatusSchema,
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const postSchema = postSummarySchema.extend({
  /** Sanitised HTML: safe to render as is. */
  body: z.string(),
  /** The uploaded cover's id (administrators set it with coverId). */
  coverId: z.string().nullable(),
});
export type Post = z.infer<typeof postSchema>;

/** GET /posts/{id}: the post's id or its slug. */
export const postKeyParamSchema = z.object({
  id: z
    .string()
    .trim()
    .min(1, 'Say which post')
    .max(220, 'That post does not exist')
    .regex(/^[a-z0-9-]+$/i, 'That post does not exist'),
});

const title = z
  .string({ error: 'Give the post a title' })
  .trim()
  .min(1, 'Give the post a title')
  .max(POST_TITLE_MAX, `A title is at most ${POST_TITLE_MAX} characters`)
  .refine(hasNoNul, 'A title cannot contain NUL characters');
const body = z
  .string({ error: 'The post must be text (HTML)' })
  .max(POST_BODY_MAX, `A post is at most ${POST_BODY_MAX.toLocaleString('en-US')} characters`)
  .refine(hasNoNul, 'A post cannot contain NUL characters');
const excerpt = z
  .string({ error: 'A summary is text' })
  .trim()
  .max(POST_EXCERPT_MAX, `A summary is at most ${POST_EXCERPT_MAX} characters`)
  .refine(hasNoNul, 'A summary cannot contain NUL characters');
const coverId = z.uuid('That cover is not valid').nullable();

/** POST /admin/posts — a draft unless `status` says published. The slug comes from the title when not given. */
export const createPostSchema = z.object({
  title,
  body: body.default(''),
  excerpt: excerpt.optional(),
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'A slug is lowercase letters, digits and single hyphens')
    .max(200)
    .optional(),
  coverId: coverId.optional(),
  status: postStatusSchema.optional(),
});
export type CreatePostInput = z.input<typeof createPostSchema>;

/** PUT /admin/posts/{id} — any field of the create. */
export const updatePostSchema = createPostSchema.partial().extend({ title: title.optional(), body: body.optional() });
export type UpdatePostInput = z.input<typeof updatePostSchema>;

export const adminPostsQuerySchema = pageQuerySchema.extend({
  status: z.preprocess((v) => (v === '' ? undefined : v), postStatusSchema.optional()),
});

/** A cover image, uploaded before it is named by `coverId`. */
export const postCoverSchema = z.object({ _id: z.string(), url: z.string() });
