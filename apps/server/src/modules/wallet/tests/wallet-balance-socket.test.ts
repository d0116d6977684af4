import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { socketServer, type Client } from '../../../test-support/sockets';
import { createAdmin, createMember, createModel } from '../../../test-support/factories';
import { fund, tip } from './helpers';

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
const connected = (token: string) => sockets.connected(token);

/** The first 'wallet:balance' this socket receives that equals `balance` (tokens, as the event carries them). */
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
  await fund(app, member.user.id, 1_000); // 10.00 tokens
  const [memberTab, modelTab] = await Promise.all([connected(member.token), connected(model.token)]);
  const memberSees = balanceOf(memberTab, 7.5);
  const modelSees = balanceOf(modelTab, 2);
  expect((await tip(app, member.token, { modelId: model.user.id, amount: 2.5 })).status).toBe(201);
  expect(await memberSees).toBe(7.5);
  expect(await modelSees).toBe(2);
});

it("tells the member their new balance after an administrator's adjustment, and no one else", async () => {
  const member = await createMember(app);
  const bystander = await createMember(app);
  const admin = await createAdmin(app);
  const [tab, otherTab] = await Promise.all([connected(member.token), connected(bystander.token)]);
  let bystanderHeard = false;
  otherTab.on('wallet:balance', () => (bystanderHeard = true));
  const sees = balanceOf(tab, 42.5);
  const res = await app.request('POST', `/api/admin/users/${member.user.id}/adjust-balance`, {
    token: admin.token,
    body: { amount: 42.5, reason: 'Welcome bonus', idempotencyKey: randomUUID() },
  });
  expect(res.status).toBe(200);
  expect(await sees).toBe(42.5);
  await otherTab.timeout(2000).emitWithAck('link:ping'); // a round trip: anything meant for the bystander has arrived
  expect(bystanderHeard).toBe(false);
});

it('the last balance a tab receives after a burst of tips is the final one', async () => {
  const member = await createMember(app);
  const model = await createModel(app);
  await fund(app, member.user.id, 1_000); // 10.00 tokens
  const tab = await connected(member.token);
  const seen: number[] = [];
  tab.on('wallet:balance', ({ balance }) => seen.push(balance));
  const settled = balanceOf(tab, 5);
  await Promise.all(Array.from({ length: 5 }, () => tip(app, member.token, { modelId: model.user.id, amount: 1 })));
  await settled;
  await tab.timeout(2000).emitWithAck('link:ping');
  expect(seen.at(-1)).toBe(5);
});

it('pushes the balances the ledger wrote, without reading them back', async () => {
  const member = await createMember(app);
  const model = await createModel(app);
  await fund(app, member.user.id, 1_000);
  const [memberTab, modelTab] = await Promise.all([connected(member.token), connected(model.token)]);
  const reads = vi.spyOn(app.ctx.ledger, 'balanceOf');
  try {
    const [memberSees, modelSees] = [balanceOf(memberTab, 8.5), balanceOf(modelTab, 1.2)];
    expect((await tip(app, member.token, { modelId: model.user.id, amount: 1.5 })).status).toBe(201);
    expect([await memberSees, await modelSees]).toEqual([8.5, 1.2]);
    expect(reads).not.toHaveBeenCalled();
  } finally {
    reads.mockRestore();
  }
});

it('a balance announced late never replaces a newer one on the tab', async () => {
  const member = await createMember(app);
  const tab = await connected(member.token);
  const seen: number[] = [];
  tab.on('wallet:balance', ({ balance }) => seen.push(balance));
  const userIds = [member.user.id];
  // Two movements of one wallet whose events arrive in the opposite order (versions say which is newer).
  app.ctx.events.publish('wallet.changed', { userIds, balances: { [member.user.id]: { balance: 700, version: 20 } } });
  app.ctx.events.publish('wallet.changed', { userIds, balances: { [member.user.id]: { balance: 500, version: 10 } } });
  // A newer movement after both: events keep their order (through Redis too, where a ping can
  // outrun them), so once it is on the tab the late one had its chance to arrive.
  app.ctx.events.publish('wallet.changed', { userIds, balances: { [member.user.id]: { balance: 900, version: 30 } } });
  await expect.poll(() => seen.at(-1), { timeout: 5000 }).toBe(9);
  expect(seen).toEqual([7, 9]);
});
