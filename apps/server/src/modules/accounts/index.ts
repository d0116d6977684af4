import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { registerAccountRoutes } from './accounts.routes';
import { registerAccountsSocket } from './accounts.socket';
import { createAuthService } from './auth.service';
import { createCodeService } from './codes.service';
import { createContactUsService } from './contact-us.service';
import { ensureFirstAdmin } from './first-admin';
import { createMembersService } from './members.service';
import { createModelsAdminService } from './models-admin.service';
import { createProfileService } from './profile.service';
import { keyedHash } from './secrets';
import { createTokensRepository } from './tokens.repository';
import { createUsersAdminService } from './users-admin.service';
import { createUsersRepository } from './users.repository';

export type { CodeService } from './codes.service';
export { toProfileByUsername } from './accounts.presenter';
export { visibleMemberWhere } from './member-visibility';
export type { FileRef, UserRow } from './users.repository';

/** Codes and reset tokens are keyed with a secret derived from, not equal to, the JWT key. */
const pepperOf = (ctx: Pick<AppContext, 'config'>) => keyedHash(ctx.config.jwtSecret, 'accounts', 'code-pepper');

/**
 * The account code service for other modules (payouts check `verifyCode` with it):
 * `await codes.consume({ userId, purpose: 'account', code })` throws 422 INVALID_CODE when wrong.
 */
export const createAccountCodeService = (ctx: Pick<AppContext, 'db' | 'config'>) =>
  createCodeService({ tokens: createTokensRepository(ctx.db), pepper: pepperOf(ctx) });

/** Registration, sign-in, profile, verification documents and model approval. */
export async function accountsModule(app: FastifyInstance, ctx: AppContext) {
  await ensureFirstAdmin(ctx);

  const { db, sessions, mail, events, storage } = ctx;
  const users = createUsersRepository(db);
  const tokens = createTokensRepository(db);
  const codes = createCodeService({ tokens, pepper: pepperOf(ctx) });
  const profile = createProfileService({ db, users, codes, sessions, storage, mail, events });

  registerAccountRoutes(app, ctx, {
    auth: createAuthService({ db, users, tokens, codes, sessions, mail, events, publicUrl: ctx.config.publicUrl, pepper: pepperOf(ctx) }),
    profile,
    members: createMembersService({ users }),
    modelsAdmin: createModelsAdminService({ db, users, mail, events }),
    usersAdmin: createUsersAdminService({ db, users, sessions, events }),
    contactUs: createContactUsService({ settings: ctx.settings, users, mail, adminEmail: ctx.config.adminEmail }),
  });

  const unsubscribe = registerAccountsSocket({ events, io: ctx.io, getMe: profile.getMe });
  app.addHook('onClose', async () => unsubscribe());
}
