import { postsRoutes, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../../../shared/api/baseApi';
import { routeRequest } from '../../../shared/api/routeRequest';

export const POSTS_PAGE_SIZE = 12;

/** Posts are public pages: a signed-out visitor's 401 is shown there, never a trip to the login page. */
const publicRead = { on401: 'return' as const };

/** 'Post' is invalidated by the admin area when a post is saved, published or deleted. */
const postsBase = baseApi.enhanceEndpoints({ addTagTypes: ['Post'] });

export const postsApi = postsBase.injectEndpoints({
  endpoints: (build) => ({
    /** GET /posts — published posts, newest first. */
    listPosts: build.query<RouteAnswer<typeof postsRoutes.list>, { limit: number; skip: number }>({
      query: (query) => routeRequest(postsRoutes.list, { query }),
      extraOptions: publicRead,
      providesTags: ['Post'],
    }),
    /** GET /posts/{id} — one published post by its slug (or id). */
    getPost: build.query<RouteAnswer<typeof postsRoutes.get>, string>({
      query: (key) => routeRequest(postsRoutes.get, { params: { id: key } }),
      extraOptions: publicRead,
      providesTags: ['Post'],
    }),
  }),
});

export const { useListPostsQuery, useGetPostQuery } = postsApi;
