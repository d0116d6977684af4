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
import { pepperOf } from './account-codes';
import { createTokensRepository } from './tokens.repository';
import { createAdminUsersService } from './admin-users.service';
import { createUsersRepository } from './users.repository';

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
