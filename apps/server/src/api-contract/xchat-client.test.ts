import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createModel, giveTokens } from '../test-support/factories';
import { createTestApp, latestCode, type TestApp } from '../test-support/harness';

/**
 * The member client of the older xChat family (docs/product.md#xchat-clients), played from its
 * contract alone: raw `fetch` from another origin (the client is served apart from the API), its
 * request shapes and field names, socket.io-client with `query: { token }` and the event names it
 * listens for. Nothing of ours is imported but the harness that starts the server.
 */
const ORIGIN = 'http://127.0.0.1:8081';

let app: TestApp;
let base: string;
const sockets: Socket[] = [];

type Answer = { status: number; body: any; headers: Headers };

/** One call as the xChat client makes it: JSON, the bearer header, and the browser's Origin. */
async function call(method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      origin: ORIGIN,
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  // A browser reads no answer, success or error, that does not name its origin.
  expect(response.headers.get('access-control-allow-origin'), `${method} ${path}`).toBe(ORIGIN);
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

/** The xChat socket: the token in the query, websocket first, from the client's origin. */
async function connect(token: string, transports: string[]): Promise<Socket> {
  const socket = io(base, { query: { token }, transports, forceNew: true, extraHeaders: { origin: ORIGIN } });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const ids = (members: { _id: string }[]) => members.map((m) => m._id).sort();

/** The next `event` on `socket`; listening starts before the action that causes it. */
function next(socket: Socket, event: string): Promise<any> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within 5 s`)), 5_000);
    socket.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

beforeAll(async () => {
  app = await createTestApp({ config: { corsOrigins: [ORIGIN] } });
  await app.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await app.close();
});

describe('the xChat member client', () => {
  const fan = { username: 'xchatfan', email: 'xchat.fan@example.test', password: 'Xch@tFan1' };
  let member: { token: string; id: string };
  let model: Awaited<ReturnType<typeof createModel>>;
  let memberSocket: Socket;
  let modelSocket: Socket;
  let conversationId: string;

  it('answers its preflight from another origin', async () => {
    const preflight = await fetch(`${base}/api/auth/login`, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
  });

  it('signs up with { username, email, password, type } and no name, confirms the code and signs in', async () => {
    expect((await call('POST', '/auth/register', { body: { ...fan, type: 'user' } })).status).toBe(201);
    const verifyCode = await latestCode(app, fan.email);
    expect((await call('POST', '/auth/verify/code', { body: { email: fan.email, verifyCode } })).status).toBe(200);
    const login = await call('POST', '/auth/login', { body: { email: fan.email, password: fan.password } });
    expect(login.status).toBe(200);
    const me = (await call('GET', '/users/me', { token: login.body.data.token })).body.data;
    member = { token: login.body.data.token, id: me._id };
    expect(me).toMatchObject({ username: fan.username, name: fan.username, isApproved: true, isCompletedProfile: false });
  });

  it('passes its isApproved && isCompletedProfile guard with the profile form, without an avatar', async () => {
    const updated = await call('PUT', '/users/updateProfile', {
      token: member.token,
      body: {
        username: fan.username,
        email: fan.email,
        gender: 'male',
        age: 31,
        bio: 'Here for long talks about films.',
        country: 'Germany',
        state: 'Berlin',
        city: 'Berlin',
      },
    });
    expect(updated.status).toBe(200);
    const me = (await call('GET', '/users/me', { token: member.token })).body.data;
    expect(me).toMatchObject({ avatarUrl: null, gender: 'male', age: 31, city: 'Berlin', isApproved: true, isCompletedProfile: true });
  });

  it('finds a model by username, adds her as a contact and opens a conversation that carries both members', async () => {
    model = await createModel(app, { bio: 'Ask me anything about music.' });
    const found = (await call('GET', `/users/search?type=model&username=${model.user.username}`, { token: member.token })).body.data;
    expect(found.items.map((u: { _id: string }) => u._id)).toEqual([model.user.id]);
    expect((await call('POST', '/contact', { token: member.token, body: { userId: model.user.id } })).status).toBeLessThan(300);
    expect((await call('GET', '/contact', { token: member.token })).body.data.count).toBe(1);

    memberSocket = await connect(member.token, ['websocket', 'polling']);
    modelSocket = await connect(model.token, ['polling']);
    const opened = await call('POST', '/conversation', { token: member.token, body: { userId: model.user.id } });
    expect(opened.status).toBeLessThan(300);
    conversationId = opened.body.data._id;
    expect(ids(opened.body.data.members)).toEqual([member.id, model.user.id].sort());
    const listed = (await call('GET', '/conversation', { token: member.token })).body.data.items[0];
    // Its chat keeps the input shut for a member that is not `isActive`.
    expect(listed.members.find((m: { _id: string }) => m._id === model.user.id)).toMatchObject({
      username: model.user.username,
      isActive: true,
    });
  });

  it('exchanges messages: the first announces the conversation, each side receives new_message with the sender', async () => {
    // The model's list shows a conversation from its first message (docs/product.md#messaging), so
    // that message is what announces it to her.
    await giveTokens(app, member.id, 50);
    const announced = next(modelSocket, 'new_conversation');
    const toModel = next(modelSocket, 'new_message');
    const sent = await call('POST', '/messages', { token: member.token, body: { text: 'Hello there', conversationId, type: 'text' } });
    expect(sent.status).toBe(201);
    expect(sent.body.data.sender).toMatchObject({ _id: member.id, username: fan.username });
    expect(await toModel).toMatchObject({ text: 'Hello there', conversationId, sender: { _id: member.id, username: fan.username } });
    expect(ids((await announced).members)).toEqual([member.id, model.user.id].sort());

    const toMember = next(memberSocket, 'new_message');
    await call('POST', '/messages', { token: model.token, body: { text: 'Hi! Welcome.', conversationId, type: 'text' } });
    expect(await toMember).toMatchObject({ text: 'Hi! Welcome.', sender: { _id: model.user.id, username: model.user.username } });
  });

  it('hears balance_updated after a paid message, the price set from a form field as "2"', async () => {
    expect((await call('PUT', '/users/token-per-message', { token: model.token, body: { token: '2' } })).body.data.tokenPerMessage).toBe(2);
    // 50 tokens, less 1 for the first message at the default price.
    expect((await call('GET', '/users/me', { token: member.token })).body.data.balance).toBe(49);
    const balance = next(memberSocket, 'balance_updated');
    expect(
      (await call('POST', '/messages', { token: member.token, body: { text: 'Worth it', conversationId, type: 'text' } })).status,
    ).toBe(201);
    expect(await balance).toEqual({ balance: 47 });
  });

  it('reads the history newest first, page 2 with page and take', async () => {
    const page = async (n: number) =>
      (await call('GET', `/messages/${conversationId}?page=${n}&take=2`, { token: member.token })).body.data.items.map(
        (m: { text: string }) => m.text,
      );
    expect(await page(1)).toEqual(['Worth it', 'Hi! Welcome.']);
    expect(await page(2)).toEqual(['Hello there']);
  });

  it('tells the blocked member with have_been_blocked_event and have_been_unblocked_event', async () => {
    const blocked = next(memberSocket, 'have_been_blocked_event');
    expect(
      (await call('POST', `/conversation/${conversationId}/block`, { token: model.token, body: { blockedId: member.id } })).status,
    ).toBeLessThan(300);
    expect(await blocked).toEqual({ conversationId, blockedId: member.id });
    const unblocked = next(memberSocket, 'have_been_unblocked_event');
    expect(
      (await call('POST', `/conversation/${conversationId}/unblock`, { token: model.token, body: { blockedId: member.id } })).status,
    ).toBeLessThan(300);
    expect(await unblocked).toEqual({ conversationId, blockedId: member.id });
  });

  it('buys an item with { sellItemId } (purchased_item to the model) and tips with { token, modelId } (share_love_success)', async () => {
    const photo = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#3060c0' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'blue.png');
    const uploaded = await fetch(`${base}/api/media/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${model.token}` },
      body: form,
    });
    const mediaId = ((await uploaded.json()) as any).data._id;
    const item = (await call('POST', '/sell-item', { token: model.token, body: { mediaId, name: 'Blue', description: 'Calm', price: 10 } }))
      .body.data;

    const sold = next(modelSocket, 'purchased_item');
    expect((await call('POST', '/purchase-item', { token: member.token, body: { sellItemId: item._id } })).status).toBe(201);
    expect(await sold).toMatchObject({
      type: 'purchased_item',
      userId: member.id,
      modelId: model.user.id,
      token: 10,
      username: fan.username,
    });

    const tipped = next(modelSocket, 'share_love_success');
    expect((await call('POST', '/share-love/create', { token: member.token, body: { token: '5', modelId: model.user.id } })).status).toBe(
      201,
    );
    expect(await tipped).toMatchObject({ type: 'share_love', userId: member.id, modelId: model.user.id, token: 5, username: fan.username });
    expect((await call('GET', '/users/me', { token: member.token })).body.data.balance).toBe(32);
  });

  it('reads errors by message and a member earning nothing as an empty list', async () => {
    const refused = await call('POST', '/contact', { token: member.token, body: { userId: member.id } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.body.message).toBe(refused.body.msg);
    expect(refused.body.message).toEqual(expect.any(String));
    const earnings = await call('GET', '/earning', { token: member.token });
    expect(earnings.status).toBe(200);
    expect(earnings.body.data).toMatchObject({ items: [], count: 0 });
  });

  it('lets the model check her PayPal address and request a payout with a code from GET /users/otp/', async () => {
    await giveTokens(app, model.user.id, 150);
    expect(
      (await call('POST', '/payout-account/', { token: model.token, body: { type: 'paypal', email: 'model.pay@example.test' } })).status,
    ).toBe(200);
    expect((await call('GET', '/payout-account/', { token: model.token })).body.data).toMatchObject({
      type: 'paypal',
      email: 'model.pay@example.test',
    });
    expect((await call('GET', '/users/otp/', { token: model.token })).status).toBe(200);
    const verifyCode = await latestCode(app, model.user.email);
    const requested = await call('POST', '/payout-request', {
      token: model.token,
      body: { token: 100, email: model.user.email, verifyCode },
    });
    expect(requested.status).toBe(201);
    expect(requested.body.data).toMatchObject({ token: 100, status: 'pending' });
  });

  it('shows a suspended model as not isActive on the conversation, so its chat input shuts', async () => {
    const admin = await createAdmin(app);
    expect(
      (await app.request('POST', `/api/admin/users/${model.user.id}/suspend`, { token: admin.token, body: { reason: 'Test' } })).status,
    ).toBeLessThan(300);
    const conversation = (await call('GET', `/conversation/${conversationId}`, { token: member.token })).body.data;
    expect(conversation.members.find((m: { _id: string }) => m._id === model.user.id).isActive).toBe(false);
  });
});
