import { authRoutes, profileRoutes, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../api/baseApi';
import { routeRequest } from '../api/routeRequest';
import type { RouteBody } from '../api/routeTypes';

export type LoginRequest = RouteBody<typeof authRoutes.login>;

/** The calls that open, check and close a session. The rest of /auth lives in features/accounts. */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<RouteAnswer<typeof authRoutes.login>, LoginRequest>({
      query: (body) => routeRequest(authRoutes.login, { body }),
    }),
    logout: build.mutation<RouteAnswer<typeof authRoutes.logout>, void>({
      query: () => routeRequest(authRoutes.logout),
      // Signing out with a session the server already ended is still a sign-out, not an error page.
      extraOptions: { on401: 'return' },
    }),
    /**
     * Who is signed in (balance in tokens). A 401 here is not turned into a redirect by the API
     * layer: on public pages a stale cookie is forgotten quietly, and protected pages redirect on
     * their own (docs/product.md#client-rules).
     */
    getMe: build.query<RouteAnswer<typeof profileRoutes.me>, void>({
      query: () => routeRequest(profileRoutes.me),
      extraOptions: { on401: 'return' },
      providesTags: ['Me'],
    }),
  }),
});
