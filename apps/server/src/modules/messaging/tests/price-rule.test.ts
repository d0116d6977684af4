import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { balanceOf, fund, send, startConversation } from './helpers';

/**
 * The price rule of messages is written twice (issue #29): in TypeScript (message-price.ts
 * `priceOf`, for a paid send and for a send that names the price it saw) and in SQL (the one-statement
 * free send, message-writes.repository.ts `insertIfFree`, which stores a message only when it costs nothing).
 * A send without `expectedPrice` meets the SQL rule first; a send with it meets the TypeScript rule
 * only. On random senders and recipients both must charge what docs/product.md#messaging says: an
 * ordinary member writing to an approved model pays her price per message; anything else is free.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Side = {
  type: 'user' | 'model';
  role: 'user' | 'admin';
  modelStatus: 'none' | 'pending' | 'approved' | 'refused';
  tokenPerMessage: number;
};
const side: fc.Arbitrary<Side> = fc.record({
  type: fc.constantFrom('user' as const, 'model' as const),
  role: fc.constantFrom('user' as const, 'user' as const, 'admin' as const),
  modelStatus: fc.constantFrom('none' as const, 'pending' as const, 'approved' as const, 'approved' as const, 'refused' as const),
  tokenPerMessage: fc.constantFrom(0, 0, 1, 150, 999),
});

/** docs/product.md#messaging, in hundredths of a token. */
const expectedCost = (sender: Side, recipient: Side) =>
  sender.type === 'user' && sender.role === 'user' && recipient.type === 'model' && recipient.modelStatus === 'approved'
    ? recipient.tokenPerMessage
    : 0;

/**
 * The sender as `sender` from the start (a session knows who it signed in), in a conversation with
 * an account then made into `recipient`: her price is read when a message is sent, and a
 * conversation may not be started with a model who is not approved.
 */
async function pair(sender: Side, recipient: Side) {
  const a = await createMember(app, sender);
  const b = await createMember(app);
  await fund(app, a.user.id, 10_000);
  const { _id: conversationId } = await startConversation(app, a.token, b.user.id);
  await app.ctx.db.update(users).set(recipient).where(eq(users.id, b.user.id));
  return { token: a.token, conversationId };
}

it('a message costs the same by the one-statement free send and by the priced send, and what docs/product.md says', async () => {
  await fc.assert(
    fc.asyncProperty(side, side, fc.boolean(), async (sender, recipient, namesPrice) => {
      const cost = expectedCost(sender, recipient);
      const { token, conversationId } = await pair(sender, recipient);
      const before = await balanceOf(app, token);
      const res = await send(app, token, { conversationId, ...(namesPrice ? { expectedPrice: cost / 100 } : {}) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data.price).toBe(cost / 100);
      expect(Math.round((before - (await balanceOf(app, token))) * 100)).toBe(cost);
    }),
    { numRuns: 60 },
  );
});
