import { z } from 'zod';
import { createPostSchema, POST_BODY_MAX, POST_EXCERPT_MAX, type Post } from '@cc/contracts';
import { formatBytes } from '../../../../shared/format';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * The editor's fields, checked with the contract's rules so the form refuses what the server would.
 * An empty slug means "make it from the title" (a new post only: a saved post keeps an address).
 */
export const postFormSchema = z.object({
  title: createPostSchema.shape.title,
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .max(200, 'A slug is at most 200 characters')
    .refine((slug) => slug === '' || SLUG.test(slug), 'A slug is lowercase letters, digits and single hyphens'),
  excerpt: z.string().trim().max(POST_EXCERPT_MAX, `A summary is at most ${POST_EXCERPT_MAX} characters`),
  body: z.string().max(POST_BODY_MAX, `A post is at most ${POST_BODY_MAX.toLocaleString('en-US')} characters`),
  coverId: z.string().nullable(),
});
export type PostFormValues = z.input<typeof postFormSchema>;
export const POST_FORM_FIELDS = ['title', 'slug', 'excerpt', 'body', 'coverId'] as const;

export const emptyPostForm: PostFormValues = { title: '', slug: '', excerpt: '', body: '', coverId: null };

export const postFormValues = (post: Post): PostFormValues => ({
  title: post.title,
  slug: post.slug,
  excerpt: post.excerpt,
  body: post.body,
  coverId: post.coverId,
});

/** Mirrors the server's cover policy, so a wrong file is caught before it is sent. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_ACCEPT = 'image/jpeg,image/png,image/webp,.jpg,.jpeg,.png,.webp';
const COVER_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export function coverProblem(file: File): string | null {
  if (!COVER_TYPES.includes(file.type)) return 'The cover must be a JPEG, PNG or WebP image.';
  if (file.size > COVER_MAX_BYTES)
    return `The cover must be at most ${formatBytes(COVER_MAX_BYTES)}; this file is ${formatBytes(file.size)}.`;
  if (file.size === 0) return 'This file is empty.';
  return null;
}
