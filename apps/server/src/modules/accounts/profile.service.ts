import { documentFieldsSchema, ErrorCode, MODEL_MIN_AGE, type AccountCodeStatus, type Me, type UpdateProfileInput } from '@cc/contracts';
import type { AuthContext, SessionService } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError, conflict, describeIssues, forbidden } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { MailQueue } from '../../platform/mail/outbox';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { Storage } from '../../platform/storage';
import type { FileRow } from '../../platform/uploads';
import { accountCodeMail } from './accounts.mail';
import { toMe } from './accounts.presenter';
import { walletBalance } from '../wallet';
import { rethrowTaken, usernameTaken } from './auth.service';
import { CODE_RULES, type CodeService } from './codes.service';
import type { UserRow, UsersRepository } from './users.repository';
import { readDocument, type StoredDocument } from './verification-document';

const ACCOUNT_CODES_PER_10_MINUTES = 5;

/** True when someone born on `birthDate` (YYYY-MM-DD) has had their 18th birthday by `today`. */
export function isAdult(birthDate: string, today = new Date()) {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  return Date.UTC(year + MODEL_MIN_AGE, month - 1, day) <= today.getTime();
}

/** The shared field rules plus the age rule, checked on the server at submission time. */
const documentInputSchema = documentFieldsSchema
  .refine((d) => isAdult(d.birthDate), { path: ['birthDate'], message: `You must be at least ${MODEL_MIN_AGE} years old` })
  .refine((d) => Number(d.birthDate.slice(0, 4)) >= 1900, { path: ['birthDate'], message: 'Birth date is not plausible' });

export const notAModel = (action: string) => forbidden(`Only models can ${action}.`, ErrorCode.NOT_A_MODEL);

/** The signed-in member's own account: profile, avatar, password, document, code, deactivation. */
export function createProfileService(deps: {
  db: Db;
  users: UsersRepository;
  codes: CodeService;
  sessions: SessionService;
  storage: Storage;
  mail: MailQueue;
  events: EventBus;
}) {
  const { db, users, codes, sessions, storage, mail, events } = deps;

  async function meOf(user: UserRow): Promise<Me> {
    const files = await users.filesByIds([user.avatarFileId, readDocument(user.verificationDocument)?.fileId]);
    return toMe(user, files, await walletBalance(db, user.id));
  }

  async function getMe(userId: string): Promise<Me | undefined> {
    const user = await users.findById(userId);
    return user ? meOf(user) : undefined;
  }

  async function changed(user: UserRow | undefined): Promise<Me> {
    if (!user) throw new Error('account vanished during an update');
    events.publish('user.updated', { userId: user.id });
    return meOf(user);
  }

  /** Removes an upload that will not be kept: its row and its bytes. */
  async function discard(file: FileRow) {
    await users.deleteFile(file.id);
    await storage.remove(file.storageKey);
  }

  async function updateProfile({ userId, input }: { userId: string; input: UpdateProfileInput }) {
    if (input.username && (await users.isUsernameTaken(input.username, userId))) throw usernameTaken();
    const patch = { name: input.name, username: input.username, bio: input.bio };
    try {
      return await changed(await users.update(userId, patch));
    } catch (error) {
      rethrowTaken(error);
    }
  }

  async function replaceAvatar({ userId, file }: { userId: string; file: FileRow }) {
    let previousKey: string | undefined;
    let user: UserRow | undefined;
    try {
      user = await db.transaction(async (tx) => {
        const current = await users.lockById(userId, tx);
        if (current?.avatarFileId) previousKey = await users.deleteFile(current.avatarFileId, tx);
        return users.update(userId, { avatarFileId: file.id }, tx);
      });
    } catch (error) {
      await discard(file);
      throw error;
    }
    if (previousKey) await storage.remove(previousKey);
    return changed(user);
  }

  /** Keeps the device that changed the password signed in and ends every other session. */
  async function updatePassword({ auth, input }: { auth: AuthContext; input: { currentPassword: string; newPassword: string } }) {
    if (!(await verifyPassword(auth.user.passwordHash, input.currentPassword))) {
      throw new AppError(422, ErrorCode.WRONG_PASSWORD, 'Your current password is not right.', {
        fields: { currentPassword: 'Your current password is not right.' },
      });
    }
    const passwordHash = await hashPassword(input.newPassword);
    const ended = await db.transaction(async (tx) => {
      await users.update(auth.user.id, { passwordHash }, tx);
      return sessions.revoke({ userId: auth.user.id, exceptSessionId: auth.sessionId }, tx);
    });
    if (ended.length > 0) events.publish('session.revoked', { userId: auth.user.id, sessionIds: ended, reason: 'password-changed' });
    return { ok: true as const, message: 'Your password is changed. Other devices have been signed out.' };
  }

  /** Checked before the upload is read, so a refused member does not send a 10 MB file for nothing. */
  function assertMaySubmitDocument(user: UserRow) {
    if (user.type !== 'model') throw notAModel('submit a verification document');
    // An approved model re-submitting would hide their profile until a new review.
    if (user.modelStatus === 'approved') throw conflict('Your account is already approved; there is no need for a new document.');
  }

  /**
   * Keeps the uploaded document only when its fields are valid; otherwise the stored file is removed
   * so nothing is half-written. A new document replaces an earlier one and waits for review.
   */
  async function submitDocument({ userId, file, fields }: { userId: string; file: FileRow; fields: Record<string, string> }) {
    const parsed = documentInputSchema.safeParse(fields);
    if (!parsed.success) {
      await discard(file);
      const { msg, fields: failing } = describeIssues(parsed.error.issues, 'fields');
      throw new AppError(422, ErrorCode.VALIDATION_FAILED, msg, { fields: failing });
    }
    const document: StoredDocument = {
      ...parsed.data,
      fileId: file.id,
      submittedAt: new Date().toISOString(),
      reviewedAt: null,
      refusalReason: null,
    };
    let previousKey: string | undefined;
    let user: UserRow | undefined;
    try {
      user = await db.transaction(async (tx) => {
        const current = await users.lockById(userId, tx);
        if (!current) throw new Error('account vanished during an upload');
        assertMaySubmitDocument(current);
        const previousFileId = readDocument(current.verificationDocument)?.fileId;
        if (previousFileId) previousKey = await users.deleteFile(previousFileId, tx);
        return users.update(userId, { verificationDocument: document, modelStatus: 'pending' }, tx);
      });
    } catch (error) {
      await discard(file);
      throw error;
    }
    if (previousKey) await storage.remove(previousKey);
    return changed(user);
  }

  /**
   * GET /users/otp/: whether a code waits. It sends nothing: a GET is answered to the session cookie
   * alone, which a link on another site brings along (docs/product.md#compatibility).
   */
  async function accountCodeStatus({ user }: { user: UserRow }): Promise<AccountCodeStatus> {
    const until = await codes.pendingUntil({ userId: user.id, purpose: 'account' });
    if (!until) return { pending: false, expiresAt: null, message: 'No code is waiting. Ask for one with POST /users/otp/.' };
    const at = until.toISOString();
    return { pending: true, expiresAt: at, message: `A code was sent to your e-mail address. It is valid until ${at}.` };
  }

  /** POST /users/otp/: a new code replaces the previous one. */
  async function sendAccountCode({ user }: { user: UserRow }) {
    const since = new Date(Date.now() - 10 * 60_000);
    if ((await codes.countSentSince(user.id, 'account', since)) >= ACCOUNT_CODES_PER_10_MINUTES) {
      throw new AppError(429, ErrorCode.RATE_LIMITED, 'Too many codes asked for. Please wait 10 minutes and try again.');
    }
    const minutes = CODE_RULES.account.ttlMinutes;
    await db.transaction(async (tx) => {
      const code = await codes.issue({ userId: user.id, purpose: 'account' }, tx);
      await mail.enqueue(accountCodeMail(user.email, user.name, code, minutes), tx);
    });
    return { ok: true as const, message: `We sent a 6-digit code to your e-mail address. It is valid for ${minutes} minutes.` };
  }

  /** Hides the account and ends its sessions; its data is kept. */
  async function deactivate({ userId, verifyCode }: { userId: string; verifyCode: string }) {
    await codes.consume({ userId, purpose: 'account', code: verifyCode });
    await db.transaction(async (tx) => {
      await users.update(userId, { status: 'deactivated' }, tx);
      await sessions.revoke({ userId }, tx);
    });
    events.publish('session.revoked', { userId, sessionIds: 'all', reason: 'deactivated' });
    return { ok: true as const, message: 'Your account is deactivated. You have been signed out everywhere.' };
  }

  /** `token` is the price in hundredths (the route's schema decoded the tokens the client sent). */
  async function setTokenPerMessage({ user, token }: { user: UserRow; token: number }) {
    if (user.type !== 'model') throw notAModel('set a price per message');
    return changed(await users.update(user.id, { tokenPerMessage: token }));
  }

  return {
    getMe,
    meOf,
    updateProfile,
    replaceAvatar,
    updatePassword,
    assertMaySubmitDocument,
    submitDocument,
    accountCodeStatus,
    sendAccountCode,
    deactivate,
    setTokenPerMessage,
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;
