import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { next, recorder, roundTrip, socketServer, startConversation, type Client } from './helpers';

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

it('typing reaches only the other member', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const carol = await createMember(app);
  const { _id: id } = await startConversation(app, alice.token, bob.user.id);
  const [aliceTab, aliceOtherTab, bobTab, carolTab] = await Promise.all([
    sockets.connected(alice.token),
    sockets.connected(alice.token),
    sockets.connected(bob.token),
    sockets.connected(carol.token),
  ]);
  const aliceHeard = recorder(aliceOtherTab, 'conversation:typing');
  const carolHeard = recorder(carolTab, 'conversation:typing');

  const bobHears = next(bobTab, 'conversation:typing');
  aliceTab.emit('conversation:typing', { conversationId: id, typing: true });
  expect(await bobHears).toEqual({ conversationId: id, userId: alice.user.id, typing: true });
  const stopped = next(bobTab, 'conversation:typing');
  aliceTab.emit('conversation:typing', { conversationId: id, typing: false });
  expect(await stopped).toEqual({ conversationId: id, userId: alice.user.id, typing: false });

  // Alice's own tabs and Carol hear nothing: checked after a relay that went out after Alice's.
  const { _id: withCarol } = await startConversation(app, carol.token, bob.user.id);
  const control = next(carolTab, 'conversation:typing', (p) => p.conversationId === withCarol);
  bobTab.emit('conversation:typing', { conversationId: withCarol, typing: true });
  await control;
  await roundTrip(aliceOtherTab);
  expect(aliceHeard).toEqual([]);
  expect(carolHeard.filter((p) => p.conversationId === id)).toEqual([]);
});

it('ignores bad payloads, strangers and blocked conversations', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const carol = await createMember(app);
  const { _id: id } = await startConversation(app, alice.token, bob.user.id);
  // Conversations with Carol carry control signals: a socket handles its typing events in order,
  // so once a later control arrives, everything sent before it was handled.
  const { _id: aliceCarol } = await startConversation(app, alice.token, carol.user.id);
  const { _id: bobCarol } = await startConversation(app, bob.token, carol.user.id);
  const [aliceTab, bobTab, carolTab] = await Promise.all([
    sockets.connected(alice.token),
    sockets.connected(bob.token),
    sockets.connected(carol.token),
  ]);
  const bobHeard = recorder(bobTab, 'conversation:typing');
  const aliceHeard = recorder(aliceTab, 'conversation:typing');
  const handledBefore = async (tab: Client, conversationId: string, listener: Client) => {
    const control = next(listener, 'conversation:typing', (p) => p.conversationId === conversationId);
    tab.emit('conversation:typing', { conversationId, typing: false });
    await control;
  };

  const raw = aliceTab as unknown as { emit: (event: string, payload: unknown) => void };
  raw.emit('conversation:typing', { conversationId: 'nope', typing: true });
  raw.emit('conversation:typing', { conversationId: id, typing: 'yes' });
  raw.emit('conversation:typing', null);
  await handledBefore(aliceTab, aliceCarol, carolTab);
  const fromCarol = next(bobTab, 'conversation:typing', (p) => p.conversationId === bobCarol);
  carolTab.emit('conversation:typing', { conversationId: id, typing: true });
  carolTab.emit('conversation:typing', { conversationId: randomUUID(), typing: true });
  carolTab.emit('conversation:typing', { conversationId: bobCarol, typing: true });
  await fromCarol;
  expect(bobHeard.filter((p) => p.conversationId === id)).toEqual([]);
  expect(aliceHeard).toEqual([]);

  // A typing indicator that passed before a block stops passing at once after it, both ways.
  const first = next(bobTab, 'conversation:typing', (p) => p.conversationId === id);
  aliceTab.emit('conversation:typing', { conversationId: id, typing: true });
  await first;
  const blocked = next(aliceTab, 'conversation:blocked');
  await app.request('POST', `/api/conversation/${id}/block`, { token: bob.token });
  await blocked;
  bobHeard.length = 0;
  aliceTab.emit('conversation:typing', { conversationId: id, typing: true });
  bobTab.emit('conversation:typing', { conversationId: id, typing: true });
  await handledBefore(aliceTab, aliceCarol, carolTab);
  await handledBefore(bobTab, bobCarol, carolTab);
  expect(bobHeard.filter((p) => p.conversationId === id)).toEqual([]);
  expect(aliceHeard).toEqual([]);
});
