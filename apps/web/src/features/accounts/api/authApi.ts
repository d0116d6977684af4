import { authRoutes as routes, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../../../shared/api/baseApi';
import { routeRequest } from '../../../shared/api/routeRequest';
import type { RouteBody } from '../../../shared/api/routeTypes';

export type RegisterRequest = RouteBody<typeof routes.register>;

/** Sign-up, e-mail confirmation and password recovery (sign-in itself lives in shared/auth). */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<RouteAnswer<typeof routes.register>, RegisterRequest>({
      query: (body) => routeRequest(routes.register, { body }),
    }),
    verifyEmail: build.mutation<RouteAnswer<typeof routes.verifyEmail>, RouteBody<typeof routes.verifyEmail>>({
      query: (body) => routeRequest(routes.verifyEmail, { body }),
    }),
    resendVerifyCode: build.mutation<RouteAnswer<typeof routes.resendVerification>, RouteBody<typeof routes.resendVerification>>({
      query: (body) => routeRequest(routes.resendVerification, { body }),
    }),
    forgotPassword: build.mutation<RouteAnswer<typeof routes.forgotPassword>, RouteBody<typeof routes.forgotPassword>>({
      query: (body) => routeRequest(routes.forgotPassword, { body }),
    }),
    resetPassword: build.mutation<RouteAnswer<typeof routes.resetPassword>, RouteBody<typeof routes.resetPassword>>({
      query: (body) => routeRequest(routes.resetPassword, { body }),
    }),
  }),
});

export const {
  useRegisterMutation,
  useVerifyEmailMutation,
  useResendVerifyCodeMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;
