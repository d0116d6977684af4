import { and, count, desc, eq, gt, gte, isNull, lt, sql } from 'drizzle-orm';
import { passwordResets, verificationCodes } from '../../db/schema';
import type { Db, DbOrTx } from '../../platform/db';
import type { Clock } from '../../platform/clock';

export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];
export type CodeRow = typeof verificationCodes.$inferSelect;

/**
 * One-time codes and password-reset tokens; only hashes are stored. Whether one is still good is
 * read from the server's clock (platform/clock.ts).
 */
export function createTokensRepository(db: Db, clock: Clock) {
  return { ...codesRepository(db, clock), ...resetsRepository(db, clock) };
}
export type TokensRepository = ReturnType<typeof createTokensRepository>;

/** The one-time codes mailed to confirm an address or an account action. */
function codesRepository(db: Db, clock: Clock) {
  async function insertCode(values: { userId: string; purpose: CodePurpose; codeHash: string; expiresAt: Date }, tx: DbOrTx = db) {
    await tx.insert(verificationCodes).values(values);
  }

  /** A new code replaces the old ones: they are marked used, and stay as a record for send limits. */
  async function retireCodes(userId: string, purpose: CodePurpose, tx: DbOrTx = db) {
    await tx
      .update(verificationCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt)));
  }

  async function latestOpenCode(userId: string, purpose: CodePurpose): Promise<CodeRow | undefined> {
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    return row;
  }

  /** Counts one wrong try; a single statement so parallel guesses cannot exceed the limit. */
  async function recordWrongTry(id: string, maxTries: number): Promise<number | undefined> {
    const [row] = await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(and(eq(verificationCodes.id, id), lt(verificationCodes.attempts, maxTries)))
      .returning({ attempts: verificationCodes.attempts });
    return row?.attempts;
  }

  /** Marks the code used; false when someone else used it first or it ran out of tries. */
  async function useCode(id: string, maxTries: number, tx: DbOrTx = db): Promise<boolean> {
    const used = await tx
      .update(verificationCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(verificationCodes.id, id),
          isNull(verificationCodes.usedAt),
          lt(verificationCodes.attempts, maxTries),
          gt(verificationCodes.expiresAt, clock.now()),
        ),
      )
      .returning({ id: verificationCodes.id });
    return used.length > 0;
  }

  async function countCodesSince(userId: string, purpose: CodePurpose, since: Date) {
    const [row] = await db
      .select({ n: count() })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), gte(verificationCodes.createdAt, since)));
    return row?.n ?? 0;
  }

  return { insertCode, retireCodes, latestOpenCode, recordWrongTry, useCode, countCodesSince };
}

/** The password-reset links' tokens. */
function resetsRepository(db: Db, clock: Clock) {
  async function insertReset(values: { userId: string; tokenHash: string; expiresAt: Date }, tx: DbOrTx = db) {
    await tx.insert(passwordResets).values(values);
  }

  /** Uses a reset token once: answers its owner, or nothing when unknown, used or expired. */
  async function useReset(tokenHash: string, tx: DbOrTx): Promise<string | undefined> {
    const [row] = await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, clock.now())))
      .returning({ userId: passwordResets.userId });
    return row?.userId;
  }

  /** Once the password changed, older links must not change it again. */
  async function retireResets(userId: string, tx: DbOrTx) {
    await tx
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  }

  async function countResetsSince(userId: string, since: Date) {
    const [row] = await db
      .select({ n: count() })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, userId), gte(passwordResets.createdAt, since)));
    return row?.n ?? 0;
  }

  return { insertReset, useReset, retireResets, countResetsSince };
}
