import { randomBytes, randomUUID } from 'node:crypto';
import { tokensToHundredths } from '@cc/contracts';
import { users } from '../db/schema';
import { hashPassword } from '../platform/passwords';
import type { TestApp } from './harness';
import { TEST_PASSWORD } from './test-password';

export { TEST_PASSWORD } from './test-password';
let passwordHash: Promise<string> | undefined;

type MemberOverrides = Partial<typeof users.$inferInsert>;

/**
 * A verified, active account straight in the database, signed in: tests build their own world
 * with these instead of sharing fixtures. Models are approved unless told otherwise.
 */
export async function createMember(app: TestApp, overrides: MemberOverrides = {}) {
  const suffix = randomBytes(4).toString('hex');
  const type = overrides.type ?? 'user';
  const [user] = await app.ctx.db
    .insert(users)
    .values({
      email: `member-${suffix}@example.test`,
      username: `member_${suffix}`,
      name: `Member ${suffix}`,
      passwordHash: await (passwordHash ??= hashPassword(TEST_PASSWORD)),
      emailVerifiedAt: new Date(),
      type,
      modelStatus: type === 'model' ? 'approved' : 'none',
      ...overrides,
    })
    .returning();
  const { token, sessionId } = await app.ctx.sessions.issue({ userId: user!.id, keepLogin: true });
  return { user: user!, token, sessionId };
}

export const createModel = (app: TestApp, overrides: MemberOverrides = {}) => createMember(app, { type: 'model', ...overrides });
export const createAdmin = (app: TestApp, overrides: MemberOverrides = {}) => createMember(app, { role: 'admin', ...overrides });

/**
 * Puts `tokens` (as people count them: 12.5) in a member's wallet through the app's one ledger, as
 * a card purchase would. The ledger keeps hundredths; answers show tokens again.
 */
export async function giveTokens(app: TestApp, userId: string, tokens: number) {
  await app.ctx.ledger.creditCardPurchase({
    userId,
    amount: tokensToHundredths(tokens),
    idempotencyKey: randomUUID(),
    memo: 'Test tokens',
  });
}
