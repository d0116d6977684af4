import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PATH, SOCKET_TOKEN_QUERY, type Me } from '@cc/contracts';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createMember, createModel } from '../../../test-support/factories';

/**
 * `callAvailable` through PUT /users/updateProfile follows the rules of PUT /masked-call/settings,
 * and members who are not models get 403 on every call setting (docs/product.md#calls).
 */

let app: TestApp;
let url: string;
const sockets: Socket[] = [];
beforeAll(async () => {
  app = await createTestApp();
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
});

const update = (token: string, body: unknown) => app.request('PUT', '/api/users/updateProfile', { token, body });
const settingsOf = async (token: string) => (await app.request('GET', '/api/masked-call/settings', { token })).body.data;

async function tab(token: string) {
  const socket = connect(url, { path: SOCKET_PATH, query: { [SOCKET_TOKEN_QUERY]: token }, transports: ['websocket'] });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
const nextMe = (socket: Socket) => new Promise<Me>((resolve) => socket.once('me:updated', ({ user }: { user: Me }) => resolve(user)));

describe('PUT /users/updateProfile {callAvailable}', () => {
  it('makes a model with a call rate callable and switches her off again; her other tabs hear of it', async () => {
    const { user, token } = await createModel(app, { callRate: 250 });
    const other = await tab(token);
    const pushed = nextMe(other);
    const on = await update(token, { callAvailable: true, bio: 'Call me' });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ callAvailable: true, callRate: 2.5, bio: 'Call me' });
    expect(await pushed).toMatchObject({ callAvailable: true });
    expect(await settingsOf(token)).toMatchObject({ callAvailable: true, callRate: 2.5 });
    const { token: caller } = await createMember(app);
    expect((await app.request('GET', `/api/users/findByUsername/${user.username}`, { token: caller })).body.data.callAvailable).toBe(true);

    const off = await update(token, { callAvailable: false });
    expect(off.body.data.callAvailable).toBe(false);
    expect(await settingsOf(token)).toMatchObject({ callAvailable: false });
  });

  it('refuses a model without a call rate with 422 naming callAvailable, and writes nothing of the request', async () => {
    const { token } = await createModel(app, { callRate: 0, bio: 'Before' });
    const res = await update(token, { callAvailable: true, bio: 'After' });
    expect(res.status).toBe(422);
    expect(res.body.details.fields).toEqual({ callAvailable: 'Set a call rate above 0 tokens before taking calls.' });
    expect((await app.request('GET', '/api/users/me', { token })).body.data).toMatchObject({ callAvailable: false, bio: 'Before' });
  });

  it('refuses a member who is not a model with 403 NOT_A_MODEL, like the call-settings routes', async () => {
    const { token } = await createMember(app, { bio: 'Before' });
    const res = await update(token, { callAvailable: true, bio: 'After' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('NOT_A_MODEL');
    expect((await app.request('GET', '/api/users/me', { token })).body.data).toMatchObject({ callAvailable: false, bio: 'Before' });
  });
});

describe('call settings of a member who is not a model', () => {
  it('answers 403 NOT_A_MODEL to PUT /masked-call/rate and the settings routes; 401 without a session', async () => {
    const { token } = await createMember(app);
    for (const [method, path, body] of [
      ['PUT', '/api/masked-call/rate', { callRate: 2 }],
      ['GET', '/api/masked-call/settings', undefined],
      ['PUT', '/api/masked-call/settings', { callAvailable: true }],
    ] as const) {
      const res = await app.request(method, path, { token, body });
      expect(res.status, path).toBe(403);
      expect(res.body).toMatchObject({ code: 'NOT_A_MODEL', msg: 'Only models can set call settings.' });
      expect((await app.request(method, path, { body })).status).toBe(401);
    }
    expect((await app.request('GET', '/api/users/me', { token })).body.data).toMatchObject({ callRate: 0, callAvailable: false });
  });

  it('still answers 422 for bad input from a model', async () => {
    const { token } = await createModel(app);
    expect((await app.request('PUT', '/api/masked-call/rate', { token, body: { callRate: 'two' } })).status).toBe(422);
  });
});
