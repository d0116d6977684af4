import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { registerAccountAdminRoutes } from './admin.routes';
import { registerAccountsSocket } from './accounts.socket';
import { registerAuthRoutes } from './auth.routes';
import { createAuthService } from './auth.service';
import { createCodeService } from './codes.service';
import { registerAdminContactRoutes } from './admin-contact.routes';
import { createAdminContactService } from './admin-contact.service';
import { createContactMessagesRepository } from './contact-messages.repository';
import { createContactUsService } from './contact-us.service';
import { registerDirectoryRoutes } from './directory.routes';
import { ensureFirstAdmin, type FirstAdminCredentials } from './first-admin';
import { createMembersService } from './members.service';
import { createAdminModelsService } from './admin-models.service';
import { registerProfileRoutes } from './profile.routes';
import { createProfileService } from './profile.service';
import { keyedHash } from './secrets';
import { createTokensRepository } from './tokens.repository';
import { createAdminUsersService } from './admin-users.service';
import { createUsersRepository } from './users.repository';

export { nextCallSettings, notAModelForCalls } from './call-settings-rules';
export type { CodeService } from './codes.service';
export { firstAdminBox, type FirstAdminCredentials } from './first-admin';
export { createMemberLookup, type MemberLookup } from './member-lookup';
export { toProfileByUsername } from './accounts.presenter';
export { visibleMemberWhere } from './member-visibility';
export { memberTotals, signUpsPerBucket } from './stats.repository';
export type { FileRef, UserRow } from './users.repository';

/** Codes and reset tokens are keyed with a secret derived from, not equal to, the JWT key. */
const pepperOf = (ctx: Pick<AppContext, 'config'>) => keyedHash(ctx.config.jwtSecret, 'accounts', 'code-pepper');

/**
 * The account code service for other modules (payouts check `verifyCode` with it):
 * `await codes.consume({ userId, purpose: 'account', code })` throws 422 INVALID_CODE when wrong.
 */
export const createAccountCodeService = (ctx: Pick<AppContext, 'db' | 'config' | 'clock'>) =>
  createCodeService({ tokens: createTokensRepository(ctx.db, ctx.clock), pepper: pepperOf(ctx), clock: ctx.clock });

/**
 * Registration, sign-in, profile, verification documents and model approval. Answers the first
 * administrator's credentials when this start generated them.
 */
export async function accountsModule(app: FastifyInstance, ctx: AppContext): Promise<{ firstAdmin: FirstAdminCredentials | null }> {
  const firstAdmin = await ensureFirstAdmin(ctx);

  const { db, sessions, mail, events, storage } = ctx;
  const users = createUsersRepository(db, { onChanged: (userId) => sessions.forget({ userId, sessionIds: 'all' }) });
  const tokens = createTokensRepository(db, ctx.clock);
  const codes = createCodeService({ tokens, pepper: pepperOf(ctx), clock: ctx.clock });
  const contactMessages = createContactMessagesRepository(db);
  const profile = createProfileService({ db, users, codes, sessions, storage, mail, events, settings: ctx.settings });

  registerAuthRoutes(
    app,
    ctx,
    createAuthService({
      db,
      users,
      tokens,
      codes,
      sessions,
      mail,
      events,
      publicUrl: ctx.config.publicUrl,
      pepper: pepperOf(ctx),
      clock: ctx.clock,
      loginThrottle: ctx.loginThrottle,
      welcome: { settings: ctx.settings, ledger: ctx.ledger },
    }),
  );
  registerProfileRoutes(app, ctx, profile);
  registerDirectoryRoutes(app, ctx, {
    members: createMembersService({ users }),
    contactUs: createContactUsService({
      db,
      settings: ctx.settings,
      users,
      messages: contactMessages,
      mail,
      adminEmail: ctx.config.adminEmail,
    }),
  });
  registerAdminContactRoutes(app, createAdminContactService({ db, repo: contactMessages, audit: ctx.audit }));
  registerAccountAdminRoutes(app, {
    adminModels: createAdminModelsService({ db, users, mail, events, audit: ctx.audit }),
    adminUsers: createAdminUsersService({ db, users, sessions, events, audit: ctx.audit }),
  });

  const unsubscribe = registerAccountsSocket({ events, io: ctx.io, getMe: profile.getMe });
  app.addHook('onClose', async () => unsubscribe());
  return { firstAdmin };
}
