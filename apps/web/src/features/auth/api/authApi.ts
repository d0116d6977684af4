import type { MemberType } from '@cc/contracts';
import { baseApi } from '../../../shared/api/baseApi';

export type RegisterRequest = { name: string; username: string; email: string; password: string; type: MemberType };
type Message = { message?: string };

/** Sign-up, e-mail confirmation and password recovery (sign-in itself lives in shared/auth). */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    register: build.mutation<Message & { email: string }, RegisterRequest>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    verifyEmail: build.mutation<Message, { email: string; verifyCode: string }>({
      query: (body) => ({ url: '/auth/verify/code', method: 'POST', body }),
    }),
    resendVerifyCode: build.mutation<Message, { email: string }>({
      query: (body) => ({ url: '/auth/verify/resend', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<Message, { email: string }>({
      query: (body) => ({ url: '/auth/forgot', method: 'POST', body }),
    }),
    resetPassword: build.mutation<Message, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/reset', method: 'POST', body }),
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
