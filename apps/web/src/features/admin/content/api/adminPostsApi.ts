import { postsRoutes, type PostStatus, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../../../../shared/api/baseApi';
import { routeRequest } from '../../../../shared/api/routeRequest';
import type { RouteBody } from '../../../../shared/api/routeTypes';

export type PostsFilter = PostStatus | 'all';
export type PostInput = RouteBody<typeof postsRoutes.create>;
export type PostChanges = RouteBody<typeof postsRoutes.update>;

/**
 * The admin area's posts. 'Post' is the public pages' tag (features/posts): every change
 * invalidates it, so /posts shows what was just published without a reload. 'AdminAudit' is the
 * audit log (adminApi): each change, and a cover upload, writes a row there.
 */
const adminPostsBase = baseApi.enhanceEndpoints({ addTagTypes: ['AdminPosts', 'Post', 'AdminAudit'] });

const changed = (result: unknown) => (result ? (['AdminPosts', 'Post', 'AdminAudit'] as const) : []);

export const adminPostsApi = adminPostsBase.injectEndpoints({
  endpoints: (build) => ({
    listAdminPosts: build.query<RouteAnswer<typeof postsRoutes.adminList>, { limit: number; skip: number; status: PostsFilter }>({
      query: ({ status, ...page }) => routeRequest(postsRoutes.adminList, { query: { ...page, ...(status === 'all' ? {} : { status }) } }),
      providesTags: ['AdminPosts'],
    }),
    getAdminPost: build.query<RouteAnswer<typeof postsRoutes.adminGet>, string>({
      query: (id) => routeRequest(postsRoutes.adminGet, { params: { id } }),
      providesTags: (_result, _error, id) => [{ type: 'AdminPosts', id }],
    }),
    createPost: build.mutation<RouteAnswer<typeof postsRoutes.create>, PostInput>({
      query: (body) => routeRequest(postsRoutes.create, { body }),
      invalidatesTags: (result) => [...changed(result)],
    }),
    updatePost: build.mutation<RouteAnswer<typeof postsRoutes.update>, { id: string; changes: PostChanges }>({
      query: ({ id, changes }) => routeRequest(postsRoutes.update, { params: { id }, body: changes }),
      invalidatesTags: (result) => [...changed(result)],
    }),
    publishPost: build.mutation<RouteAnswer<typeof postsRoutes.publish>, string>({
      query: (id) => routeRequest(postsRoutes.publish, { params: { id } }),
      invalidatesTags: (result) => [...changed(result)],
    }),
    unpublishPost: build.mutation<RouteAnswer<typeof postsRoutes.unpublish>, string>({
      query: (id) => routeRequest(postsRoutes.unpublish, { params: { id } }),
      invalidatesTags: (result) => [...changed(result)],
    }),
    deletePost: build.mutation<null, string>({
      query: (id) => routeRequest(postsRoutes.remove, { params: { id } }),
      invalidatesTags: ['AdminPosts', 'Post', 'AdminAudit'],
    }),
    uploadPostCover: build.mutation<RouteAnswer<typeof postsRoutes.uploadCover>, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return routeRequest(postsRoutes.uploadCover, { body });
      },
      invalidatesTags: (result) => (result ? ['AdminAudit'] : []),
    }),
  }),
});

export const {
  useListAdminPostsQuery,
  useGetAdminPostQuery,
  useCreatePostMutation,
  useUpdatePostMutation,
  usePublishPostMutation,
  useUnpublishPostMutation,
  useDeletePostMutation,
  useUploadPostCoverMutation,
} = adminPostsApi;

export const POSTS_PAGE_SIZE = 20;
