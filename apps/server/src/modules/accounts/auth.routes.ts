import { authRoutes as routes } from '@cc/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { currentAuth } from '../../platform/auth';
import { byIpAndEmail } from '../../platform/rate-limit';
import { mountRoute } from '../../platform/routes';
import type { AuthService } from './auth.service';

/** Sign-up, confirmation, sign-in and out, password reset. Limits keyed on the e-mail run once the body is parsed. */
export function registerAuthRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'rateLimit'>, auth: AuthService) {
  const perAddress = (max: number, window: string) => ({
    config: { rateLimit: { ...ctx.rateLimit(max, window, byIpAndEmail), hook: 'preHandler' as const } },
  });
  const perIp = (max: number, window: string) => ({ config: { rateLimit: ctx.rateLimit(max, window) } });

  mountRoute(app, routes.register, async (request) => auth.register(request.body), perIp(10, '10 minutes'));

  mountRoute(app, routes.verifyEmail, async (request) => auth.verifyEmail(request.body), perAddress(10, '10 minutes'));

  mountRoute(app, routes.resendVerification, async (request) => auth.resendVerification(request.body), perAddress(3, '10 minutes'));

  mountRoute(
    app,
    routes.login,
    async (request) => auth.login({ ...request.body, userAgent: request.headers['user-agent'] }),
    perAddress(10, '1 minute'),
  );

  mountRoute(app, routes.logout, async (request) => {
    const { user, sessionId } = currentAuth(request);
    await auth.logout({ userId: user.id, sessionId });
    return null;
  });

  mountRoute(app, routes.forgotPassword, async (request) => auth.forgotPassword(request.body), perAddress(5, '15 minutes'));

  mountRoute(app, routes.resetPassword, async (request) => auth.resetPassword(request.body), perIp(10, '15 minutes'));
}
