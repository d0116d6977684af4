import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SOCKET_PATH, SOCKET_TOKEN_QUERY, type ClientToServerEvents, type Me, type ServerToClientEvents } from '@cc/contracts';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';

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

async function connected(token: string) {
  const socket: Socket<ServerToClientEvents, ClientToServerEvents> = connect(url, {
    path: SOCKET_PATH,
    query: { [SOCKET_TOKEN_QUERY]: token },
    transports: ['websocket'],
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
const nextMe = (socket: Socket<ServerToClientEvents, ClientToServerEvents>) =>
  new Promise<Me>((resolve) => socket.once('me:updated', ({ user }) => resolve(user)));

it('pushes the fresh profile to every tab of the member who changed it', async () => {
  const { token } = await createMember(app);
  const tab = await connected(token);
  const update = nextMe(tab);
  await app.request('PUT', '/api/users/updateProfile', { token, body: { bio: 'Updated from another tab' } });
  expect(await update).toMatchObject({ bio: 'Updated from another tab', email: expect.any(String) });
});

it('tells a model at once when an administrator approves them', async () => {
  const { user, token } = await createModel(app, {
    modelStatus: 'pending',
    verificationDocument: {
      documentType: 'ID',
      legalName: 'Mo Del',
      birthDate: '1990-01-01',
      fileId: crypto.randomUUID(),
      submittedAt: new Date().toISOString(),
      reviewedAt: null,
      refusalReason: null,
    },
  });
  const { token: admin } = await createAdmin(app);
  const tab = await connected(token);
  const update = nextMe(tab);
  expect((await app.request('POST', `/api/admin/models/${user.id}/approve`, { token: admin })).status).toBe(200);
  expect((await update).modelStatus).toBe('approved');
});

it('ends the live link when the member signs out', async () => {
  const { token } = await createMember(app);
  const tab = await connected(token);
  const revoked = new Promise((resolve) => tab.once('session:revoked', resolve));
  await app.request('POST', '/api/auth/logout', { token });
  expect(await revoked).toEqual({ reason: 'logout' });
});

it("tells everyone signed in when a model switches calls off or changes her rate, and nothing of a member's own profile", async () => {
  const { user: model, token: modelToken } = await createModel(app, { callAvailable: true, callRate: 200 });
  const { token: viewer } = await createMember(app);
  const watching = await connected(viewer);
  const heard = new Promise<unknown>((resolve) => watching.once('model:callability', resolve));
  const res = await app.request('PUT', '/api/masked-call/settings', { token: modelToken, body: { callAvailable: false, callRate: 3 } });
  expect(res.status).toBe(200);
  // Amounts travel as tokens, like every answer.
  expect(await heard).toEqual({ modelId: model.id, username: model.username, callAvailable: false, phoneVerified: false, callRate: 3 });

  // A member editing her own profile is nobody else's business.
  const { token: member } = await createMember(app);
  let leaked = false;
  watching.once('model:callability', () => (leaked = true));
  const ownTab = await connected(member);
  const own = nextMe(ownTab);
  await app.request('PUT', '/api/users/updateProfile', { token: member, body: { bio: 'Mine' } });
  await own;
  expect(leaked).toBe(false);
});
