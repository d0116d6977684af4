import { randomUUID } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { pushSubscriptions } from '../../../db/schema';
import { createMember, createModel, giveTokens } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createCallableModel, placeCall } from '../../calls/tests/helpers';
import { sendText, startConversation } from '../../messaging/tests/helpers';
import { VAPID_FILE } from '../vapid-keys';
import { startFakePushService, type Delivery } from './fake-push-service';
import { connectSocket, isOnline, waitForNotifications, type Client } from './helpers';

/**
 * Browser push end to end: the real web-push library signs (VAPID) and encrypts (aes128gcm) for a
 * push service started here, which verifies and decrypts with its own code (fake-push-service.ts).
 */
const SETTLES = { timeout: 5000, interval: 20 };

let app: TestApp;
let pushService: Awaited<ReturnType<typeof startFakePushService>>;
const sockets: Client[] = [];
beforeAll(async () => {
  pushService = await startFakePushService();
  app = await createTestApp();
  await app.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await app.close();
  await pushService.close();
});

type Member = Awaited<ReturnType<typeof createMember>>;

/** The member turns push on in one browser, as the web app will: the subscription's toJSON(). */
async function subscribed(member: Member) {
  const browser = pushService.subscribe();
  const { answer: _answer, requests: _requests, ...json } = browser;
  const res = await app.request('POST', '/api/push/subscriptions', { token: member.token, body: json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return browser;
}

const deliveredTo = (endpoint: string) => pushService.deliveries.filter((delivery) => delivery.endpoint === endpoint);
async function waitForDeliveries(endpoint: string, count: number): Promise<Delivery[]> {
  return vi.waitFor(() => {
    expect(pushService.refusals).toEqual([]);
    expect(deliveredTo(endpoint)).toHaveLength(count);
    return deliveredTo(endpoint);
  }, SETTLES);
}
const rowOf = async (endpoint: string) =>
  (await app.ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)))[0];

const tip = async (from: Member, to: Member, amount: number) => {
  const body = { modelId: to.user.id, amount, idempotencyKey: randomUUID() };
  expect((await app.request('POST', '/api/share-love/create', { token: from.token, body })).status).toBe(201);
};

it('signs with the key GET /push/key answers, generated once into DATA_DIR (0600)', async () => {
  const key = await app.request('GET', '/api/push/key');
  expect(key.status).toBe(200);
  const file = path.join(app.config.dataDir, VAPID_FILE);
  expect(JSON.parse(readFileSync(file, 'utf8')).publicKey).toBe(key.body.data.publicKey);
  expect(statSync(file).mode & 0o777).toBe(0o600);

  const [model, fan] = [await createModel(app), await createMember(app, { name: 'Ada Lovelace' })];
  const browser = await subscribed(model);
  await giveTokens(app, fan.user.id, 100);
  await tip(fan, model, 2.5);
  const [delivery] = await waitForDeliveries(browser.endpoint, 1);
  expect(delivery!.vapidKey).toBe(key.body.data.publicKey);
  expect(delivery!.claims).toMatchObject({ aud: pushService.origin, sub: 'mailto:admin@localhost' });
});

it('pushes a tip to a model with no tab open, once, with its title, sentence and page', async () => {
  const [model, fan] = [await createModel(app), await createMember(app, { name: 'Grace Hopper' })];
  const browser = await subscribed(model);
  await giveTokens(app, fan.user.id, 100);
  await tip(fan, model, 1);

  const [delivery] = await waitForDeliveries(browser.endpoint, 1);
  expect(delivery!.message).toEqual({
    title: 'New tip',
    body: 'Grace Hopper tipped you 1.00 tokens',
    url: '/earnings',
    tag: expect.stringMatching(/^notification:/),
  });
  expect(delivery).toMatchObject({ ttl: 3600, urgency: 'normal' });
  // Nothing else came.
  expect(browser.requests()).toBe(1);
});

it('pushes a message to a member with no tab open, opening the conversation, to each of their browsers', async () => {
  const [member, model] = [await createMember(app), await createModel(app, { name: 'Mary Shelley' })];
  const [phone, laptop] = [await subscribed(member), await subscribed(member)];
  const conversation = await startConversation(app, model.token, member.user.id);
  await sendText(app, model.token, conversation._id, 'Are you there?');

  for (const browser of [phone, laptop]) {
    const [delivery] = await waitForDeliveries(browser.endpoint, 1);
    expect(delivery!.message).toEqual({
      title: 'New message',
      body: 'Mary Shelley sent you a message',
      url: `/messages/${conversation._id}`,
      tag: `message:/messages/${conversation._id}`,
    });
  }
});

it('sends no push to a member with a tab open; once it is closed, the next one is pushed', async () => {
  const [model, fan] = [await createModel(app), await createMember(app, { name: 'Ada Byron' })];
  const browser = await subscribed(model);
  await giveTokens(app, fan.user.id, 100);
  const tab = await connectSocket(app, model.token);
  sockets.push(tab);
  await vi.waitFor(async () => expect(await isOnline(app, model.user.id)).toBe(true), SETTLES);

  await tip(fan, model, 1);
  await waitForNotifications(app, model.token, 1);
  tab.disconnect();
  await vi.waitFor(async () => expect(await isOnline(app, model.user.id)).toBe(false), SETTLES);
  await tip(fan, model, 2);

  const deliveries = await waitForDeliveries(browser.endpoint, 1);
  expect(deliveries.map((delivery) => (delivery.message as { body: string }).body)).toEqual(['Ada Byron tipped you 2.00 tokens']);
  expect(browser.requests()).toBe(1);
});

it('drops a subscription the push service says is gone (410), and sends nothing there again', async () => {
  const [model, fan] = [await createModel(app), await createMember(app)];
  const [gone, kept] = [await subscribed(model), await subscribed(model)];
  gone.answer(410);
  await giveTokens(app, fan.user.id, 100);

  await tip(fan, model, 1);
  await waitForDeliveries(kept.endpoint, 1);
  await vi.waitFor(async () => expect(await rowOf(gone.endpoint)).toBeUndefined(), SETTLES);
  expect(gone.requests()).toBe(1);

  await tip(fan, model, 1);
  await waitForDeliveries(kept.endpoint, 2);
  expect(gone.requests()).toBe(1);
  expect(await rowOf(kept.endpoint)).toBeDefined();
});

it('rings a model with no tab open by a high-urgency push that opens the calls page', async () => {
  const model = await createCallableModel(app);
  const caller = await createMember(app, { name: 'Alan Turing' });
  await giveTokens(app, caller.user.id, 100);
  const browser = await subscribed(model);
  await placeCall(app, caller, model);

  const [delivery] = await waitForDeliveries(browser.endpoint, 1);
  expect(delivery!.message).toEqual({
    title: 'Incoming call from Alan Turing',
    body: 'Open the site to answer.',
    url: '/calls',
    tag: expect.stringMatching(/^call:/),
  });
  expect(delivery).toMatchObject({ urgency: 'high', ttl: 30 });
});
