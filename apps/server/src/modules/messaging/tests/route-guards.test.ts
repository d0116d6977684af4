import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createModel } from '../../../test-support/factories';
import { createTestApp, type TestApp } from '../../../test-support/harness';
import { send, sendText, startConversation } from './helpers';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const id = randomUUID();
const routes = [
  { method: 'GET', url: '/api/conversation' },
  { method: 'POST', url: '/api/conversation', body: { userId: id } },
  { method: 'GET', url: '/api/conversation/total-unread-message' },
  { method: 'GET', url: `/api/conversation/${id}` },
  { method: 'DELETE', url: `/api/conversation/${id}` },
  { method: 'POST', url: `/api/conversation/${id}/block` },
  { method: 'POST', url: `/api/conversation/${id}/unblock` },
  { method: 'GET', url: `/api/conversation/${id}/recipient` },
  { method: 'POST', url: `/api/conversation/${id}/read` },
  { method: 'GET', url: `/api/messages/${id}` },
  { method: 'POST', url: '/api/messages', body: { conversationId: id, clientId: id, text: 'Hi' } },
  { method: 'DELETE', url: `/api/messages/${id}` },
  { method: 'GET', url: '/api/messages/latest' },
  { method: 'POST', url: '/api/messages/bookmark', body: { messageId: id } },
  { method: 'DELETE', url: `/api/messages/bookmark/${id}` },
  { method: 'GET', url: '/api/messages/bookmark/search' },
];

describe.each(routes)('$method $url', ({ method, url, body }) => {
  it('answers 401 when signed out, even to a bad body', async () => {
    const res = await app.request(method, url, { body: body ? { nonsense: true } : undefined });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHENTICATED');
  });
});

describe("a third member cannot reach another pair's conversation", () => {
  let conversationId: string;
  let messageId: string;
  let bookmarkId: string;
  let stranger: Awaited<ReturnType<typeof createMember>>;
  let alice: Awaited<ReturnType<typeof createMember>>;

  beforeAll(async () => {
    alice = await createMember(app);
    const bob = await createModel(app, { tokenPerMessage: 0 });
    stranger = await createMember(app);
    conversationId = (await startConversation(app, alice.token, bob.user.id))._id;
    messageId = (await sendText(app, alice.token, conversationId, 'Private words'))._id;
    const bookmark = await app.request('POST', '/api/messages/bookmark', { token: alice.token, body: { messageId } });
    expect(bookmark.status).toBe(201);
    bookmarkId = bookmark.body.data._id;
  });

  it.each([
    ['GET', () => `/api/conversation/${conversationId}`],
    ['DELETE', () => `/api/conversation/${conversationId}`],
    ['POST', () => `/api/conversation/${conversationId}/block`],
    ['POST', () => `/api/conversation/${conversationId}/unblock`],
    ['GET', () => `/api/conversation/${conversationId}/recipient`],
    ['POST', () => `/api/conversation/${conversationId}/read`],
    ['GET', () => `/api/messages/${conversationId}`],
    ['DELETE', () => `/api/messages/${messageId}`],
    ['DELETE', () => `/api/messages/bookmark/${bookmarkId}`],
  ])('%s %s answers 404', async (method, url) => {
    const res = await app.request(method, url(), { token: stranger.token });
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('cannot send into it, bookmark its messages, or see them in lists', async () => {
    const sent = await send(app, stranger.token, { conversationId, text: 'Let me in' });
    expect(sent.status).toBe(404);
    const bookmark = await app.request('POST', '/api/messages/bookmark', { token: stranger.token, body: { messageId } });
    expect(bookmark.status).toBe(404);

    const list = await app.request('GET', '/api/conversation', { token: stranger.token });
    expect(list.body.data).toEqual({ items: [], count: 0 });
    const latest = await app.request('GET', '/api/messages/latest', { token: stranger.token });
    expect(latest.body.data).toEqual({ items: [], count: 0 });
    const bookmarks = await app.request('GET', '/api/messages/bookmark/search', { token: stranger.token });
    expect(bookmarks.body.data).toEqual({ items: [], count: 0 });
  });

  it('changed nothing for the pair: the message, the bookmark and the conversation are as they were', async () => {
    const page = await app.request('GET', `/api/messages/${conversationId}`, { token: alice.token });
    expect(page.status).toBe(200);
    expect(page.body.data.items).toMatchObject([{ _id: messageId, text: 'Private words', deletedAt: null, bookmarkId }]);
    const conversation = await app.request('GET', `/api/conversation/${conversationId}`, { token: alice.token });
    expect(conversation.body.data.blockedIds).toEqual([]);
  });
});
