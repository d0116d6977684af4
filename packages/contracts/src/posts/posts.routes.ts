import { idParamSchema, listOf, pageQuerySchema } from '../common/envelope';
import { defineRoute } from '../common/routes';
import {
  adminPostsQuerySchema,
  createPostSchema,
  postCoverSchema,
  postKeyParamSchema,
  postSchema,
  postSummarySchema,
  updatePostSchema,
} from './posts';
import { postsPaths } from './posts.paths';

const tags = ['posts'];
const admin = ['admin', ...tags];

/** Published posts for everyone; writing, publishing and unpublishing for administrators. */
export const postsRoutes = {
  list: defineRoute({
    ...postsPaths.list,
    access: 'public',
    tags,
    summary: 'Published posts, newest first',
    query: pageQuerySchema,
    answer: listOf(postSummarySchema),
  }),
  get: defineRoute({
    ...postsPaths.get,
    access: 'public',
    tags,
    summary: 'One published post, by id or slug',
    params: postKeyParamSchema,
    answer: postSchema,
  }),
  adminList: defineRoute({
    ...postsPaths.adminList,
    access: 'admin',
    tags: admin,
    summary: 'Every post, drafts included, newest first',
    query: adminPostsQuerySchema,
    answer: listOf(postSummarySchema),
  }),
  adminGet: defineRoute({
    ...postsPaths.adminGet,
    access: 'admin',
    tags: admin,
    summary: 'One post, draft or published',
    params: idParamSchema,
    answer: postSchema,
  }),
  create: defineRoute({
    ...postsPaths.create,
    access: 'admin',
    tags: admin,
    summary: 'Write a post (HTML body, sanitised on save)',
    body: createPostSchema,
    status: 201,
    answer: postSchema,
  }),
  update: defineRoute({
    ...postsPaths.update,
    access: 'admin',
    tags: admin,
    summary: 'Edit a post (HTML body, sanitised on save)',
    params: idParamSchema,
    body: updatePostSchema,
    answer: postSchema,
  }),
  publish: defineRoute({
    ...postsPaths.publish,
    access: 'admin',
    tags: admin,
    summary: 'Publish a post',
    params: idParamSchema,
    answer: postSchema,
  }),
  unpublish: defineRoute({
    ...postsPaths.unpublish,
    access: 'admin',
    tags: admin,
    summary: 'Take a post back to draft',
    params: idParamSchema,
    answer: postSchema,
  }),
  remove: defineRoute({
    ...postsPaths.remove,
    access: 'admin',
    tags: admin,
    summary: 'Delete a post',
    params: idParamSchema,
    answer: null,
  }),
  uploadCover: defineRoute({
    ...postsPaths.uploadCover,
    access: 'admin',
    tags: admin,
    summary: 'Upload a cover image (multipart field "file": JPEG, PNG or WebP up to 5 MB)',
    status: 201,
    answer: postCoverSchema,
  }),
};
