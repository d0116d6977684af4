import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ServerToClientEvents } from '@cc/contracts';
import { createTestApp, type TestApp } from '../test-support/harness';
import { createModel } from '../test-support/factories';
import { socketServer, type Client } from '../test-support/sockets';
import { emitToUser } from './socket';

let app: TestApp;
let sockets: Awaited<ReturnType<typeof socketServer>>;
beforeAll(async () => {
  app = await createTestApp();
  sockets = await socketServer(app);
});
afterAll(async () => {
  sockets.closeAll();
  await app.close();
});

type PayloadOf<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];
const nextEvent = <E extends keyof ServerToClientEvents>(socket: Client, event: E) =>
  new Promise<PayloadOf<E>>((resolve) => (socket.once as (e: E, listener: (payload: PayloadOf<E>) => void) => void)(event, resolve));

it("'me:updated' carries the member's amounts in tokens", async () => {
  const model = await createModel(app, { tokenPerMessage: 150, callRate: 275 });
  await app.ctx.ledger.creditCardPurchase({ userId: model.user.id, amount: 1_234, idempotencyKey: `fund:${model.user.id}`, memo: 'Test' });
  const tab = await sockets.connected(model.token);

  const heard = nextEvent(tab, 'me:updated');
  app.ctx.events.publish('user.updated', { userId: model.user.id });
  expect((await heard).user).toMatchObject({ _id: model.user.id, balance: 12.34, tokenPerMessage: 1.5, callRate: 2.75 });
});

it('call events carry the rate and the cost in tokens', async () => {
  const model = await createModel(app);
  const tab = await sockets.connected(model.token);

  const incoming = nextEvent(tab, 'call:incoming');
  const fromUser = { _id: 'caller', name: 'Ada', username: 'ada' };
  emitToUser(app.ctx.io(), model.user.id, 'call:incoming', { callId: 'c1', fromUser, callRate: 250 });
  expect(await incoming).toEqual({ callId: 'c1', fromUser, callRate: 2.5 });

  const ended = nextEvent(tab, 'call:ended');
  emitToUser(app.ctx.io(), model.user.id, 'call:ended', { callId: 'c1', duration: 75, finalTokens: 500, reason: 'caller-ended' });
  expect(await ended).toEqual({ callId: 'c1', duration: 75, finalTokens: 5, reason: 'caller-ended' });
});

it('an event whose payload does not fit its schema is refused before it reaches anyone', async () => {
  const model = await createModel(app);
  const tab = await sockets.connected(model.token);
  const heard: unknown[] = [];
  tab.on('wallet:balance', (payload) => heard.push(payload));

  // Inside the server amounts are whole hundredths: 12.345 of them is a bug, not a balance.
  expect(() => emitToUser(app.ctx.io(), model.user.id, 'wallet:balance', { balance: 12.345 })).toThrow();
  await tab.timeout(2000).emitWithAck('link:ping');
  expect(heard).toEqual([]);
});
