import { ErrorCode } from '@cc/contracts';
import type { Clock } from '../../platform/clock';
import type { DbOrTx } from '../../platform/db';
import { AppError } from '../../platform/errors';
import { keyedHash, sameHash, sixDigitCode } from './secrets';
import type { CodePurpose, TokensRepository } from './tokens.repository';

/** How long each kind of code lives and how many wrong tries it survives. */
export const CODE_RULES: Record<CodePurpose, { ttlMinutes: number; maxTries: number }> = {
  'verify-email': { ttlMinutes: 30, maxTries: 5 },
  account: { ttlMinutes: 10, maxTries: 5 },
};

export const invalidCode = (msg: string) => new AppError(422, ErrorCode.INVALID_CODE, msg, { fields: { verifyCode: msg } });

/**
 * E-mailed 6-digit codes: confirming an address, and the account code that guards deactivation and
 * payouts. Other modules use `consume` through the accounts index.
 */
export function createCodeService({ tokens, pepper, clock }: { tokens: TokensRepository; pepper: string; clock: Clock }) {
  const hashOf = (userId: string, purpose: CodePurpose, code: string) => keyedHash(pepper, `code:${purpose}:${userId}`, code);

  /** Creates a code that replaces any earlier one; the caller mails it in the same transaction. */
  async function issue({ userId, purpose }: { userId: string; purpose: CodePurpose }, tx?: DbOrTx) {
    const code = sixDigitCode();
    await tokens.retireCodes(userId, purpose, tx);
    await tokens.insertCode(
      {
        userId,
        purpose,
        codeHash: hashOf(userId, purpose, code),
        expiresAt: new Date(clock.ms() + CODE_RULES[purpose].ttlMinutes * 60_000),
      },
      tx,
    );
    return code;
  }

  /**
   * Uses the member's current code or throws 422 INVALID_CODE saying why and how many tries are left.
   * Call it outside a transaction: a wrong try must be counted even though the request fails.
   */
  async function consume({ userId, purpose, code }: { userId: string; purpose: CodePurpose; code: string }) {
    const { maxTries } = CODE_RULES[purpose];
    const row = await tokens.latestOpenCode(userId, purpose);
    if (!row) throw invalidCode('That code is not valid. Ask for a new code.');
    if (row.expiresAt.getTime() <= clock.ms()) throw invalidCode('That code has expired. Ask for a new code.');
    if (row.attempts >= maxTries) throw invalidCode('Too many wrong tries for that code. Ask for a new code.');

    if (!sameHash(row.codeHash, hashOf(userId, purpose, code))) {
      const attempts = (await tokens.recordWrongTry(row.id, maxTries)) ?? maxTries;
      const left = maxTries - attempts;
      throw invalidCode(
        left > 0
          ? `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`
          : 'That code is not right and no tries are left. Ask for a new code.',
      );
    }
    if (!(await tokens.useCode(row.id, maxTries))) throw invalidCode('That code has already been used. Ask for a new code.');
  }

  /** When the member's current code of a kind stops working, or null when none can be used any more. */
  async function pendingUntil({ userId, purpose }: { userId: string; purpose: CodePurpose }): Promise<Date | null> {
    const row = await tokens.latestOpenCode(userId, purpose);
    if (!row || row.expiresAt.getTime() <= clock.ms() || row.attempts >= CODE_RULES[purpose].maxTries) return null;
    return row.expiresAt;
  }

  /** How many codes of a kind the member was sent lately, for send limits that hold across processes. */
  const countSentSince = (userId: string, purpose: CodePurpose, since: Date) => tokens.countCodesSince(userId, purpose, since);

  return { issue, consume, pendingUntil, countSentSince };
}
export type CodeService = ReturnType<typeof createCodeService>;
