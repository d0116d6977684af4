import {
  documentFieldsSchema,
  documentJsonSchema,
  ErrorCode,
  formatTokens,
  formatUsd,
  hundredthsToTokens,
  MODEL_MIN_AGE,
  payoutCents,
  type AccountCodeFor,
  type AccountCodeStatus,
  type Me,
  type updateProfileSchema,
} from '@cc/contracts';
import type { z } from 'zod';
import type { AuthContext, SessionService } from '../../platform/auth';
import type { Db } from '../../platform/db';
import { AppError, conflict, describeIssues, forbidden } from '../../platform/errors';
import type { EventBus } from '../../platform/events';
import type { MailQueue } from '../../platform/mail/outbox';
import { hashPassword, verifyPassword } from '../../platform/passwords';
import type { Storage } from '../../platform/storage';
import type { SettingsService } from '../system';
import { formatBytes, type FileRow } from '../../platform/uploads';
import { accountCodeMail } from './accounts.mail';
import { nextCallSettings } from './call-settings-rules';
import { toMe } from './accounts.presenter';
import { walletBalance } from '../wallet';
import { rethrowTaken, usernameTaken } from './auth.service';
import { CODE_RULES, type CodeService } from './codes.service';
import type { UserRow, UsersRepository } from './users.repository';
import { DOCUMENT_POLICY } from './upload-policies';
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

const invalidFields = (issues: z.core.$ZodIssue[]) => {
  const { msg, fields } = describeIssues(issues, 'fields');
  return new AppError(422, ErrorCode.VALIDATION_FAILED, msg, { fields });
};
const badFile = (msg: string) => new AppError(422, ErrorCode.VALIDATION_FAILED, `fileId: ${msg}`, { fields: { fileId: msg } });

export const notAModel = (action: string) => forbidden(`Only models can ${action}.`, ErrorCode.NOT_A_MODEL);

type ProfileDeps = {
  db: Db;
  users: UsersRepository;
  codes: CodeService;
  sessions: SessionService;
  storage: Storage;
  mail: MailQueue;
  events: EventBus;
  settings: Pick<SettingsService, 'get'>;
};

/** The signed-in member's own account: profile, avatar, password, document, code, deactivation. */
export function createProfileService(deps: ProfileDeps) {
  const answers = profileAnswers(deps);
  return {
    getMe: answers.getMe,
    meOf: answers.meOf,
    ...profileEdits(deps, answers),
    ...verificationDocuments(deps, answers),
    ...accountCodes(deps),
  };
}
export type ProfileService = ReturnType<typeof createProfileService>;

type ProfileAnswers = ReturnType<typeof profileAnswers>;

/** The member's account as they see it (Me), and what every change does on its way out. */
function profileAnswers({ db, users, storage, events }: ProfileDeps) {
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

  return { meOf, getMe, changed, discard };
}

/** The profile's fields, avatar, password and price per message. */
function profileEdits({ db, users, sessions, storage, events }: ProfileDeps, { changed, discard }: ProfileAnswers) {
  /**
   * Only the fields sent change; '' clears a text. `email` is accepted only as the current address:
   * there is no verified e-mail change yet, and the sign-in address must not change unconfirmed.
   * `callAvailable` follows the rules of PUT /masked-call/settings (docs/product.md#accounts).
   */
  async function updateProfile({ user, input }: { user: UserRow; input: z.output<typeof updateProfileSchema> }) {
    const { email, callAvailable, ...fields } = input;
    if (email !== undefined && email !== user.email) {
      const msg = 'The e-mail address cannot be changed here; it stays the one you sign in with.';
      throw new AppError(422, ErrorCode.VALIDATION_FAILED, `email: ${msg}`, { fields: { email: msg } });
    }
    // Checked before anything is written: a refusal leaves the whole profile as it was.
    const current = callAvailable === undefined ? user : await users.findById(user.id);
    if (!current) throw new Error('account vanished during an update');
    const calls = callAvailable === undefined ? {} : nextCallSettings(current, { callAvailable });
    if (fields.username && (await users.isUsernameTaken(fields.username, user.id))) throw usernameTaken();
    try {
      return await changed(await users.update(user.id, { ...fields, ...calls }));
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

  /** `token` is the price in hundredths (the route's schema decoded the tokens the client sent). */
  async function setTokenPerMessage({ user, token }: { user: UserRow; token: number }) {
    if (user.type !== 'model') throw notAModel('set a price per message');
    return changed(await users.update(user.id, { tokenPerMessage: token }));
  }

  return { updateProfile, replaceAvatar, updatePassword, setTokenPerMessage };
}

/** A model's verification document, by multipart upload or by an earlier upload's fileId. */
function verificationDocuments({ db, users, storage }: ProfileDeps, { changed, discard }: ProfileAnswers) {
  /** Checked before the upload is read, so a refused member does not send a 10 MB file for nothing. */
  function assertMaySubmitDocument(user: UserRow) {
    if (user.type !== 'model') throw notAModel('submit a verification document');
    // An approved model re-submitting would hide their profile until a new review.
    if (user.modelStatus === 'approved') throw conflict('Your account is already approved; there is no need for a new document.');
  }

  /**
   * POST /users/document as JSON: `fileId` names a photo or file the member uploaded through /media.
   * Its bytes are copied into a new private document file (owner and administrators only, like a
   * multipart document); the upload itself keeps the rights it had. Nothing is stored on a refusal.
   */
  async function submitDocumentByFileId({ userId, body }: { userId: string; body: unknown }) {
    const parsed = documentJsonSchema.safeParse(body ?? {});
    if (!parsed.success) throw invalidFields(parsed.error.issues);
    const { fileId, ...fields } = parsed.data;
    const checked = documentInputSchema.safeParse(fields);
    if (!checked.success) throw invalidFields(checked.error.issues);

    const source = await users.findFile(fileId);
    // Someone else's file answers like a missing one, so ids of others' uploads reveal nothing.
    if (!source || source.ownerId !== userId || source.kind !== 'media') throw badFile('No upload of yours has that fileId.');
    const accepted = DOCUMENT_POLICY.accept.find((t) => t.mime === source.mimeType);
    if (!accepted) throw badFile(`The document must be one of: ${DOCUMENT_POLICY.accept.map((t) => t.ext.toUpperCase()).join(', ')}.`);
    if (source.size > DOCUMENT_POLICY.maxBytes) throw badFile(`The document must be at most ${formatBytes(DOCUMENT_POLICY.maxBytes)}.`);

    const stored = await storage.put(storage.read(source.storageKey), { prefix: DOCUMENT_POLICY.kind, extension: accepted.ext });
    let file: FileRow;
    try {
      file = await users.insertFile({
        ownerId: userId,
        kind: DOCUMENT_POLICY.kind,
        visibility: DOCUMENT_POLICY.visibility,
        storageKey: stored.key,
        fileName: source.fileName,
        mimeType: source.mimeType,
        size: stored.size,
      });
    } catch (error) {
      await storage.remove(stored.key);
      throw error;
    }
    return submitDocument({ userId, file, fields: checked.data });
  }

  /**
   * Keeps the uploaded document only when its fields are valid; otherwise the stored file is removed
   * so nothing is half-written. A new document replaces an earlier one and waits for review.
   */
  async function submitDocument({ userId, file, fields }: { userId: string; file: FileRow; fields: Record<string, string> }) {
    const parsed = documentInputSchema.safeParse(fields);
    if (!parsed.success) {
      await discard(file);
      throw invalidFields(parsed.error.issues);
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

  return { assertMaySubmitDocument, submitDocument, submitDocumentByFileId };
}

/** The account code that confirms a payout or a deactivation, and the deactivation itself. */
function accountCodes({ db, users, codes, sessions, mail, events, settings }: ProfileDeps) {
  /** Whether an account code waits, and until when. */
  async function accountCodeStatus({ user }: { user: UserRow }): Promise<AccountCodeStatus> {
    const until = await codes.pendingUntil({ userId: user.id, purpose: 'account' });
    if (!until) return { pending: false, expiresAt: null, message: 'No code is waiting. Ask for one with POST /users/otp/.', sent: false };
    const at = until.toISOString();
    return { pending: true, expiresAt: at, message: `A code was sent to your e-mail address. It is valid until ${at}.`, sent: false };
  }

  /** What the code's mail says it confirms; amounts in hundredths, money at today's payout rate. */
  async function whatItConfirms({ purpose, token }: AccountCodeFor): Promise<string | undefined> {
    if (purpose === 'deactivate') return 'that you want to deactivate your account';
    if (purpose !== 'payout') return undefined;
    if (token === undefined) return 'your payout request';
    const money = formatUsd(payoutCents(token, await settings.get('payoutRateCents')));
    return `your payout request of ${formatTokens(hundredthsToTokens(token))} tokens (${money})`;
  }

  /**
   * Mails a new account code, which replaces the previous one. Every route that mails it comes
   * here, so one cap per account holds for all of them, on every node (docs/product.md#compatibility).
   */
  async function sendAccountCode({ user, ...what }: { user: UserRow } & AccountCodeFor) {
    const since = new Date(Date.now() - 10 * 60_000);
    if ((await codes.countSentSince(user.id, 'account', since)) >= ACCOUNT_CODES_PER_10_MINUTES) {
      throw new AppError(429, ErrorCode.RATE_LIMITED, 'Too many codes asked for. Please wait 10 minutes and try again.');
    }
    const minutes = CODE_RULES.account.ttlMinutes;
    const confirms = await whatItConfirms(what);
    await db.transaction(async (tx) => {
      const code = await codes.issue({ userId: user.id, purpose: 'account' }, tx);
      await mail.enqueue(accountCodeMail(user.email, user.name, code, minutes, confirms), tx);
    });
    return { ok: true as const, message: `We sent a 6-digit code to your e-mail address. It is valid for ${minutes} minutes.` };
  }

  /**
   * GET /users/otp/, the spec's way of asking for the code. Signed in by the bearer header it mails
   * the code; signed in by the cookie alone (which a link or an image on another site brings along)
   * it only reports, so nobody can mail codes and replace the one a member is about to type.
   */
  async function accountCodeByGet({ user, bearer }: { user: UserRow; bearer: boolean }): Promise<AccountCodeStatus> {
    if (!bearer) return accountCodeStatus({ user });
    const { message } = await sendAccountCode({ user });
    return { ...(await accountCodeStatus({ user })), message, sent: true };
  }

  /** Hides the account and ends its sessions; its data is kept. */
  async function deactivate({ userId, verifyCode }: { userId: string; verifyCode: string }) {
    await codes.consume({ userId, purpose: 'account', code: verifyCode });
    await db.transaction(async (tx) => {
      await users.update(userId, { status: 'deactivated' }, tx);
      await sessions.revoke({ userId }, tx);
    });
    events.publish('session.revoked', { userId, sessionIds: 'all', reason: 'deactivated' });
    events.publish('user.updated', { userId });
    return { ok: true as const, message: 'Your account is deactivated. You have been signed out everywhere.' };
  }

  return { accountCodeByGet, sendAccountCode, deactivate };
}
