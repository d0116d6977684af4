import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, like } from 'drizzle-orm';
import { expect } from 'vitest';
import { tokensToHundredths } from '@cc/contracts';
import { ledgerTransactions, messages } from '../db/schema';
import { createMember, createModel } from '../test-support/factories';
import type { TestApp, TestResponse } from '../test-support/harness';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A model charging `price` tokens a message and `count` members with `funds` tokens, each in a conversation with her. */
export async function paidWorld(app: TestApp, opts: { count: number; price: number; funds: number }) {
  const model = await createModel(app, { tokenPerMessage: tokensToHundredths(opts.price) });
  const members = await Promise.all(Array.from({ length: opts.count }, () => createMember(app)));
  for (const member of members) {
    await app.ctx.ledger.creditCardPurchase({
      userId: member.user.id,
      amount: tokensToHundredths(opts.funds),
      idempotencyKey: `fault-fund:${randomUUID()}`,
      memo: 'Test tokens',
    });
  }
  const conversations: string[] = [];
  for (const member of members) {
    const res = await app.request('POST', '/api/conversation', { token: member.token, body: { userId: model.user.id } });
    expect([200, 201]).toContain(res.status);
    conversations.push(res.body.data._id as string);
  }
  return { model, members: members.map((member, i) => ({ ...member, conversationId: conversations[i]! })) };
}

/**
 * What a careful client does with a send: on a 503 (or a dropped connection) it sends the very same
 * request again, same clientId, until it is answered. Each failure is recorded for the test to judge.
 */
export async function sendUntilAnswered(
  attempt: () => Promise<TestResponse>,
  failures: TestResponse[],
  deadline = Date.now() + 20_000,
): Promise<TestResponse> {
  for (;;) {
    const res = await attempt();
    if (res.status !== 503) return res;
    failures.push(res);
    if (Date.now() > deadline) throw new Error('still unavailable after 20 s');
    await sleep(50);
  }
}

/**
 * The money and the messages agree: each client id sent is stored once with its one charge, no
 * paid message lacks its charge, every balance is what the sends took, and the ledger balances.
 */
export async function expectSendsWholeAndOnce(
  app: TestApp,
  world: Awaited<ReturnType<typeof paidWorld>>,
  sent: Map<string, string[]>,
  opts: { price: number; funds: number },
) {
  for (const member of world.members) {
    const clientIds = sent.get(member.user.id) ?? [];
    const stored = await app.ctx.db
      .select({ clientId: messages.clientId, transactionId: messages.transactionId })
      .from(messages)
      .where(eq(messages.senderId, member.user.id));
    expect(stored.map((row) => row.clientId).sort()).toEqual([...clientIds].sort());
    expect(stored.filter((row) => row.transactionId === null)).toEqual([]);
    const charges = await app.ctx.db
      .select({ key: ledgerTransactions.idempotencyKey })
      .from(ledgerTransactions)
      .where(like(ledgerTransactions.idempotencyKey, `message:${member.user.id}:%`));
    expect(charges.map((row) => row.key).sort()).toEqual(clientIds.map((id) => `message:${member.user.id}:${id}`).sort());
    const wallet = await app.request('GET', '/api/wallet', { token: member.token });
    expect(wallet.body.data.balance).toBeCloseTo(opts.funds - clientIds.length * opts.price, 2);
  }
  const orphans = await app.ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        inArray(
          messages.senderId,
          world.members.map((member) => member.user.id),
        ),
        isNull(messages.transactionId),
      ),
    );
  expect(orphans).toEqual([]);
  expect(await app.ctx.ledger.check()).toMatchObject({ ok: true });
}
