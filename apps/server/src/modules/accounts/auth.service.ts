import { ErrorCode, type loginSchema, type registerSchema } from '@cc/contracts';
import type { z } from 'zod';
import { ACCOUNT_REFUSALS, type SessionService } from '../../platform/auth';
import type { LoginThrottle } from '../../platform/login-throttle';
import { isUniqueViolation, type Db, type Tx } from '../../platform/db';
import { AppError, conflict, forbidden } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { MailQueue } from '../../platform/mail/outbox';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords';
import { resetPasswordMail, verifyEmailMail } from './accounts.mail';
import { CODE_RULES, invalidCode, type CodeService } from './codes.service';
import { keyedHash, resetToken } from './secrets';
import type { SettingsService } from '../system';
import type { Ledger, Posted } from '../wallet';
import type { TokensRepository } from './tokens.repository';
import type { UserRow, UsersRepository } from './users.repository';
import type { Clock } from '../../platform/clock';

type RegisterData = z.output<typeof registerSchema>;
type LoginData = z.output<typeof loginSchema>;

const RESET_LINK_MINUTES = 60;
/** Caps per account that hold across processes; the per-address HTTP limits come on top. */
const MAX_VERIFY_MAILS_PER_HOUR = 5;
const MAX_RESET_MAILS_PER_HOUR = 5;

const tooManyFailedSignIns = (waitMs: number) => {
  const seconds = Math.ceil(waitMs / 1000);
  return new AppError(
    429,
    ErrorCode.RATE_LIMITED,
    `Too many failed sign-ins for this account. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    { retryAfterSeconds: seconds },
  );
};

export const emailTaken = () => conflict('An account with that e-mail address already exists.', ErrorCode.EMAIL_TAKEN);
export const usernameTaken = () => conflict('That username is taken. Choose another one.', ErrorCode.USERNAME_TAKEN);

/** Maps a lost race on a unique column to the same 409 the pre-check gives. */
export function rethrowTaken(error: unknown): never {
  if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
  if (isUniqueViolation(error, 'users_username_key')) throw usernameTaken();
  throw error;
}

const hourAgo = () => new Date(Date.now() - 60 * 60_000);

type AuthDeps = {
  db: Db;
  users: UsersRepository;
  tokens: TokensRepository;
  codes: CodeService;
  sessions: SessionService;
  mail: MailQueue;
  events: EventBus;
  publicUrl: string;
  pepper: string;
  /** Reset links expire by the server's clock (platform/clock.ts). */
  clock: Clock;
  loginThrottle: LoginThrottle;
  /** Welcome tokens (docs/product.md#welcome-tokens): the setting, and the ledger that grants them. */
  welcome: { settings: Pick<SettingsService, 'cached'>; ledger: Pick<Ledger, 'grantSignupTokens' | 'announce'> };
};

/** Registration, e-mail confirmation, sign-in and out, and password reset by e-mail link. */
export function createAuthService(deps: AuthDeps) {
  return { ...registration(deps), ...signIn(deps), ...passwordReset(deps) };
}
export type AuthService = ReturnType<typeof createAuthService>;

/** A new account, its welcome tokens, and the mailed code that confirms its address. */
function registration(deps: AuthDeps) {
  const { db, users, codes, mail } = deps;
  /** Our page where a mailed confirmation code is typed, the address filled in. */
  const confirmPageOf = (email: string) => `${deps.publicUrl}/auth/verify?email=${encodeURIComponent(email)}`;

  /**
   * Members (not models: tokens a model holds can be paid out) get `signupFreeTokens` in the
   * transaction that creates them, so there is never an account without its grant or the other way
   * round (docs/product.md#welcome-tokens). 0 writes nothing.
   */
  async function grantWelcomeTokens(user: UserRow, tx: Tx): Promise<Posted | null> {
    if (user.type !== 'user') return null;
    const amount = await deps.welcome.settings.cached('signupFreeTokens', tx);
    if (amount <= 0) return null;
    return deps.welcome.ledger.grantSignupTokens({ userId: user.id, amount }, tx);
  }

  async function register(input: RegisterData) {
    if (await users.isEmailTaken(input.email)) throw emailTaken();
    if (await users.isUsernameTaken(input.username)) throw usernameTaken();
    const passwordHash = await hashPassword(input.password);
    let granted: Posted | null = null;
    try {
      granted = await db.transaction(async (tx) => {
        const user = await users.insert(
          // Without a name, the username is shown until the member picks one (docs/product.md#accounts).
          { name: input.name ?? input.username, username: input.username, email: input.email, passwordHash, type: input.type },
          tx,
        );
        const code = await codes.issue({ userId: user.id, purpose: 'verify-email' }, tx);
        await mail.enqueue(
          verifyEmailMail(user.email, user.name, code, CODE_RULES['verify-email'].ttlMinutes, confirmPageOf(user.email)),
          tx,
        );
        return grantWelcomeTokens(user, tx);
      });
    } catch (error) {
      rethrowTaken(error);
    }
    if (granted) deps.welcome.ledger.announce(granted);
    return {
      message: 'Your account is created. We sent a 6-digit code to your e-mail address: enter it to confirm the address.',
      email: input.email,
    };
  }

  /** Confirms the address; signing in stays a separate step. */
  async function verifyEmail(input: { email: string; verifyCode: string }) {
    const user = await users.findByEmail(input.email);
    if (user?.emailVerifiedAt) return { ok: true as const, message: 'Your e-mail address is already confirmed. You can sign in.' };
    if (!user) throw invalidCode('That code is not valid. Ask for a new code.');
    await codes.consume({ userId: user.id, purpose: 'verify-email', code: input.verifyCode });
    await users.update(user.id, { emailVerifiedAt: new Date() });
    return { ok: true as const, message: 'Your e-mail address is confirmed. You can sign in now.' };
  }

  /** Always the same answer, so nobody learns which addresses have accounts. */
  async function resendVerification(input: { email: string }) {
    const user = await users.findByEmail(input.email);
    const due =
      user && !user.emailVerifiedAt && (await codes.countSentSince(user.id, 'verify-email', hourAgo())) < MAX_VERIFY_MAILS_PER_HOUR;
    if (user && due) {
      await db.transaction(async (tx) => {
        const code = await codes.issue({ userId: user.id, purpose: 'verify-email' }, tx);
        await mail.enqueue(
          verifyEmailMail(user.email, user.name, code, CODE_RULES['verify-email'].ttlMinutes, confirmPageOf(user.email)),
          tx,
        );
      });
    }
    return { ok: true as const, message: 'If that address belongs to an account waiting for confirmation, a new code is on its way.' };
  }

  return { register, verifyEmail, resendVerification };
}

function signIn(deps: AuthDeps) {
  const { users, sessions, events } = deps;

  async function login(input: LoginData & { userAgent?: string | undefined }) {
    // Guesses against one account slow down wherever they come from (docs/operations.md#limits).
    const waitMs = await deps.loginThrottle.waitMs(input.email);
    if (waitMs > 0) throw tooManyFailedSignIns(waitMs);
    const user = await users.findByEmail(input.email);
    // Verify against a dummy hash when the account is missing, so timing does not reveal it.
    const passwordOk = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!user || !passwordOk) {
      await deps.loginThrottle.failed(input.email);
      throw new AppError(401, ErrorCode.INVALID_CREDENTIALS, 'E-mail or password is incorrect.');
    }
    await deps.loginThrottle.succeeded(input.email);
    assertMaySignIn(user);
    const { token, expiresAt } = await sessions.issue({ userId: user.id, keepLogin: input.keepLogin, userAgent: input.userAgent });
    return { token, expiresAt: expiresAt.toISOString() };
  }

  async function logout({ userId, sessionId }: { userId: string; sessionId: string }) {
    const ended = await sessions.revoke({ userId, sessionIds: [sessionId] });
    if (ended.length > 0) events.publish('session.revoked', { userId, sessionIds: ended, reason: 'logout' });
  }

  return { login, logout };
}

/** A mailed link that sets a new password once and ends every session. */
function passwordReset(deps: AuthDeps) {
  const { db, users, tokens, sessions, mail, events } = deps;

  async function forgotPassword(input: { email: string }) {
    const user = await users.findByEmail(input.email);
    const due = user && user.status === 'active' && (await tokens.countResetsSince(user.id, hourAgo())) < MAX_RESET_MAILS_PER_HOUR;
    if (user && due) {
      const token = resetToken();
      await db.transaction(async (tx) => {
        await tokens.insertReset(
          {
            userId: user.id,
            tokenHash: keyedHash(deps.pepper, 'reset', token),
            expiresAt: new Date(deps.clock.ms() + RESET_LINK_MINUTES * 60_000),
          },
          tx,
        );
        await mail.enqueue(resetPasswordMail(user.email, user.name, `${deps.publicUrl}/auth/reset/${token}`), tx);
      });
    }
    return { ok: true as const, message: 'If that address belongs to an account, a link to reset the password is on its way.' };
  }

  async function resetPassword(input: { token: string; password: string }) {
    const passwordHash = await hashPassword(input.password);
    const userId = await db.transaction(async (tx) => {
      const owner = await tokens.useReset(keyedHash(deps.pepper, 'reset', input.token), tx);
      if (!owner)
        throw new AppError(
          422,
          ErrorCode.INVALID_RESET_TOKEN,
          'This reset link is not valid any more: it was used or has expired. Ask for a new one.',
        );
      const user = await users.lockById(owner, tx);
      // Opening the mailed link proves the address, so an unconfirmed account becomes confirmed.
      await users.update(owner, { passwordHash, emailVerifiedAt: user?.emailVerifiedAt ?? new Date() }, tx);
      await tokens.retireResets(owner, tx);
      await sessions.revoke({ userId: owner }, tx);
      return owner;
    });
    events.publish('session.revoked', { userId, sessionIds: 'all', reason: 'password-changed' });
    return { ok: true as const, message: 'Your password is changed. Sign in with the new password.' };
  }

  return { forgotPassword, resetPassword };
}

/** The right password is not enough: the account must be active and its address confirmed. */
function assertMaySignIn(user: UserRow) {
  if (user.status === 'suspended') {
    throw forbidden(ACCOUNT_REFUSALS.suspended, ErrorCode.ACCOUNT_DEACTIVATED);
  }
  if (user.status === 'deactivated') throw forbidden(ACCOUNT_REFUSALS.deactivated, ErrorCode.ACCOUNT_DEACTIVATED);
  if (!user.emailVerifiedAt) {
    throw forbidden(
      'Please confirm your e-mail address first: enter the 6-digit code we sent you, or ask for a new one.',
      ErrorCode.EMAIL_NOT_VERIFIED,
    );
  }
}
