import type { AppContext } from '../../app-context';
import { createCodeService } from './codes.service';
import { keyedHash } from './secrets';
import { createTokensRepository } from './tokens.repository';

/** Codes and reset tokens are keyed with a secret derived from, not equal to, the JWT key. */
export const pepperOf = (ctx: Pick<AppContext, 'config'>) => keyedHash(ctx.config.jwtSecret, 'accounts', 'code-pepper');

/**
 * The account code service for other modules (payouts check `verifyCode` with it):
 * `await codes.consume({ userId, purpose: 'account', code })` throws 422 INVALID_CODE when wrong.
 */
export const createAccountCodeService = (ctx: Pick<AppContext, 'db' | 'config' | 'clock'>) =>
  createCodeService({ tokens: createTokensRepository(ctx.db, ctx.clock), pepper: pepperOf(ctx), clock: ctx.clock });
