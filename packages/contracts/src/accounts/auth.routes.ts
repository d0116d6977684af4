import { okSchema } from '../common/envelope';
import { defineRoute } from '../common/routes';
import {
  emailOnlySchema,
  loginResultSchema,
  loginSchema,
  registerResultSchema,
  registerSchema,
  resetPasswordSchema,
  verifyEmailSchema,
} from './account';
import { authPaths } from './auth.paths';

/** Sign-up, e-mail confirmation, sign-in and out, and password reset (docs/product.md#accounts). */
export const authRoutes = {
  register: defineRoute({
    ...authPaths.register,
    access: 'public',
    tags: ['auth'],
    summary: 'Create an account; a 6-digit code is e-mailed',
    description:
      'Takes `{ name, username, email, password }`; `type` (`user` or `model`) is optional and defaults to `user`. Other fields are ignored.',
    body: registerSchema,
    status: 201,
    answer: registerResultSchema,
  }),
  verifyEmail: defineRoute({
    ...authPaths.verifyEmail,
    access: 'public',
    tags: ['auth'],
    summary: 'Confirm the e-mail address with the mailed code',
    description: 'Takes `{ email, verifyCode }`, as the spec names them.',
    body: verifyEmailSchema,
    answer: okSchema,
  }),
  resendVerification: defineRoute({
    ...authPaths.resendVerification,
    access: 'public',
    tags: ['auth'],
    summary: 'Mail a new confirmation code',
    body: emailOnlySchema,
    answer: okSchema,
  }),
  login: defineRoute({
    ...authPaths.login,
    access: 'public',
    tags: ['auth'],
    summary: 'Sign in; answers a bearer token',
    description: 'Takes `{ email, password }`, as the spec names them; `keepLogin` is optional (default true: a 365-day session).',
    body: loginSchema,
    answer: loginResultSchema,
  }),
  logout: defineRoute({
    ...authPaths.logout,
    access: 'member',
    tags: ['auth'],
    summary: 'End this session',
    description: 'Any body, or none, is accepted.',
    answer: null,
  }),
  forgotPassword: defineRoute({
    ...authPaths.forgotPassword,
    access: 'public',
    tags: ['auth'],
    summary: 'Mail a one-time password reset link',
    description: 'Takes `{ email }`. The answer is the same whether or not the address has an account.',
    body: emailOnlySchema,
    answer: okSchema,
  }),
  resetPassword: defineRoute({
    ...authPaths.resetPassword,
    access: 'public',
    tags: ['auth'],
    summary: 'Set a new password with the mailed token',
    body: resetPasswordSchema,
    answer: okSchema,
  }),
};
