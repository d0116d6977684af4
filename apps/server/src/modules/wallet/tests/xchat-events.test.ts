import { xchatServerEventSchemas } from '@cc/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { socketServer, type Client } from '../../../test-support/sockets';
import { next, roundTrip } from '../../messaging/tests/helpers';
import { fund, tip } from './helpers';

// The xChat client's balance_updated and share_love_success, beside ours (docs/product.md#sockets).

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

const balanceIs = (socket: Client, balance: number) => next(socket, 'balance_updated', (payload) => payload.balance === balance);

it('a tip: balance_updated to both in tokens, share_love_success to the model only', async () => {
  const member = await createMember(app);
  const model = await createModel(app);
  await fund(app, member.user.id, 1_000);
  const [memberTab, modelTab] = await Promise.all([sockets.connected(member.token), sockets.connected(model.token)]);
  const memberLove: unknown[] = [];
  memberTab.on('share_love_success', (payload) => memberLove.push(payload));
  const [memberBalance, modelBalance, love] = [balanceIs(memberTab, 7.5), balanceIs(modelTab, 2), next(modelTab, 'share_love_success')];

  const res = await tip(app, member.token, { modelId: model.user.id, amount: 2.5 });
  expect(res.status).toBe(201);
  // Each payload as it travels (tokens) is what its schema accepts.
  expect(xchatServerEventSchemas.balance_updated.safeParse(await memberBalance).success).toBe(true);
  expect(await memberBalance).toEqual({ balance: 7.5 });
  expect(await modelBalance).toEqual({ balance: 2 });
  const payload = await love;
  expect(xchatServerEventSchemas.share_love_success.safeParse(payload).success).toBe(true);
  expect(payload).toMatchObject({
    userId: member.user.id,
    modelId: model.user.id,
    type: 'share_love',
    token: 2.5,
    itemId: res.body.data.transactionId,
    status: 'approved',
    username: member.user.username,
  });
  await roundTrip(memberTab);
  expect(memberLove).toEqual([]);
});

it('balance_updated follows a token purchase (the ledger credit a card payment makes)', async () => {
  const member = await createMember(app);
  const tab = await sockets.connected(member.token);
  const credited = balanceIs(tab, 12.34);
  await fund(app, member.user.id, 1_234);
  expect(await credited).toEqual({ balance: 12.34 });
});

it('with legacySocketEvents off neither is sent, while wallet:balance still is', async () => {
  await app.ctx.settings.update({ legacySocketEvents: false });
  try {
    const member = await createMember(app);
    const model = await createModel(app);
    await fund(app, member.user.id, 1_000);
    const [memberTab, modelTab] = await Promise.all([sockets.connected(member.token), sockets.connected(model.token)]);
    const legacy: string[] = [];
    for (const tab of [memberTab, modelTab])
      tab.onAny((event: string) => {
        if (event === 'balance_updated' || event === 'share_love_success') legacy.push(event);
      });
    const ours = next(modelTab, 'wallet:balance', (payload) => payload.balance === 2);
    expect((await tip(app, member.token, { modelId: model.user.id, amount: 2.5 })).status).toBe(201);
    await ours;
    await roundTrip(modelTab);
    await roundTrip(memberTab);
    expect(legacy).toEqual([]);
  } finally {
    await app.ctx.settings.update({ legacySocketEvents: true });
  }
});
