import type { LoginResult, Me } from '@cc/contracts';
import { baseApi } from '../api/baseApi';

export type LoginRequest = { email: string; password: string; keepLogin: boolean };

/** The calls that open, check and close a session. The rest of /auth lives in features/auth. */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResult, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    logout: build.mutation<null, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      // Signing out with a session the server already ended is still a sign-out, not an error page.
      extraOptions: { on401: 'return' },
    }),
    /**
     * Who is signed in. A 401 here is not turned into a redirect by the API layer: on public pages a
     * stale cookie is forgotten quietly, and protected pages redirect on their own (spec §6).
     */
    getMe: build.query<Me, void>({
      query: () => '/users/me',
      extraOptions: { on401: 'return' },
      providesTags: ['Me'],
    }),
  }),
});
