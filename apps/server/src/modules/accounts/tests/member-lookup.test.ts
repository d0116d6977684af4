import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { createMember, createModel } from '../../../test-support/factories';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

it('reads asked together each get their own member, and a malformed or unknown id gets nobody without failing the others', async () => {
  const { user: model } = await createModel(app);
  const { user: member } = await createMember(app);
  // One turn: these are answered by one statement (platform/turn-batch.ts perTurnLookup).
  const [payee, callee, malformed, unknown, again] = await Promise.all([
    app.ctx.members.findPayee(model.id),
    app.ctx.members.findCallee(member.id),
    app.ctx.members.findPayee('not-an-id'),
    app.ctx.members.findPayee(randomUUID()),
    app.ctx.members.findPayee(model.id),
  ]);
  expect(payee).toMatchObject({ id: model.id, username: model.username, type: 'model' });
  expect(callee).toMatchObject({ id: member.id, username: member.username, type: 'user' });
  expect(malformed).toBeUndefined();
  expect(unknown).toBeUndefined();
  expect(again).toEqual(payee);
});

it('a read asked after a change sees the change', async () => {
  const { user: model } = await createModel(app, { callRate: 200 });
  await app.ctx.members.updateCallSettings(model.id, { callRate: 300 });
  expect(await app.ctx.members.findCallee(model.id)).toMatchObject({ callRate: 300 });
});
