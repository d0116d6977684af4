import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Message } from '@cc/contracts';
import { createMember } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { sendText, startConversation } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const search = async (token: string, id: string, q: string) => {
  const res = await app.request('GET', `/api/messages/${id}?q=${encodeURIComponent(q)}`, { token });
  expect(res.status).toBe(200);
  return { texts: (res.body.data.items as Message[]).map((m) => m.text), count: res.body.data.count as number };
};

it('finds messages by a case-insensitive piece of their text, taking % and _ literally', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const { _id: id } = await startConversation(app, alice.token, bob.user.id);
  await sendText(app, alice.token, id, 'See you at the Beach');
  await sendText(app, bob.token, id, 'beachside it is');
  await sendText(app, alice.token, id, '50% off today');
  await sendText(app, bob.token, id, 'file_name.txt');
  await sendText(app, alice.token, id, 'filename');
  const gone = await sendText(app, alice.token, id, 'beach secret');
  await app.request('DELETE', `/api/messages/${gone._id}`, { token: alice.token });

  expect(await search(bob.token, id, 'BEACH')).toEqual({ texts: ['beachside it is', 'See you at the Beach'], count: 2 });
  expect(await search(bob.token, id, '%')).toEqual({ texts: ['50% off today'], count: 1 });
  expect(await search(bob.token, id, 'file_')).toEqual({ texts: ['file_name.txt'], count: 1 });
  expect(await search(bob.token, id, 'nothing like this')).toEqual({ texts: [], count: 0 });
});

it('searches only the conversation asked for', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const carol = await createMember(app);
  const withBob = await startConversation(app, alice.token, bob.user.id);
  const withCarol = await startConversation(app, alice.token, carol.user.id);
  await sendText(app, alice.token, withBob._id, 'pizza tonight?');
  await sendText(app, alice.token, withCarol._id, 'pizza tomorrow?');
  expect(await search(alice.token, withBob._id, 'pizza')).toEqual({ texts: ['pizza tonight?'], count: 1 });
});

it('refuses a search longer than 100 characters, naming the field', async () => {
  const alice = await createMember(app);
  const bob = await createMember(app);
  const { _id: id } = await startConversation(app, alice.token, bob.user.id);
  const res = await app.request('GET', `/api/messages/${id}?q=${'x'.repeat(101)}`, { token: alice.token });
  expect(res.status).toBe(422);
  expect(res.body.msg).toContain('q');
});
