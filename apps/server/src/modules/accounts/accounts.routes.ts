import {
  adminModelRowSchema,
  adminModelsQuerySchema,
  adminUserRowSchema,
  adminUsersQuerySchema,
  contactUsSchema,
  dataOf,
  deactivateSchema,
  emailOnlySchema,
  errorBodySchema,
  idParamSchema,
  listedUserSchema,
  listOf,
  loginResultSchema,
  loginSchema,
  meSchema,
  okSchema,
  profileByUsernameSchema,
  refuseModelSchema,
  registerResultSchema,
  registerSchema,
  resetPasswordSchema,
  tokenPerMessageSchema,
  updatePasswordSchema,
  updateProfileSchema,
  usernameSchema,
  userSearchQuerySchema,
  verifyEmailSchema,
} from '@cc/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { byIpAndEmail, byUser } from '../../platform/rate-limit';
import { receiveUpload } from '../../platform/uploads';
import type { AuthService } from './auth.service';
import type { ContactUsService } from './contact-us.service';
import type { MembersService } from './members.service';
import type { ModelsAdminService } from './models-admin.service';
import type { ProfileService } from './profile.service';
import { AVATAR_POLICY, DOCUMENT_POLICY } from './upload-policies';
import type { UsersAdminService } from './users-admin.service';

export type AccountServices = {
  auth: AuthService;
  profile: ProfileService;
  members: MembersService;
  modelsAdmin: ModelsAdminService;
  usersAdmin: UsersAdminService;
  contactUs: ContactUsService;
};

const errors = { '4xx': errorBodySchema };
const ok = { 200: dataOf(okSchema), ...errors };
const me = { 200: dataOf(meSchema), ...errors };
const bearer = [{ bearer: [] }];
/** OpenAPI: the empty requirement means the token may be left out. */
const optionalBearer: Record<string, string[]>[] = [{}, { bearer: [] }];
const usernameParams = z.object({ username: usernameSchema });
const multipart = ['multipart/form-data'];

/** Thin handlers: the schema parses, a service acts, a presenter (inside the service) shapes. */
export function registerAccountRoutes(app: FastifyInstance, ctx: AppContext, s: AccountServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Guards run at onRequest so a caller without the right gets 401/403 before any input is read.
  const signedIn = { onRequest: app.requireUser };
  const adminOnly = { onRequest: app.requireAdmin };
  /** Limits keyed on the e-mail in the body must run once the body is parsed. */
  const afterBody = (max: number, window: string, key: (request: FastifyRequest) => string) => ({
    rateLimit: { ...ctx.rateLimit(max, window, key), hook: 'preHandler' as const },
  });
  const limited = (max: number, window: string, key?: (request: FastifyRequest) => string) => ({
    rateLimit: ctx.rateLimit(max, window, key),
  });
  const uploadDeps = { db: ctx.db, storage: ctx.storage };

  // ---- sign-up and sign-in ------------------------------------------------------------------

  api.post(
    '/auth/register',
    {
      config: limited(10, '10 minutes'),
      schema: {
        tags: ['auth'],
        summary: 'Create an account; a 6-digit code is e-mailed',
        body: registerSchema,
        response: { 201: dataOf(registerResultSchema), ...errors },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await s.auth.register(request.body) }),
  );

  api.post(
    '/auth/verify/code',
    {
      config: afterBody(10, '10 minutes', byIpAndEmail),
      schema: { tags: ['auth'], summary: 'Confirm the e-mail address with the mailed code', body: verifyEmailSchema, response: ok },
    },
    async (request) => ({ data: await s.auth.verifyEmail(request.body) }),
  );

  api.post(
    '/auth/verify/resend',
    {
      config: afterBody(3, '10 minutes', byIpAndEmail),
      schema: { tags: ['auth'], summary: 'Mail a new confirmation code', body: emailOnlySchema, response: ok },
    },
    async (request) => ({ data: await s.auth.resendVerification(request.body) }),
  );

  api.post(
    '/auth/login',
    {
      config: afterBody(10, '1 minute', byIpAndEmail),
      schema: {
        tags: ['auth'],
        summary: 'Sign in; answers a bearer token',
        body: loginSchema,
        response: { 200: dataOf(loginResultSchema), ...errors },
      },
    },
    async (request) => ({ data: await s.auth.login({ ...request.body, userAgent: request.headers['user-agent'] }) }),
  );

  api.post(
    '/auth/logout',
    {
      ...signedIn,
      schema: {
        tags: ['auth'],
        summary: 'End this session',
        security: bearer,
        response: { 204: z.void().describe('Signed out'), ...errors },
      },
    },
    async (request, reply) => {
      const { user, sessionId } = currentAuth(request);
      await s.auth.logout({ userId: user.id, sessionId });
      return reply.status(204).send();
    },
  );

  api.post(
    '/auth/forgot',
    {
      config: afterBody(5, '15 minutes', byIpAndEmail),
      schema: { tags: ['auth'], summary: 'Mail a one-time password reset link', body: emailOnlySchema, response: ok },
    },
    async (request) => ({ data: await s.auth.forgotPassword(request.body) }),
  );

  api.post(
    '/auth/reset',
    {
      config: limited(10, '15 minutes'),
      schema: { tags: ['auth'], summary: 'Set a new password with the mailed token', body: resetPasswordSchema, response: ok },
    },
    async (request) => ({ data: await s.auth.resetPassword(request.body) }),
  );

  // ---- the signed-in member's own account -----------------------------------------------------

  api.get('/users/me', { ...signedIn, schema: { tags: ['users'], security: bearer, response: me } }, async (request) => ({
    data: await s.profile.meOf(currentAuth(request).user),
  }));

  api.put(
    '/users/updateProfile',
    { ...signedIn, schema: { tags: ['users'], security: bearer, body: updateProfileSchema, response: me } },
    async (request) => ({ data: await s.profile.updateProfile({ userId: currentAuth(request).user.id, input: request.body }) }),
  );

  api.post(
    '/users/avatar',
    {
      ...signedIn,
      schema: {
        tags: ['users'],
        summary: 'Upload a profile picture (field "file": JPEG, PNG, WebP or GIF up to 5 MB)',
        security: bearer,
        consumes: multipart,
        response: me,
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      const { file } = await receiveUpload(request, uploadDeps, { policy: AVATAR_POLICY, ownerId: user.id });
      return { data: await s.profile.replaceAvatar({ userId: user.id, file }) };
    },
  );

  api.post(
    '/users/updatePassword',
    {
      ...signedIn,
      config: limited(10, '15 minutes', byUser),
      schema: {
        tags: ['users'],
        summary: 'Change the password; other sessions end',
        security: bearer,
        body: updatePasswordSchema,
        response: ok,
      },
    },
    async (request) => ({ data: await s.profile.updatePassword({ auth: currentAuth(request), input: request.body }) }),
  );

  api.post(
    '/users/document',
    {
      ...signedIn,
      schema: {
        tags: ['users'],
        summary: 'Models: submit a verification document',
        description:
          'Multipart: the fields documentType, legalName and birthDate (YYYY-MM-DD), then the field "file" (JPEG, PNG, WebP or PDF up to 10 MB). Fields must come before the file.',
        security: bearer,
        consumes: multipart,
        response: me,
      },
    },
    async (request) => {
      const { user } = currentAuth(request);
      s.profile.assertMaySubmitDocument(user);
      const { file, fields } = await receiveUpload(request, uploadDeps, { policy: DOCUMENT_POLICY, ownerId: user.id });
      return { data: await s.profile.submitDocument({ userId: user.id, file, fields }) };
    },
  );

  // The spec calls GET /users/otp/ with its trailing slash; both spellings answer.
  for (const url of ['/users/otp/', '/users/otp']) {
    api.get(
      url,
      {
        ...signedIn,
        config: limited(5, '10 minutes', byUser),
        schema: {
          tags: ['users'],
          summary: 'Mail a 6-digit account code (10 minutes)',
          security: bearer,
          hide: url === '/users/otp',
          response: ok,
        },
      },
      async (request) => ({ data: await s.profile.sendAccountCode({ user: currentAuth(request).user }) }),
    );
  }

  api.put(
    '/users/deactivate',
    {
      ...signedIn,
      schema: {
        tags: ['users'],
        summary: 'Deactivate the account with a code from GET /users/otp/',
        security: bearer,
        body: deactivateSchema,
        response: ok,
      },
    },
    async (request) => ({
      data: await s.profile.deactivate({ userId: currentAuth(request).user.id, verifyCode: request.body.verifyCode }),
    }),
  );

  api.put(
    '/users/token-per-message',
    {
      ...signedIn,
      schema: {
        tags: ['users'],
        summary: 'Models: price of one message in hundredths of a token',
        security: bearer,
        body: tokenPerMessageSchema,
        response: me,
      },
    },
    async (request) => ({ data: await s.profile.setTokenPerMessage({ user: currentAuth(request).user, token: request.body.token }) }),
  );

  // ---- other members ----------------------------------------------------------------------------
  // The model directory (/models on the web) is public: these two answer signed-out visitors too,
  // who see approved models only. A missing or invalid token simply means a visitor.

  const viewerIdOf = (request: FastifyRequest) => request.auth?.user.id ?? null;

  api.get(
    '/users/findByUsername/:username',
    {
      schema: {
        tags: ['users'],
        summary: 'A member by username; signed-out visitors find approved models only',
        security: optionalBearer,
        params: usernameParams,
        response: { 200: dataOf(profileByUsernameSchema), ...errors },
      },
    },
    async (request) => ({
      data: await s.members.findByUsername({ viewerId: viewerIdOf(request), username: request.params.username }),
    }),
  );

  api.get(
    '/users/search',
    {
      schema: {
        tags: ['users'],
        summary: 'Search members; signed-out visitors see approved models only',
        security: optionalBearer,
        querystring: userSearchQuerySchema,
        response: { 200: dataOf(listOf(listedUserSchema)), ...errors },
      },
    },
    async (request) => ({ data: await s.members.search({ viewerId: viewerIdOf(request), query: request.query, friendsOnly: false }) }),
  );

  api.get(
    '/users/search-friend',
    {
      ...signedIn,
      schema: {
        tags: ['users'],
        security: bearer,
        querystring: userSearchQuerySchema,
        response: { 200: dataOf(listOf(listedUserSchema)), ...errors },
      },
    },
    async (request) => ({
      data: await s.members.search({ viewerId: currentAuth(request).user.id, query: request.query, friendsOnly: true }),
    }),
  );

  api.post(
    '/contact-us',
    {
      config: limited(3, '10 minutes'),
      schema: { tags: ['contact'], summary: 'Send the contact form to the site team', body: contactUsSchema, response: ok },
    },
    async (request) => ({ data: await s.contactUs.send(request.body) }),
  );

  // ---- administrators -------------------------------------------------------------------------------

  api.get(
    '/admin/models',
    {
      ...adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Models and their documents (pending first)',
        security: bearer,
        querystring: adminModelsQuerySchema,
        response: { 200: dataOf(listOf(adminModelRowSchema)), ...errors },
      },
    },
    async (request) => ({ data: await s.modelsAdmin.list(request.query) }),
  );

  api.post(
    '/admin/models/:id/approve',
    {
      ...adminOnly,
      schema: { tags: ['admin'], security: bearer, params: idParamSchema, response: { 200: dataOf(adminModelRowSchema), ...errors } },
    },
    async (request) => ({ data: await s.modelsAdmin.approve(request.params.id) }),
  );

  api.post(
    '/admin/models/:id/refuse',
    {
      ...adminOnly,
      schema: {
        tags: ['admin'],
        security: bearer,
        params: idParamSchema,
        body: refuseModelSchema,
        response: { 200: dataOf(adminModelRowSchema), ...errors },
      },
    },
    async (request) => ({ data: await s.modelsAdmin.refuse(request.params.id, request.body.reason) }),
  );

  api.get(
    '/admin/users',
    {
      ...adminOnly,
      schema: {
        tags: ['admin'],
        security: bearer,
        querystring: adminUsersQuerySchema,
        response: { 200: dataOf(listOf(adminUserRowSchema)), ...errors },
      },
    },
    async (request) => ({ data: await s.usersAdmin.list(request.query) }),
  );

  api.post(
    '/admin/users/:id/suspend',
    {
      ...adminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Suspend a member; their sessions end',
        security: bearer,
        params: idParamSchema,
        response: { 200: dataOf(adminUserRowSchema), ...errors },
      },
    },
    async (request) => ({ data: await s.usersAdmin.suspend({ adminId: currentAuth(request).user.id, userId: request.params.id }) }),
  );

  api.post(
    '/admin/users/:id/reactivate',
    {
      ...adminOnly,
      schema: { tags: ['admin'], security: bearer, params: idParamSchema, response: { 200: dataOf(adminUserRowSchema), ...errors } },
    },
    async (request) => ({ data: await s.usersAdmin.reactivate({ userId: request.params.id }) }),
  );
}
