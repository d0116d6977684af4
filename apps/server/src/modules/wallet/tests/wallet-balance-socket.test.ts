import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SOCKET_PATH, SOCKET_TOKEN_QUERY, type ClientToServerEvents, type ServerToClientEvents } from '@cc/contracts';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { fund, tip } from './helpers';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
let app: TestApp;
let url: string;
const sockets: Client[] = [];
beforeAll(async () => {
  app = await createTestApp();
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await app.close();
});

async function connected(token: string): Promise<Client> {
  const socket: Client = connect(url, {
    path: SOCKET_PATH,
    query: { [SOCKET_TOKEN_QUERY]: token },
    transports: ['websocket'],
    forceNew: true,
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
/** The first 'wallet:balance' this socket receives that equals `balance`. */
const balanceOf = (socket: Client, balance: number) =>
  new Promise<number>((resolve) => {
    const listener = (payload: { balance: number }) => {
      if (payload.balance !== balance) return;
      socket.off('wallet:balance', listener);
      resolve(payload.balance);
    };
    socket.on('wallet:balance', listener);
  });

it('tells the member and the model their new balances after a tip', async () => {
  const member = await createMember(app);
  const model = await createModel(app);
  await fund(app, member.user.id, 1_000);
  const [memberTab, modelTab] = await Promise.all([connected(member.token), connected(model.token)]);
  const memberSees = balanceOf(memberTab, 750);
  const modelSees = balanceOf(modelTab, 200);
  expect((await tip(app, member.token, { modelId: model.user.id, amount: 250 })).status).toBe(201);
  expect(await memberSees).toBe(750);
  expect(await modelSees).toBe(200);
});

it("tells the member their new balance after an administrator's adjustment, and no one else", async () => {
  const member = await createMember(app);
  const bystander = await createMember(app);
  const admin = await createAdmin(app);
  const [tab, otherTab] = await Promise.all([connected(member.token), connected(bystander.token)]);
  let bystanderHeard = false;
  otherTab.on('wallet:balance', () => (bystanderHeard = true));
  const sees = balanceOf(tab, 4_200);
  const res = await app.request('POST', `/api/admin/users/${member.user.id}/adjust-balance`, {
    token: admin.token,
    body: { amount: 4_200, reason: 'Welcome bonus', idempotencyKey: randomUUID() },
  });
  expect(res.status).toBe(200);
  expect(await sees).toBe(4_200);
  await otherTab.timeout(2000).emitWithAck('link:ping'); // a round trip: anything meant for the bystander has arrived
  expect(bystanderHeard).toBe(false);
});

it('the last balance a tab receives after a burst of tips is the final one', async () => {
  const member = await createMember(app);
  const model = await createModel(app);
  await fund(app, member.user.id, 1_000);
  const tab = await connected(member.token);
  const seen: number[] = [];
  tab.on('wallet:balance', ({ balance }) => seen.push(balance));
  const settled = balanceOf(tab, 500);
  await Promise.all(Array.from({ length: 5 }, () => tip(app, member.token, { modelId: model.user.id, amount: 100 })));
  await settled;
  await tab.timeout(2000).emitWithAck('link:ping');
  expect(seen.at(-1)).toBe(500);
});
