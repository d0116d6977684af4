import { profileRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { currentAuth, signedInByBearer } from '../../platform/auth';
import { byUser } from '../../platform/rate-limit';
import { mountRoute } from '../../platform/routes';
import { receiveUpload } from '../../platform/uploads';
import type { ProfileService } from './profile.service';
import { AVATAR_POLICY, DOCUMENT_POLICY } from './upload-policies';

/** The signed-in member's own account. Uploads are read by the handler, after the guard. */
export function registerProfileRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'rateLimit' | 'db' | 'storage'>,
  profile: ProfileService,
) {
  const uploadDeps = { db: ctx.db, storage: ctx.storage };
  const perMember = (max: number, window: string) => ({ config: { rateLimit: ctx.rateLimit(max, window, byUser) } });

  mountRoute(app, routes.me, async (request) => profile.meOf(currentAuth(request).user));

  mountRoute(app, routes.updateProfile, async (request) => profile.updateProfile({ user: currentAuth(request).user, input: request.body }));

  mountRoute(
    app,
    routes.avatar,
    async (request) => {
      const { user } = currentAuth(request);
      const { file } = await receiveUpload(request, uploadDeps, { policy: AVATAR_POLICY, ownerId: user.id });
      return profile.replaceAvatar({ userId: user.id, file });
    },
    perMember(20, '10 minutes'),
  );

  mountRoute(
    app,
    routes.updatePassword,
    async (request) => profile.updatePassword({ auth: currentAuth(request), input: request.body }),
    perMember(10, '15 minutes'),
  );

  mountRoute(
    app,
    routes.submitDocument,
    async (request) => {
      const { user } = currentAuth(request);
      profile.assertMaySubmitDocument(user);
      // JSON names a file uploaded before through /media (docs/product.md#accounts); multipart carries it.
      if (!request.isMultipart()) return profile.submitDocumentByFileId({ userId: user.id, body: request.body });
      const { file, fields } = await receiveUpload(request, uploadDeps, { policy: DOCUMENT_POLICY, ownerId: user.id });
      return profile.submitDocument({ userId: user.id, file, fields });
    },
    perMember(10, '10 minutes'),
  );

  // The bearer header can only come from a client holding the token, never from another site's link.
  mountRoute(app, routes.accountCodeStatus, async (request) =>
    profile.accountCodeByGet({ user: currentAuth(request).user, bearer: signedInByBearer(request) }),
  );

  mountRoute(
    app,
    routes.accountCode,
    async (request) => profile.sendAccountCode({ user: currentAuth(request).user, ...request.body }),
    perMember(5, '10 minutes'),
  );

  mountRoute(app, routes.deactivate, async (request) =>
    profile.deactivate({ userId: currentAuth(request).user.id, verifyCode: request.body.verifyCode }),
  );

  mountRoute(app, routes.tokenPerMessage, async (request) =>
    profile.setTokenPerMessage({ user: currentAuth(request).user, token: request.body.token }),
  );
}
