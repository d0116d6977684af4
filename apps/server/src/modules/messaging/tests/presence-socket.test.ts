import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { conversationOf, next, recorder, roundTrip, socketServer, startConversation } from './helpers';

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

it('tells the people someone talks with when they come online and go offline, and nobody else', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const carol = await createMember(app);
  const { _id: id } = await startConversation(app, alice.token, bob.user.id);
  const [bobTab, carolTab] = await Promise.all([sockets.connected(bob.token), sockets.connected(carol.token)]);
  const carolHeard = recorder(carolTab, 'presence:changed');
  expect((await conversationOf(app, bob.token, id)).recipient.isOnline).toBe(false);

  const online = next(bobTab, 'presence:changed', (p) => p.userId === alice.user.id);
  const aliceTab = await sockets.connected(alice.token);
  expect(await online).toEqual({ userId: alice.user.id, online: true });
  expect((await conversationOf(app, bob.token, id)).recipient.isOnline).toBe(true);
  expect((await conversationOf(app, alice.token, id)).recipient.isOnline).toBe(true);

  // A second tab changes nothing; closing the last one goes offline.
  const secondTab = await sockets.connected(alice.token);
  const offline = next(bobTab, 'presence:changed', (p) => p.userId === alice.user.id);
  aliceTab.disconnect();
  await roundTrip(bobTab);
  secondTab.disconnect();
  expect(await offline).toEqual({ userId: alice.user.id, online: false });
  expect((await conversationOf(app, bob.token, id)).recipient.isOnline).toBe(false);

  await roundTrip(carolTab);
  expect(carolHeard).toEqual([]);
});
