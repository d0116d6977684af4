import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { waitForLockWait } from '../../../test-support/pg-locks';
import { balanceOf, fund, send, startConversation } from './helpers';

/**
 * docs/product.md#price-changes: a send carries the price per message the member saw
 * (`expectedPrice`); a different current price answers 409 PRICE_CHANGED with the price now and
 * stores and charges nothing. Without the field (a client written from the spec) the current price
 * is charged, as before.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Member = Awaited<ReturnType<typeof createMember>>;

/** The model changes her price the way the web app does: PUT /users/token-per-message, in tokens. */
async function setPrice(model: Member, tokens: number) {
  const res = await app.request('PUT', '/api/users/token-per-message', { token: model.token, body: { token: tokens } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const messageCount = async (viewer: Member, conversationId: string) =>
  (await app.request('GET', `/api/messages/${conversationId}`, { token: viewer.token })).body.data.count as number;
const earningsCount = async (model: Member) => (await app.request('GET', '/api/earning', { token: model.token })).body.data.count as number;

/** A member holding `hundredths` and a conversation with a model charging `price` (hundredths) a message. */
async function memberWritingTo(price: number, hundredths: number) {
  const member = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: price });
  if (hundredths > 0) await fund(app, member.user.id, hundredths);
  const { _id: conversationId } = await startConversation(app, member.token, model.user.id);
  return { member, model, conversationId };
}

describe('a send carrying the price the member saw', () => {
  it('is refused with 409 and the new price when the model raised it to 10,000 tokens, storing and charging nothing', async () => {
    const { member, model, conversationId } = await memberWritingTo(250, 1_500_000);
    await setPrice(model, 10_000);

    const clientId = randomUUID();
    const refused = await send(app, member.token, { conversationId, clientId, text: 'Still 2.50?', expectedPrice: 2.5 });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      code: 'PRICE_CHANGED',
      msg: 'The price per message is now 10,000.00 tokens. Check it and send again.',
      message: 'The price per message is now 10,000.00 tokens. Check it and send again.',
      details: { price: 10_000 },
    });
    expect(await balanceOf(app, member.token)).toBe(15_000);
    expect(await messageCount(member, conversationId)).toBe(0);
    expect(await messageCount(model, conversationId)).toBe(0);
    expect(await earningsCount(model)).toBe(0);
    const conversation = await app.request('GET', `/api/conversation/${conversationId}`, { token: model.token });
    expect(conversation.body.data).toMatchObject({ lastMessageId: null, unreadMessageCount: 0 });

    // The member agrees to the new price: the same message (same client id) goes, charged once.
    const sent = await send(app, member.token, { conversationId, clientId, text: 'Still 2.50?', expectedPrice: 10_000 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data).toMatchObject({ clientId, text: 'Still 2.50?', price: 10_000 });
    expect(await balanceOf(app, member.token)).toBe(5_000);
    expect(await messageCount(model, conversationId)).toBe(1);
  });

  it('goes through, charged that price, when the price is the one the member saw', async () => {
    const { member, conversationId } = await memberWritingTo(250, 1_000);
    const res = await send(app, member.token, { conversationId, text: 'Hi', expectedPrice: 2.5 });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.price).toBe(2.5);
    expect(await balanceOf(app, member.token)).toBe(7.5);
  });

  it('is refused when the member expected a free message and the model now charges, and stores nothing', async () => {
    const { member, model, conversationId } = await memberWritingTo(0, 1_000);
    await setPrice(model, 3);
    const res = await send(app, member.token, { conversationId, text: 'Free?', expectedPrice: 0 });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'PRICE_CHANGED', details: { price: 3 } });
    expect(await messageCount(member, conversationId)).toBe(0);
    expect(await balanceOf(app, member.token)).toBe(10);
  });

  it('is refused when the model made messages free since, and then sent free with the new price', async () => {
    const { member, model, conversationId } = await memberWritingTo(250, 1_000);
    await setPrice(model, 0);
    const clientId = randomUUID();
    const refused = await send(app, member.token, { conversationId, clientId, text: 'Paid?', expectedPrice: 2.5 });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'PRICE_CHANGED',
      msg: 'Messages to this member are now free. Send again.',
      message: 'Messages to this member are now free. Send again.',
      details: { price: 0 },
    });
    expect(await messageCount(member, conversationId)).toBe(0);

    const sent = await send(app, member.token, { conversationId, clientId, text: 'Paid?', expectedPrice: 0 });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data.price).toBe(0);
    expect(await balanceOf(app, member.token)).toBe(10);
  });

  it('refuses an expectedPrice with more than two decimals as invalid input, naming the field', async () => {
    const { member, conversationId } = await memberWritingTo(250, 1_000);
    const res = await send(app, member.token, { conversationId, text: 'Hi', expectedPrice: 2.501 });
    expect(res.status).toBe(422);
    expect(res.body.msg).toBe('expectedPrice: expectedPrice has at most two decimals');
  });
});

describe('a client written from the spec (no expectedPrice)', () => {
  it('is charged the current price, as before', async () => {
    const { member, model, conversationId } = await memberWritingTo(250, 1_050_000);
    await setPrice(model, 10_000);
    // The spec's shape: conversationId and text, nothing else.
    const res = await app.request('POST', '/api/messages', { token: member.token, body: { conversationId, text: 'Whatever it costs' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.price).toBe(10_000);
    expect(await balanceOf(app, member.token)).toBe(500);
  });
});

describe('a price change racing sends', () => {
  it('never charges a member who gave the price they saw anything else, however the sends and the change interleave', async () => {
    const { member, model, conversationId } = await memberWritingTo(250, 100_000_000);
    const sends = Array.from({ length: 24 }, (_, n) =>
      send(app, member.token, { conversationId, text: `Message ${n}`, expectedPrice: 2.5 }),
    );
    const [answers] = await Promise.all([Promise.all(sends), setPrice(model, 10_000)]);

    const stored = answers.filter((res) => res.status === 201);
    const refused = answers.filter((res) => res.status === 409);
    expect(stored.length + refused.length, JSON.stringify(answers.map((res) => res.body))).toBe(answers.length);
    for (const res of stored) expect(res.body.data.price).toBe(2.5);
    for (const res of refused) expect(res.body.details).toEqual({ price: 10_000 });
    expect(await balanceOf(app, member.token)).toBe(1_000_000 - 2.5 * stored.length);
    expect(await messageCount(model, conversationId)).toBe(stored.length);
    const earnings = await app.request('GET', '/api/earning?limit=100', { token: model.token });
    expect(earnings.body.data.items.map((row: { gross: number }) => row.gross)).toEqual(stored.map(() => 2.5));
  });

  // On PostgreSQL another connection can hold the model's price change open while a send runs:
  // the send read the old price before its transaction, and must still not charge it once the
  // change commits (the price is read again, under a share lock, in the transaction that charges).
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'refuses a send whose price changed after it was read but before it was charged',
    async () => {
      const { member, model, conversationId } = await memberWritingTo(250, 100_000_000);
      const other = new pg.Client({ connectionString: app.config.databaseUrl });
      await other.connect();
      try {
        await other.query('begin');
        await other.query('update users set token_per_message = 1000000 where id = $1', [model.user.id]);
        const pending = send(app, member.token, { conversationId, text: 'Racing', expectedPrice: 2.5 });
        await waitForLockWait(other, 'the send');
        await other.query('commit');
        const res = await pending;
        expect(res.status, JSON.stringify(res.body)).toBe(409);
        expect(res.body.details).toEqual({ price: 10_000 });
        expect(await balanceOf(app, member.token)).toBe(1_000_000);
        expect(await messageCount(model, conversationId)).toBe(0);
      } finally {
        await other.query('rollback').catch(() => undefined);
        await other.end();
      }
    },
  );
});
