import { afterAll, beforeAll, expect, it } from 'vitest';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { sendText, startConversation } from './helpers';

// The xChat client pages a chat by position, `?page=2&take=20`, newest first (docs/product.md,
// "On the wire"); our own client pages by the `seq` cursor, which wins when both are sent.

let app: TestApp;
let token: string;
let conversationId: string;
beforeAll(async () => {
  app = await createTestApp();
  const member = await createMember(app);
  const model = await createModel(app, { tokenPerMessage: 0 });
  token = member.token;
  conversationId = (await startConversation(app, token, model.user.id))._id;
  for (const text of ['one', 'two', 'three', 'four', 'five']) await sendText(app, token, conversationId, text);
});
afterAll(() => app.close());

const texts = async (query: string) => {
  const res = await app.request('GET', `/api/messages/${conversationId}?${query}`, { token });
  expect(res.status, query).toBe(200);
  return { texts: (res.body.data.items as { text: string }[]).map((m) => m.text), hasMore: res.body.data.hasMore as boolean };
};

it('?page=N&take=M reads the Nth page from the newest, and says whether older ones remain', async () => {
  expect(await texts('page=1&take=2')).toEqual({ texts: ['five', 'four'], hasMore: true });
  expect(await texts('page=2&take=2')).toEqual({ texts: ['three', 'two'], hasMore: true });
  expect(await texts('page=3&take=2')).toEqual({ texts: ['one'], hasMore: false });
  expect(await texts('page=4&take=2')).toEqual({ texts: [], hasMore: false });
  expect(await texts('page=2&limit=3')).toEqual({ texts: ['two', 'one'], hasMore: false });
});

it('a cursor wins over page, and a page or take that is not one is 422 naming it', async () => {
  const newest = await app.request('GET', `/api/messages/${conversationId}?limit=1`, { token });
  const seq = newest.body.data.items[0].seq as number;
  expect((await texts(`before=${seq}&page=3&take=2`)).texts).toEqual(['four', 'three']);
  for (const [query, field] of [
    ['page=0', 'page'],
    ['take=101', 'take'],
    ['page=two', 'page'],
  ] as const) {
    const res = await app.request('GET', `/api/messages/${conversationId}?${query}`, { token });
    expect(res.status, query).toBe(422);
    expect(res.body.details.fields, query).toHaveProperty(field);
  }
});
